import { contentWidth, fonts, type Pdf, pageBottom } from './document';
import { type Line, writeLines } from './lines';

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
 * Characters after which pdfkit's line wrapping must start a new line, and the soft hyphen it may
 * turn into a hyphen: a cell holding one goes through the wrapping.
 */
const breaksLine = /[\n\v\f\r\u0085\u00AD\u2028\u2029]/;

/**
 * A table across the page: a shaded header row, wrapped cell text, light stripes, and the header
 * repeated at the top of every new page, so long lists (thousands of employees) stay readable.
 *
 * Most cells hold one short line (a name, an amount). Those are measured once per distinct text and
 * font, and a row's are written at once (./lines) where pdfkit's wrapping would put them, without
 * the wrapping (it breaks every text into words and measures each). A cell whose text comes near its
 * width (within half the font size, more than kerning across a break can change), or has a line
 * break or a soft hyphen, is wrapped by pdfkit as before.
 */
export function drawTable(doc: Pdf, options: TableOptions) {
  const fontSize = options.fontSize ?? 8.5;
  const left = doc.page.margins.left;
  const totalWeight = options.columns.reduce((sum, column) => sum + column.weight, 0);
  const widths = options.columns.map((column) => (contentWidth(doc) * column.weight) / totalWeight);
  const xs = widths.map((_, index) => left + widths.slice(0, index).reduce((a, b) => a + b, 0));
  const tableWidth = widths.reduce((a, b) => a + b, 0);
  // The width pdfkit's wrapping gives a line of text in each column (it scales by 100/100).
  const lineWidths = widths.map((width) => ((width - 2 * padding) * 100) / 100);
  const aligns = options.columns.map((column) => column.align ?? 'left');

  /** Text widths in each font at the table's size, measured once per distinct text. */
  const measured = new Map<string, Map<string, number>>();
  const widthOf = (font: string, text: string) => {
    let known = measured.get(font);
    if (!known) {
      known = new Map();
      measured.set(font, known);
    }
    let width = known.get(text);
    if (width === undefined) {
      width = doc.widthOfString(text);
      known.set(text, width);
    }
    return width;
  };
  /** Whether a cell is drawn on one line without pdfkit's wrapping (the font set beforehand). */
  const oneLine = (cell: string, index: number, font: string) =>
    aligns[index] !== 'center' &&
    !breaksLine.test(cell) &&
    widthOf(font, cell) + fontSize / 2 <= (lineWidths[index] ?? 0);

  const rowHeight = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    let height = fontSize;
    cells.forEach((cell, index) => {
      if (cell === '') return;
      const cellHeight = oneLine(cell, index, font)
        ? // What heightOfString answers for one line.
          doc.y + doc.currentLineHeight(true) - doc.y
        : doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * padding });
      if (cellHeight > height) height = cellHeight;
    });
    return height + 2 * padding;
  };

  const drawCells = (cells: readonly string[], top: number, font: string) => {
    doc.font(font).fontSize(fontSize).fillColor('black');
    const lines: Line[] = [];
    cells.forEach((cell, index) => {
      const x = (xs[index] ?? left) + padding;
      if (cell === '') return;
      if (oneLine(cell, index, font)) {
        const shift =
          aligns[index] === 'right' ? (lineWidths[index] ?? 0) - widthOf(font, cell.replace(/\s+$/, '')) : 0;
        lines.push({ text: cell, x: x + shift, y: top + padding });
      } else {
        doc.text(cell, x, top + padding, { width: (widths[index] ?? 0) - 2 * padding, align: aligns[index] });
      }
    });
    writeLines(doc, lines);
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
