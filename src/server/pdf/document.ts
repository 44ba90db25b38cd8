import PDFDocument from 'pdfkit';
import { deflatedSubset, dejaVuSans } from './fonts';

/**
 * The one way the server draws a PDF (payslips, tables, leave balances): A4, an embedded Unicode
 * font (DejaVu Sans, ./fonts) so names in any script print, and a Buffer at the end. pdfkit's
 * built-in Helvetica knows only Latin-1.
 */

export const fonts = {
  regular: 'body',
  bold: 'body-bold',
} as const;

export const pageMargin = 40;

/** Letters, digits and the punctuation of names, dates and amounts: what nearly every document prints. */
const COMMON_CHARACTERS = " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.,-:/()&'@#%+";

export type Pdf = PDFKit.PDFDocument;

export interface PdfOptions {
  /** The document title in the PDF's properties (shown by viewers in the tab). */
  title: string;
  layout?: 'portrait' | 'landscape';
  /**
   * A password to open the document (an e-mailed payslip, issue 34): pdfkit's own encryption, AES-256
   * (PDF 1.7 extension level 3). The owner password, which lifts the permissions, is a random secret.
   */
  protection?: { userPassword: string; ownerPassword: string };
}

/** What a protected document's reader may do: read and print it; not change it. */
const PROTECTED_PERMISSIONS: PDFKit.DocumentPermissions = {
  printing: 'highResolution',
  modifying: false,
  copying: false,
  annotating: false,
  fillingForms: false,
  contentAccessibility: true,
  documentAssembly: false,
};

function createPdf(options: PdfOptions, bufferPages = true): Pdf {
  const doc = new PDFDocument({
    // No default font: pdfkit's, Helvetica, had its metrics parsed for every document; ours is set below.
    font: '',
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: pageMargin,
    info: { Title: options.title, Creator: 'HR', Producer: 'HR' },
    // Keeps pages open so footers (page numbers) can be written at the end; streamPdf writes each
    // page's footer before the next page, so that finished pages leave memory.
    bufferPages,
    // ./fonts remembers the words it lays out, without keeping every amount of a long table.
    fontLayoutCache: false,
    ...(options.protection && {
      userPassword: options.protection.userPassword,
      ownerPassword: options.protection.ownerPassword,
      permissions: PROTECTED_PERMISSIONS,
      pdfVersion: '1.7ext3' as const,
    }),
  });
  // pdfkit takes parsed fontkit fonts (its types know only files and bytes).
  const dejaVu = dejaVuSans() as unknown as Record<'regular' | 'bold', PDFKit.Mixins.PDFFontSource>;
  doc.registerFont(fonts.regular, dejaVu.regular);
  doc.registerFont(fonts.bold, dejaVu.bold);
  // Each font's subset starts with the same characters in every document, so that most documents
  // embed the same subsets, which ./fonts encodes once (pdfkit's font object adds glyphs to its
  // subset as it encodes text; nothing is drawn).
  for (const name of [fonts.bold, fonts.regular]) {
    doc.font(name);
    (doc as unknown as { _font: { encode(text: string): unknown } })._font.encode(COMMON_CHARACTERS);
  }
  doc.fontSize(10);
  writeRememberedFontFilesCompressed(doc);
  return doc;
}

/** The part of pdfkit's stream objects (doc.ref) used here, which its types do not declare. */
interface PdfStream {
  data: Record<string, unknown>;
  compress: boolean;
  write(chunk: Uint8Array): void;
  end(chunk?: Uint8Array): void;
  finalize(): void;
}

/**
 * pdfkit embeds a font by ending a new stream object with the subset's bytes, which it then
 * compresses. Bytes ./fonts remembers get their compressed stream from there instead, written as
 * pdfkit would write it: the same dictionary, in the same order, and the same bytes.
 */
function writeRememberedFontFilesCompressed(doc: Pdf) {
  const target = doc as unknown as { ref(data?: object): PdfStream };
  const ref = target.ref.bind(target);
  target.ref = (data) => {
    const stream = ref(data);
    const end = stream.end.bind(stream);
    stream.end = (chunk) => {
      const compressed = chunk instanceof Uint8Array ? deflatedSubset(chunk) : undefined;
      if (!compressed || !stream.compress) return end(chunk);
      stream.compress = false;
      stream.write(compressed);
      stream.data.Filter = 'FlateDecode';
      stream.finalize();
    };
    return stream;
  };
}

/** Draws a document and returns its bytes; page numbers are added to every page. */
export async function renderPdf(options: PdfOptions, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = createPdf(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  numberPages(doc);
  doc.end();
  return done;
}

function numberPages(doc: Pdf) {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    pageNumber(doc, i + 1, range.count);
  }
  doc.fillColor('black');
}

/** The footer 'Page n of count' on the current page. */
function pageNumber(doc: Pdf, number: number, count: number) {
  const bottom = doc.page.height - pageMargin + 12;
  // Writing below the bottom margin would add a page; lift the margin while writing the footer.
  const margin = doc.page.margins.bottom;
  doc.page.margins.bottom = 0;
  const label = `Page ${number} of ${count}`;
  doc.font(fonts.regular).fontSize(8).fillColor('#666666');
  // Flush right, where text() with the content width and align: 'right' puts it, without its line
  // wrapping (which measures word by word, on every page).
  const lineWidth = (contentWidth(doc) * 100) / 100;
  doc.text(label, pageMargin + (lineWidth - doc.widthOfString(label)), bottom, { lineBreak: false });
  doc.page.margins.bottom = margin;
}

