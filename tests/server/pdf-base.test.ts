import { drawTable, heading, keyValues, renderPdf, sectionTitle } from '../../src/server/pdf';
import { pdfText } from '../support/pdf-text';

describe('PDF base', () => {
  it('writes an A4 document whose text, in any script, reads back', async () => {
    const bytes = await renderPdf({ title: 'Sample' }, (doc) => {
      heading(doc, 'Payslip', 'March 2026');
      keyValues(doc, [
        ['Employee', 'Nur Aisyah Binti Rahman'],
        ['Former name', 'Müller-Ødegård'],
        ['Alias', 'Σοφία Иванова'],
        ['Pay date', '31/03/2026'],
      ]);
      sectionTitle(doc, 'Earnings');
    });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages, info } = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    expect(info.Title).toBe('Sample');
    expect(text).toContain('Payslip');
    expect(text).toContain('Employee Nur Aisyah Binti Rahman');
    expect(text).toContain('Müller-Ødegård');
    expect(text).toContain('Σοφία Иванова');
    expect(text).toContain('Earnings');
  });

  it('draws a table whose header repeats on every page, with totals after the rows', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`Employee ${i + 1}`, `${(i + 1) * 10}.00`]);
    const bytes = await renderPdf({ title: 'Table' }, (doc) => {
      heading(doc, 'Processed List');
      drawTable(doc, {
        columns: [
          { header: 'Employee', weight: 3 },
          { header: 'Net Pay', weight: 1, align: 'right' },
        ],
        rows,
        footerRows: [['Total', '72,600.00']],
      });
    });
    const { pages } = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) expect(page).toContain('Employee Net Pay');
    const all = pages.join('\n');
    for (const [name, amount] of rows) expect(all).toContain(`${name} ${amount}`);
    expect(pages.at(-1)).toContain('Total 72,600.00');
    expect(pages.at(-1)).toContain(`Page ${pages.length} of ${pages.length}`);
  });

  it('says so when a table has no rows', async () => {
    const bytes = await renderPdf({ title: 'Empty' }, (doc) => {
      drawTable(doc, { columns: [{ header: 'Employee', weight: 1 }], rows: [], emptyText: 'No results.' });
    });
    expect((await pdfText(bytes)).text).toContain('No results.');
  });
});
