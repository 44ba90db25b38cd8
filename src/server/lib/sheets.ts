import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { csvField } from '../../domain/csv';
import type { ExportFormat } from '../../domain/exports';
import {
  csvCellText,
  type SheetColumn,
  xlsxCellValue,
  xlsxNumberFormat,
} from '../../domain/spreadsheet-cells';

/**
 * One sheet of rows as CSV or XLSX (issue 38 item 5). Cells go through src/domain/spreadsheet-cells.ts,
 * so both formats write the same values and neither runs a formula.
 */

/** RFC 4180 lines with CRLF; cells already neutralised, so only quoting is left (csvField neutralises nothing twice). */
export function sheetCsv<Row>(columns: readonly SheetColumn<Row>[], rows: readonly Row[]): string {
  const lines = new Array<string>(rows.length + 1);
  lines[0] = columns.map((column) => csvField(column.heading)).join(',');
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Row;
    lines[i + 1] = columns.map((column) => quoted(csvCellText(column.kind, column.value(row)))).join(',');
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Quotes a field that holds a comma, a quote or a line break (already neutralised). */
const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/**
 * An XLSX workbook of one sheet, written with exceljs's streaming writer (rows are committed as they
 * are added, no shared-strings table) into a buffer: strings as strings, numbers as numbers, never a formula.
 */
export async function sheetXlsx<Row>(
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: readonly Row[],
): Promise<Buffer> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('end', resolve);
    stream.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column) => {
    const numFmt = xlsxNumberFormat(column.kind);
    return {
      key: column.heading,
      width: Math.min(40, Math.max(10, column.heading.length + 2)),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.addRow(columns.map((column) => column.heading)).commit();
  for (const row of rows) {
    sheet.addRow(columns.map((column) => xlsxCellValue(column.kind, column.value(row)))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}

/** The file's bytes in the format asked for. */
export async function sheetFile<Row>(
  format: ExportFormat,
  sheetName: string,
  columns: readonly SheetColumn<Row>[],
  rows: readonly Row[],
): Promise<string | Buffer> {
  return format === 'csv' ? sheetCsv(columns, rows) : sheetXlsx(sheetName, columns, rows);
}
