import ExcelJS from 'exceljs';
import { csvLine } from '../../../domain/csv';
import {
  type ImportFormat,
  LEAVE_COLUMN_EXPLAIN,
  type LeaveColumn,
  STAFF_COLUMNS,
  XLSX_TYPE,
} from '../../../domain/staff-import';

export interface TemplateFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** The staff template's headings: STAFF_COLUMNS, then one column per leave type with an allowance. */
export const staffHeadings = (leave: readonly LeaveColumn[]) => [
  ...STAFF_COLUMNS.map((c) => c.heading),
  ...leave.map((c) => c.heading),
];

/**
 * GET /imports/staff/template: the headings (CSV), or (XLSX) a Staff sheet whose cells are text, so a
 * spreadsheet keeps NRICs, dates and codes as typed, and a Columns sheet explaining each column.
 */
export async function staffTemplate(
  leave: readonly LeaveColumn[],
  format: ImportFormat,
): Promise<TemplateFile> {
  const headings = staffHeadings(leave);
  if (format === 'csv') {
    return {
      body: Buffer.from(`${csvLine(headings)}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'staff-import.csv',
    };
  }
  const workbook = new ExcelJS.Workbook();
  const staff = workbook.addWorksheet('Staff');
  staff.columns = headings.map((heading) => ({
    header: heading,
    key: heading,
    width: Math.max(14, heading.length + 2),
    style: { numFmt: '@' },
  }));
  staff.getRow(1).font = { bold: true };
  staff.views = [{ state: 'frozen', ySplit: 1 }];
  const columns = workbook.addWorksheet('Columns');
  columns.columns = [
    { header: 'Column', key: 'heading', width: 30 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Allowed values', key: 'allowed', width: 60 },
    { header: 'Explanation', key: 'explain', width: 70 },
  ];
  columns.getRow(1).font = { bold: true };
  for (const c of STAFF_COLUMNS)
    columns.addRow({
      heading: c.heading,
      required: c.required ? 'Yes' : 'No',
      allowed: c.allowed?.join(', ') ?? '',
      explain: c.explain,
    });
  for (const c of leave)
    columns.addRow({ heading: c.heading, required: 'Yes', allowed: '', explain: LEAVE_COLUMN_EXPLAIN });
  columns.addRow({});
  columns.addRow({ heading: 'Dates are written YYYY-MM-DD; amounts in dollars; the first sheet is read.' });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, contentType: XLSX_TYPE, fileName: 'staff-import.xlsx' };
}
