import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync, inflateSync } from 'node:zlib';
import { create, type GlyphRun } from 'fontkit';
import { formatCents } from '../../src/domain/money';
import { heading, renderPdf } from '../../src/server/pdf';
import { composesAmounts, dejaVuSans } from '../../src/server/pdf/fonts';
import { pdfText } from '../support/pdf-text';

const require = createRequire(import.meta.url);
const plain = (name: string) => create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`)));

const summary = (run: GlyphRun) => ({
  glyphs: run.glyphs.map((glyph) => glyph.id),
  positions: run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => [
    xAdvance,
    yAdvance,
    xOffset,
    yOffset,
  ]),
  advanceWidth: run.advanceWidth,
});

describe('PDF fonts', () => {
  const fonts = dejaVuSans();

  it.each([
    ['DejaVuSans', fonts.regular],
    ['DejaVuSans-Bold', fonts.bold],
  ])('%s lays amounts out from their characters exactly as fontkit does', (name, font) => {
    expect(composesAmounts(font)).toBe(true);
    const fontkit = plain(name);
    const characters = '0123456789,.-';
    const texts = [
      ...[...characters].flatMap((a) =>
        [...characters].flatMap((b) => [...characters].map((c) => a + b + c)),
      ),
      ...Array.from({ length: 3000 }, (_, i) =>
        formatCents(((i * 7_919_993) % 2_000_000_000) - 1_000_000 * (i % 3)),
      ),
    ];
    for (const text of texts) expect(summary(font.layout(text)), text).toEqual(summary(fontkit.layout(text)));
  });

  it('are parsed for each document: a glyph met inside another (omicron is drawn from o) keeps its text later', async () => {
    const first = await renderPdf({ title: 'First' }, (doc) => {
      heading(doc, 'Σοφία Иванова');
    });
    expect((await pdfText(first)).text).toContain('Σοφία Иванова');
    const second = await renderPdf({ title: 'Second' }, (doc) => {
      heading(doc, 'No results for Tom');
    });
    expect((await pdfText(second)).text).toContain('No results for Tom');
  });

  it('embed the same font program in documents of the same characters, and the right one in others', async () => {
    // The embedded font file (FontFile2) of each font, as the PDF holds it (a compressed stream).
    const fontFiles = (pdf: Buffer) =>
      [...pdf.toString('latin1').matchAll(/\/FontFile2 (\d+) 0 R/g)].map((match) => {
        const start = pdf.indexOf(`\n${match[1]} 0 obj`);
        return pdf
          .subarray(start, pdf.indexOf('endobj', start))
          .toString('latin1')
          .replace(/^\n\d+/, '');
      });
    const draw = (name: string) =>
      renderPdf({ title: name }, (doc) => {
        heading(doc, name);
        doc.text('Net payable 4,321.09');
      });
    const [tan, lim, sofia, tanAgain] = [
      await draw('Tan Wei Ming'),
      await draw('Lim Mei Ling'),
      await draw('Σοφία Nguyễn'),
      await draw('Tan Wei Ming'),
    ];
    expect(fontFiles(tan)).toHaveLength(2);
    expect(fontFiles(lim)).toEqual(fontFiles(tan));
    expect(fontFiles(sofia)).not.toEqual(fontFiles(tan));
    expect(fontFiles(tanAgain)).toEqual(fontFiles(tan));
    for (const [pdf, name] of [
      [tan, 'Tan Wei Ming'],
      [lim, 'Lim Mei Ling'],
      [sofia, 'Σοφία Nguyễn'],
      [tanAgain, 'Tan Wei Ming'],
    ] as const) {
      const { text } = await pdfText(pdf);
      expect(text).toContain(name);
      expect(text).toContain('Net payable 4,321.09');
    }
  });

  it('write each embedded font file as one zlib stream of a TrueType subset, as pdfkit compresses streams', async () => {
    const draw = () =>
      renderPdf({ title: 'Streams' }, (doc) => {
        heading(doc, 'Tan Wei Ming');
        doc.text('Net payable 4,321.09');
      });
    // The second document's font files come from the subsets the first one encoded.
    for (const pdf of [await draw(), await draw()]) {
      const numbers = [...pdf.toString('latin1').matchAll(/\/FontFile2 (\d+) 0 R/g)].map((m) => m[1]);
      expect(numbers).toHaveLength(2);
      for (const number of numbers) {
        const start = pdf.indexOf(`\n${number} 0 obj`);
        const dictionary = pdf.subarray(start, pdf.indexOf('stream\n', start)).toString('latin1');
        expect(dictionary).toMatch(/\/Filter \/FlateDecode/);
        const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1]);
        const from = pdf.indexOf('stream\n', start) + 'stream\n'.length;
        const stream = pdf.subarray(from, from + length);
        expect(pdf.subarray(from + length, from + length + '\nendstream'.length).toString()).toBe(
          '\nendstream',
        );
        const font = inflateSync(stream);
        expect(deflateSync(font)).toEqual(stream);
        const parsed = create(font) as unknown as { numGlyphs: number };
        expect(parsed.numGlyphs).toBeGreaterThan(60);
      }
      expect((await pdfText(pdf)).text).toContain('Net payable 4,321.09');
    }
  });

  it('leave other text to fontkit: kerning, ligatures and other scripts', () => {
    const fontkit = plain('DejaVuSans');
    for (const text of [
      'AVAWAY To',
      'office fl',
      'Σοφία Иванова',
      'محمد عبد الله',
      'e\u0301',
      '1,234.56 ',
      'S$1',
    ]) {
      expect(summary(fonts.regular.layout(text)), text).toEqual(summary(fontkit.layout(text)));
    }
  });
});
