import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { unneutraliseCell } from '../../../domain/spreadsheet-cells';
import {
  IMPORT_CELL_MAX,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportSheet,
} from '../../../domain/staff-import';
import { badRequest, HttpError } from '../../lib/http-error';

/** A ZIP's first bytes: an XLSX is a ZIP; anything else is read as CSV text. */
const isZip = (body: Buffer) => body.length >= 4 && body.readUInt32LE(0) === 0x04034b50;

export interface ReadSheet extends ImportSheet {
  /** Cells refused as they were read (formulas, too long), by row and heading. */
  cellErrors: ImportError[];
}

/** Reads an upload (CSV or the first sheet of an XLSX) into text cells; refuses an unreadable or empty one. */
export async function readSheet(body: Buffer): Promise<ReadSheet> {
  let table: { line: number; cells: (string | { formula: true })[] }[];
  try {
    table = isZip(body) ? await readXlsx(body) : readCsv(body);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw badRequest(IMPORT_MESSAGES.unreadable, { code: 'IMPORT_UNREADABLE' });
  }
  const [head, ...rest] = table;
  const headings = (head?.cells ?? []).map((cell) => (typeof cell === 'string' ? cell.trim() : ''));
  const cellErrors: ImportError[] = [];
  const rows: ImportSheet['rows'] = [];
  for (const { line, cells } of rest) {
    if (cells.every((cell) => typeof cell === 'string' && cell.trim() === '')) continue;
    rows.push({
      line,
      cells: cells.map((cell, index) => {
        const field = headings[index] || `column ${index + 1}`;
        if (typeof cell !== 'string') {
          cellErrors.push({ row: line, field, message: IMPORT_MESSAGES.formula });
          return '';
        }
        if (cell.length > IMPORT_CELL_MAX) {
          cellErrors.push({ row: line, field, message: IMPORT_MESSAGES.cellTooLong });
          return '';
        }
        if (cell.trimStart().startsWith('=')) {
          cellErrors.push({ row: line, field, message: IMPORT_MESSAGES.formula });
          return '';
        }
        // An apostrophe our own exports put before a formula-like cell is taken off again.
        return unneutraliseCell(cell);
      }),
    });
    if (rows.length > IMPORT_MAX_ROWS)
      throw badRequest(IMPORT_MESSAGES.tooManyRows, { code: 'IMPORT_TOO_LARGE' });
  }
  if (headings.every((heading) => heading === '') || rows.length === 0)
    throw badRequest(IMPORT_MESSAGES.empty, { code: 'IMPORT_EMPTY' });
  return { headings, rows, cellErrors };
}

function readCsv(body: Buffer) {
  const text = body.toString('utf8');
  if (text.includes('\u0000')) throw new Error('binary');
  const records: string[][] = parse(text, {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: false,
    // A row may hold a long cell, which is then named; a runaway quote stops at 1 MB.
    max_record_size: 1024 * 1024,
  });
  return records.map((cells, index) => ({ line: index + 1, cells }));
}

const pad = (n: number) => String(n).padStart(2, '0');
/** exceljs gives a date cell as a Date at UTC midnight of the day typed. */
const isoDay = (date: Date) =>
  `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function cellText(value: ExcelJS.CellValue): string | { formula: true } {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return isoDay(value);
  if ('formula' in value || 'sharedFormula' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return '';
  return '';
}

async function readXlsx(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const table: { line: number; cells: (string | { formula: true })[] }[] = [];
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1)
    throw badRequest(IMPORT_MESSAGES.tooManyRows, { code: 'IMPORT_TOO_LARGE' });
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: (string | { formula: true })[] = [];
    const count = Math.min(row.cellCount, 200);
    for (let index = 1; index <= count; index++) cells.push(cellText(row.getCell(index).value));
    table.push({ line, cells });
  });
  return table;
}
