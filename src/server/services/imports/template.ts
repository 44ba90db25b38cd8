import ExcelJS from 'exceljs';
import { csvLine } from '../../../domain/csv';
import { type ImportFormat, XLSX_TYPE } from '../../../domain/staff-import';

export interface TemplateFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export interface TemplateColumn {
  heading: string;
  required: boolean;
  allowed?: readonly string[];
  explain: string;
}

/**
 * An import template: the headings (CSV), or (XLSX) a first sheet whose cells are text, so a
 * spreadsheet keeps NRICs, dates and codes as typed, and a Columns sheet explaining each column.
 */
export async function templateFile(
  name: string,
  columns: readonly TemplateColumn[],
  format: ImportFormat,
): Promise<TemplateFile> {
  const headings = columns.map((c) => c.heading);
  if (format === 'csv') {
    return {
      body: Buffer.from(`${csvLine(headings)}\r\n`, 'utf8'),
      contentType: 'text/csv; charset=utf-8',
      fileName: `${name}.csv`,
    };
  }
  const workbook = new ExcelJS.Workbook();
  const first = workbook.addWorksheet('Import');
  first.columns = headings.map((heading) => ({
    header: heading,
    key: heading,
    width: Math.max(14, heading.length + 2),
    style: { numFmt: '@' },
  }));
  first.getRow(1).font = { bold: true };
  first.views = [{ state: 'frozen', ySplit: 1 }];
  const explained = workbook.addWorksheet('Columns');
  explained.columns = [
    { header: 'Column', key: 'heading', width: 30 },
    { header: 'Required', key: 'required', width: 10 },
    { header: 'Allowed values', key: 'allowed', width: 60 },
    { header: 'Explanation', key: 'explain', width: 70 },
  ];
  explained.getRow(1).font = { bold: true };
  for (const c of columns)
    explained.addRow({
      heading: c.heading,
      required: c.required ? 'Yes' : 'No',
      allowed: c.allowed?.join(', ') ?? '',
      explain: c.explain,
    });
  explained.addRow({});
  explained.addRow({ heading: 'Dates are written YYYY-MM-DD; amounts in dollars; the first sheet is read.' });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { body, contentType: XLSX_TYPE, fileName: `${name}.xlsx` };
}
