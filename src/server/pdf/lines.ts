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
  // pdfkit puts the top of the line (its ascender) at y.
  const rise = (font.ascender / 1000) * size;
  const content: string[] = [`q\n1 0 0 -1 0 ${number(page.height)} cm\nBT\n/${font.id} ${number(size)} Tf`];
  for (const line of lines) {
    if (line.text.length > 0)
      appendLine(content, font, size / 1000, line.text, line.x, page.height - line.y - rise);
  }
  content.push('ET\nQ');
  doc.addContent(content.join('\n'));
}

/**
 * The operators of one line, as pdfkit's text writes them: runs of glyphs, each followed by the
 * adjustment (kerning) after its last glyph, and a glyph placed off its advance (a combining mark)
 * positioned on its own. x and y are the baseline's start in PDF coordinates.
 */
function appendLine(content: string[], font: PdfkitFont, scale: number, text: string, x: number, y: number) {
  const [encoded, positions] = font.encode(text);
  content.push(`1 0 0 1 ${number(x)} ${number(y)} Tm`);
  let segments = '';
  let last = 0;
  let hadOffset = false;
  let index = 0;
  for (; index < positions.length; index += 1) {
    const position = positions[index] as GlyphPlacement;
    if (position.xOffset || position.yOffset) {
      segments = withSegment(segments, encoded, positions, last, index);
      if (segments) content.push(`[${segments}] TJ`);
      content.push(
        `1 0 0 1 ${number(x + position.xOffset * scale)} ${number(y + position.yOffset * scale)} Tm`,
      );
      segments = withSegment('', encoded, positions, index, index + 1);
      content.push(`[${segments}] TJ`);
      segments = '';
      last = index + 1;
      hadOffset = true;
    } else {
      if (hadOffset) {
        content.push(`1 0 0 1 ${number(x)} ${number(y)} Tm`);
        hadOffset = false;
      }
      if (position.xAdvance - position.advanceWidth !== 0) {
        segments = withSegment(segments, encoded, positions, last, index + 1);
        last = index + 1;
      }
    }
    x += position.xAdvance * scale;
  }
  segments = withSegment(segments, encoded, positions, last, index);
  if (segments) content.push(`[${segments}] TJ`);
}

/** The TJ array so far with the glyphs from..to (exclusive) and the adjustment after them. */
function withSegment(
  segments: string,
  encoded: readonly string[],
  positions: readonly GlyphPlacement[],
  from: number,
  to: number,
): string {
  if (from >= to) return segments;
  const position = positions[to - 1] as GlyphPlacement;
  const segment = `<${encoded.slice(from, to).join('')}> ${number(-(position.xAdvance - position.advanceWidth))}`;
  return segments ? `${segments} ${segment}` : segment;
}
