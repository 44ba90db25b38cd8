import { heading, keyValues, renderPdf, sectionTitle } from './document';
import { drawTable } from './table';

/** The IR21 as lines already worded (src/domain/ir21.ts): the worker thread loads no zod. */
export interface Ir21PdfData {
  employeeName: string;
  year: number;
  sections: ReadonlyArray<{ title: string; pairs: ReadonlyArray<readonly [string, string]> }>;
  /** The income's column headings (the year of leaving first) and its lines, amounts in dollars. */
  years: readonly string[];
  income: ReadonlyArray<readonly string[]>;
}

/** Form IR21 (IRAS tax clearance of a foreign employee who leaves): particulars, then income by IR8A item. */
export function renderIr21Pdf(data: Ir21PdfData): Promise<Buffer> {
  return renderPdf({ title: `IR21 ${data.year}: ${data.employeeName}` }, (doc) => {
    heading(doc, 'IR21 tax clearance', `${data.employeeName}, year of cessation ${data.year}`);
    for (const section of data.sections) {
      sectionTitle(doc, section.title);
      keyValues(doc, section.pairs, { labelWidth: 190 });
    }
    sectionTitle(doc, 'Income by IR8A item ($)', 60);
    drawTable(doc, {
      columns: [
        { header: 'Item', weight: 3 },
        ...data.years.map((header) => ({ header, weight: 1.2, align: 'right' as const })),
      ],
      rows: data.income,
      emptyText: 'No payslip processed.',
    });
  });
}