/** pdfkit's current font and position, which a footer written mid-text must give back. */
interface TextState {
  _font: unknown;
  _fontSize: number;
  x: number;
  y: number;
}

/**
 * Draws a large document straight into `output` (a file), page by page, without holding it: each
 * page gets its footer ('Page n of pages', as renderPdf numbers them) before the next one starts, and
 * pdfkit then writes it out. `pages` is the count the caller lays out (one page per form); a page
 * beyond it still gets its number. `draw` yields (awaits) between parts so the file stream drains.
 */
export async function streamPdf(
  options: PdfOptions & { pages: number },
  output: NodeJS.WritableStream,
  draw: (doc: Pdf) => Promise<void>,
): Promise<void> {
  const doc = createPdf(options, false);
  let page = 1;
  const footer = () => {
    if (options.pages < 2 && page < 2) return;
    const state = doc as unknown as TextState;
    const saved = { _font: state._font, _fontSize: state._fontSize, x: state.x, y: state.y };
    pageNumber(doc, page, Math.max(options.pages, page));
    doc.fillColor('black');
    Object.assign(state, saved);
  };
  const addPage = doc.addPage.bind(doc);
  doc.addPage = (pageOptions) => {
    footer();
    page += 1;
    return addPage(pageOptions);
  };
  const written = new Promise<void>((resolve, reject) => {
    output.on('finish', resolve);
    output.on('error', reject);
    doc.on('error', reject);
  });
  doc.pipe(output);
  await draw(doc);
  footer();
  doc.end();
  await written;
}

/** Width between the left and right margins of the current page. */
export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

/** Lowest y a line may start at before a new page is needed. */
export const pageBottom = (doc: Pdf) => doc.page.height - doc.page.margins.bottom;

/** A document heading with an optional line of smaller text under it. */
export function heading(doc: Pdf, title: string, subtitle?: string) {
  doc
    .font(fonts.bold)
    .fontSize(16)
    .text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  if (subtitle) doc.font(fonts.regular).fontSize(10).fillColor('#444444').text(subtitle).fillColor('black');
  doc.moveDown(0.8);
  doc.font(fonts.regular).fontSize(10);
}

/** A section title inside a document. */
export function sectionTitle(doc: Pdf, title: string, keepWith = 0) {
  // The title stays with what follows it: at least a line, or `keepWith` points of it when that fits a page.
  const following = keepWith < pageBottom(doc) - doc.page.margins.top - 40 ? keepWith : 0;
  if (doc.y + 40 + following > pageBottom(doc)) doc.addPage();
  doc.moveDown(0.4);
  doc
    .font(fonts.bold)
    .fontSize(11)
    .text(title, doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.moveDown(0.2);
  doc.font(fonts.regular).fontSize(10);
}

/**
 * Label and value pairs laid out in columns (employee details, period and pay date...). Each
 * label is written in bold, its value beside it.
 */
/** How the pairs are laid out: the columns, the label's width and each row's height. */
function keyValuesLayout(
  doc: Pdf,
  pairs: ReadonlyArray<readonly [string, string]>,
  options: { columns?: number; labelWidth?: number },
) {
  const columns = options.columns ?? 2;
  const columnWidth = contentWidth(doc) / columns;
  const labelWidth = Math.min(options.labelWidth ?? 110, columnWidth * 0.6);
  const rows: Array<{ pairs: ReadonlyArray<readonly [string, string]>; height: number }> = [];
  for (let start = 0; start < pairs.length; start += columns) {
    const row = pairs.slice(start, start + columns);
    const height = Math.max(
      ...row.flatMap(([label, value]) => [
        doc
          .font(fonts.bold)
          .fontSize(9)
          .heightOfString(label, { width: labelWidth - 6 }),
        doc
          .font(fonts.regular)
          .fontSize(9)
          .heightOfString(value, { width: columnWidth - labelWidth - 8 }),
      ]),
    );
    rows.push({ pairs: row, height });
  }
  return { columnWidth, labelWidth, rows };
}

/** The height the pairs take, to keep a block (with its title) on one page. */
export function keyValuesHeight(
  doc: Pdf,
  pairs: ReadonlyArray<readonly [string, string]>,
  options: { columns?: number; labelWidth?: number } = {},
): number {
  return keyValuesLayout(doc, pairs, options).rows.reduce((sum, row) => sum + row.height + 3, 0);
}

export function keyValues(
  doc: Pdf,
  pairs: ReadonlyArray<readonly [string, string]>,
  options: { columns?: number; labelWidth?: number } = {},
) {
  const left = doc.page.margins.left;
  const { columnWidth, labelWidth, rows } = keyValuesLayout(doc, pairs, options);
  for (const row of rows) {
    // A row that does not fit goes whole to a new page: otherwise pdfkit breaks the page inside each
    // text, and every label and value of the row lands on a page of its own.
    if (doc.y + row.height > pageBottom(doc)) doc.addPage();
    const top = doc.y;
    let bottom = top;
    row.pairs.forEach(([label, value], index) => {
      const x = left + index * columnWidth;
      doc
        .font(fonts.bold)
        .fontSize(9)
        .text(label, x, top, { width: labelWidth - 6 });
      bottom = Math.max(bottom, doc.y);
      doc
        .font(fonts.regular)
        .fontSize(9)
        .text(value, x + labelWidth, top, { width: columnWidth - labelWidth - 8 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 3;
  }
  doc.x = left;
  doc.font(fonts.regular).fontSize(10);
}
