import { heading, keyValues, renderPdf, sectionTitle } from './document';

/** The KETs as lines already worded (src/domain/kets.ts ketSections): the worker thread loads no zod. */
export interface KetsPdfData {
  companyName: string;
  employeeName: string;
  sections: ReadonlyArray<{ title: string; pairs: ReadonlyArray<readonly [string, string]> }>;
  /** The items the record has no value for, named at the top so no one issues the document unnoticed. */
  missing: readonly string[];
}

/** Key employment terms (Employment Act s.95A), issued within 14 days of the start. */
export function renderKetsPdf(data: KetsPdfData): Promise<Buffer> {
  return renderPdf({ title: `Key employment terms: ${data.employeeName}` }, (doc) => {
    heading(doc, 'Key employment terms', `${data.companyName}, for ${data.employeeName}`);
    if (data.missing.length > 0) {
      doc
        .fillColor('#b00020')
        .text(`Missing: ${data.missing.join(', ')}`)
        .fillColor('black')
        .moveDown(0.6);
    }
    for (const section of data.sections) {
      sectionTitle(doc, section.title);
      keyValues(doc, section.pairs, { labelWidth: 190 });
    }
  });
}
