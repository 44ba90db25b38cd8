export {
  contentWidth,
  fonts,
  heading,
  keyValues,
  type Pdf,
  type PdfOptions,
  pageBottom,
  pageMargin,
  renderPdf,
  sectionTitle,
} from './document';
export { drawTable, type TableColumn, type TableOptions } from './table';
