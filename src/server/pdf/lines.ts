import type { Pdf } from './document';

/**
 * Single lines of text written into the page as pdfkit's `doc.text(text, x, y, { lineBreak: false })`
 * writes them, in the current font, size and colour, with the same glyphs at the same positions,
 * but many lines in one text object and one write.
 *
 * pdfkit wraps every text call in its own graphics state and text object (nine content operators),
 * each written to the page as a separate small byte array that the page keeps until the document
 * ends (it keeps every page open for the page numbers). For a 7,000-row table that is some 440,000
 * arrays held to the end, and the garbage collector spent a third of the drawing time on them.
 *
 * It uses pdfkit's current font object (`doc._font`: its `encode` gives the glyph codes and
 * positions, and adds the glyphs to the embedded subset), which pdfkit's types do not declare.
 */

/** The part of pdfkit's current font that the lines use. */
interface PdfkitFont {
  id: string;
  ascender: number;
  encode(text: string): [string[], GlyphPlacement[]];
  ref(): unknown;
}

interface GlyphPlacement {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** A line: its text, its left edge and its top, as doc.text takes them. */
export interface Line {
  text: string;
  x: number;
  y: number;
}

/** Numbers as pdfkit writes them in content: rounded to a millionth. */
const number = (value: number) => Math.round(value * 1e6) / 1e6;

/** Writes the lines in the document's current font, size and fill colour. */
export function writeLines(doc: Pdf, lines: readonly Line[]) {
  if (lines.length === 0) return;
  const font = (doc as unknown as { _font: PdfkitFont })._font;
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const page = doc.page;
  if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
  const scale = size / 1000;
  // pdfkit puts the top of the line (its ascender) at y.
  const rise = (font.ascender / 1000) * size;
  const content: string[] = [`q\n1 0 0 -1 0 ${number(page.height)} cm\nBT\n/${font.id} ${number(size)} Tf`];
  for (const line of lines) {
    if (line.text.length === 0) continue;
    const [encoded, positions] = font.encode(line.text);
    let x = line.x;
    const y = page.height - line.y - rise;
    content.push(`1 0 0 1 ${number(x)} ${number(y)} Tm`);
    // As pdfkit's text: runs of glyphs, each followed by the adjustment (kerning) after its last
    // glyph, and a glyph placed off its advance (a combining mark) positioned on its own.
    const segments: string[] = [];
    let last = 0;
    let hadOffset = false;
    const addSegment = (end: number) => {
      if (last < end) {
        const position = positions[end - 1];
        const adjustment = position ? position.xAdvance - position.advanceWidth : 0;
        segments.push(`<${encoded.slice(last, end).join('')}> ${number(-adjustment)}`);
      }
      last = end;
    };
    const flush = (end: number) => {
      addSegment(end);
      if (segments.length > 0) {
        content.push(`[${segments.join(' ')}] TJ`);
        segments.length = 0;
      }
    };
    let index = 0;
    for (; index < positions.length; index += 1) {
      const position = positions[index] as GlyphPlacement;
      if (position.xOffset || position.yOffset) {
        flush(index);
        content.push(
          `1 0 0 1 ${number(x + position.xOffset * scale)} ${number(y + position.yOffset * scale)} Tm`,
        );
        flush(index + 1);
        hadOffset = true;
      } else {
        if (hadOffset) {
          content.push(`1 0 0 1 ${number(x)} ${number(y)} Tm`);
          hadOffset = false;
        }
        if (position.xAdvance - position.advanceWidth !== 0) addSegment(index + 1);
      }
      x += position.xAdvance * scale;
    }
    flush(index);
  }
  content.push('ET\nQ');
  doc.addContent(content.join('\n'));
}
