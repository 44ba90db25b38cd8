import { contentWidth, fonts, type Pdf, pageBottom } from './document';

export interface TableColumn {
  header: string;
  /** Share of the table width, relative to the other columns. */
  weight: number;
  align?: 'left' | 'right' | 'center';
}

export interface TableOptions {
  columns: readonly TableColumn[];
  rows: ReadonlyArray<readonly string[]>;
  /** Rows drawn in bold under a line after the body (totals). */
  footerRows?: ReadonlyArray<readonly string[]>;
  /** Shown in the body when there are no rows. */
  emptyText?: string;
  fontSize?: number;
}

const padding = 4;
const headerFill = '#E8EDF3';
const stripeFill = '#F7F8FA';

/**
 * A table across the page: a shaded header row, wrapped cell text, light stripes, and the header
 * repeated at the top of every new page, so long lists (thousands of employees) stay readable.
 */
export function drawTable(doc: Pdf, options: TableOptions) {
  const fontSize = options.fontSize ?? 8.5;
  const left = doc.page.margins.left;
  const totalWeight = options.columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = options.columns.map((column) => (contentWidth(doc) * column.weight) / totalWeight);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const tableWidth = widths.reduce((a, b) => a + b, 0);

  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    return (
      Math.max(
        ...cells.map((cell, index) =>
          doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * padding }),
        ),
        fontSize,
      ) +
      2 * padding
    );
  };

  const drawCells = (cells: readonly string[], top: number, font: string) => {
    doc.font(font).fontSize(fontSize).fillColor('black');
    cells.forEach((cell, index) => {
      doc.text(cell, (xs[index] ?? left) + padding, top + padding, {
        width: (widths[index] ?? 0) - 2 * padding,
        align: options.columns[index]?.align ?? 'left',
      });
    });
  };

  const drawHeader = () => {
    const headers = options.columns.map((column) => column.header);
    const height = rowHeight(headers, fonts.bold);
    const top = doc.y;
    doc.rect(left, top, tableWidth, height).fill(headerFill);
    drawCells(headers, top, fonts.bold);
    doc.y = top + height;
  };

  /** Starts a new page (with the header again) when the next row does not fit. */
  const ensureRoom = (height: number, withHeader: boolean) => {
    if (doc.y + height <= pageBottom(doc)) return;
    doc.addPage();
    if (withHeader) drawHeader();
  };

  ensureRoom(3 * (fontSize + 2 * padding), false);
  drawHeader();

  if (options.rows.length === 0 && options.emptyText) {
    const height = rowHeight([options.emptyText], fonts.regular);
    doc
      .font(fonts.regular)
      .fontSize(fontSize)
      .text(options.emptyText, left + padding, doc.y + padding, {
        width: tableWidth - 2 * padding,
        align: 'center',
      });
    doc.y += height - padding;
  }

  options.rows.forEach((row, index) => {
    const height = rowHeight(row, fonts.regular);
    ensureRoom(height, true);
    const top = doc.y;
    if (index % 2 === 1) doc.rect(left, top, tableWidth, height).fill(stripeFill);
    drawCells(row, top, fonts.regular);
    doc.y = top + height;
  });

  if (options.footerRows?.length) {
    const heights = options.footerRows.map((row) => rowHeight(row, fonts.bold));
    ensureRoom(
      heights.reduce((a, b) => a + b, 0),
      true,
    );
    doc
      .moveTo(left, doc.y)
      .lineTo(left + tableWidth, doc.y)
      .lineWidth(0.8)
      .stroke('#333333');
    options.footerRows.forEach((row, index) => {
      const top = doc.y;
      drawCells(row, top, fonts.bold);
      doc.y = top + (heights[index] ?? 0);
    });
  }

  doc.x = left;
  doc.moveDown(0.5);
  doc.font(fonts.regular).fontSize(10);
}
