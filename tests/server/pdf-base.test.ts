import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import {
  drawTable,
  fonts,
  heading,
  keyValues,
  type Pdf,
  renderPdf,
  sectionTitle,
} from '../../src/server/pdf';
import { writeLines } from '../../src/server/pdf/lines';
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

  it('wraps a cell too long for its column and keeps short ones on one line, amounts flush right', async () => {
    const long = 'Muhammad Abdul Rahman bin Mohamed Ismail Al-Haj Sulaiman Iskandar Shah';
    const bytes = await renderPdf({ title: 'Wrapping' }, (doc) => {
      drawTable(doc, {
        columns: [
          { header: 'Employee', weight: 2 },
          { header: 'Net Pay', weight: 1, align: 'right' },
        ],
        rows: [
          ['Tan Wei Ming', '1,234.56'],
          [long, '-80.00'],
          ['Line one\nLine two', '7.00'],
          ['Σοφία Иванова', '12,345,678.90'],
        ],
      });
    });
    const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
    const items = (await (await pdf.getPage(1)).getTextContent()).items.flatMap((item) =>
      'str' in item && item.str.trim() !== ''
        ? [
            {
              text: item.str,
              x: item.transform[4] as number,
              y: item.transform[5] as number,
              width: item.width,
            },
          ]
        : [],
    );
    await pdf.destroy();
    const at = (text: string) => {
      const found = items.find((item) => item.text === text);
      if (!found) throw new Error(`${text} not drawn: ${items.map((item) => item.text).join(' | ')}`);
      return found;
    };
    // The long name takes two lines in its column, beginning on the line of its amount.
    const longLines = items.filter((item) => long.startsWith(item.text) || long.endsWith(item.text));
    expect(longLines).toHaveLength(2);
    expect(longLines.map((item) => item.text).join(' ')).toBe(long);
    expect(longLines[0]?.y).toBeCloseTo(at('-80.00').y, 1);
    expect(at('Line one').y).toBeGreaterThan(at('Line two').y);
    expect(at('Line one').y).toBeCloseTo(at('7.00').y, 1);
    // Amounts end at the same right edge, names start at the same left edge.
    const rights = ['1,234.56', '-80.00', '7.00', '12,345,678.90'].map((text) => at(text).x + at(text).width);
    for (const right of rights) expect(right).toBeCloseTo(rights[0] ?? 0, 1);
    for (const text of ['Tan Wei Ming', 'Σοφία Иванова', 'Line one'])
      expect(at(text).x).toBeCloseTo(at('Employee').x, 1);
    // A row of one line is as tall as the header row; a row of two, one line taller.
    const step = at('Employee').y - at('Tan Wei Ming').y;
    const line = (longLines[0]?.y ?? 0) - (longLines[1]?.y ?? 0);
    expect(line).toBeGreaterThan(8);
    expect(at('Tan Wei Ming').y - (longLines[0]?.y ?? 0)).toBeCloseTo(step, 1);
    expect((longLines[0]?.y ?? 0) - at('Line one').y).toBeCloseTo(step + line, 1);
    expect(at('Line one').y - at('Σοφία Иванова').y).toBeCloseTo(step + line, 1);
  });

  it('writes lines as doc.text writes them: same glyphs, same places', async () => {
    const texts = [
      'Tan Wei Ming',
      'AVAWAY To office',
      '1,234.56',
      'Σοφία Иванова',
      'e\u0301te\u0301',
      'q\u0301x\u0323',
      'محمد',
      ' spaced  out ',
    ];
    const draw = (write: (doc: Pdf, text: string, x: number, y: number) => void) =>
      renderPdf({ title: 'Lines' }, (doc) => {
        for (const font of [fonts.regular, fonts.bold]) {
          doc.font(font).fontSize(8.5).fillColor('black');
          texts.forEach((text, index) => {
            write(doc, text, 40 + index * 3.3, 60 + index * 17.1 + (font === fonts.bold ? 200 : 0));
          });
        }
      });
    const placed = async (bytes: Uint8Array) => {
      const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
      const items = (await (await pdf.getPage(1)).getTextContent()).items.flatMap((item) =>
        'str' in item
          ? [
              {
                text: item.str,
                transform: item.transform,
                width: item.width,
                font: item.fontName.replace(/^g_d\d+_/, ''),
              },
            ]
          : [],
      );
      await pdf.destroy();
      return items;
    };
    const byText = await placed(await draw((doc, text, x, y) => doc.text(text, x, y, { lineBreak: false })));
    const byLines = await placed(await draw((doc, text, x, y) => writeLines(doc, [{ text, x, y }])));
    expect(byLines.length).toBeGreaterThanOrEqual(texts.length * 2);
    expect(byLines).toEqual(byText);
  });

  it('says so when a table has no rows', async () => {
    const bytes = await renderPdf({ title: 'Empty' }, (doc) => {
      drawTable(doc, { columns: [{ header: 'Employee', weight: 1 }], rows: [], emptyText: 'No results.' });
    });
    expect((await pdfText(bytes)).text).toContain('No results.');
  });
});
