import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { create, type Font, type Glyph, type GlyphPosition, type GlyphRun } from 'fontkit';

/**
 * The PDFs' font, DejaVu Sans (free licence, from the dejavu-fonts-ttf package), read once per
 * thread and handed to pdfkit parsed (pdfkit accepts fontkit fonts).
 *
 * pdfkit lays text out word by word through fontkit. Amounts hardly repeat: a 7,000-row table has
 * some 35,000 different ones, and laying out each (script detection, substitution and positioning
 * tables) was most of its drawing time. The characters of an amount (digits, comma, full stop,
 * minus) do not interact in this font: no ligatures, no kerning, each one glyph. So an amount's
 * layout is put together from its characters' layouts: the same glyphs and the same advances
 * fontkit answers. That is checked when the file is first read, for every character and every pair
 * of them; a font where it fails lays amounts out as any other text.
 *
 * Other words are laid out once per thread and remembered here, not by pdfkit (document.ts turns
 * its cache off): pdfkit's keeps every distinct word to the end of the document, each amount of that
 * table too, and the garbage collector kept copying them while the document grew. Here amounts are
 * never kept, and the other words (labels, names) are kept across documents up to a bound: a month's
 * payslips print the same labels thousands of times.
 */

const require = createRequire(import.meta.url);

/** The characters of an amount as the PDFs print them (formatCents): 1,234.56 and -80.00. */
const amountCharacters = '0123456789,.-';
const isAmount = /^[0-9,.-]+$/;

/** A layout answered to pdfkit: glyphs and positions, as fontkit's. */
class ComposedRun implements GlyphRun {
  constructor(
    readonly glyphs: Glyph[],
    readonly positions: GlyphPosition[],
  ) {}

  get advanceWidth() {
    let width = 0;
    for (const position of this.positions) width += position.xAdvance;
    return width;
  }
}

/** The fonts whose amounts are laid out from their characters. */
const composing = new WeakSet<Font>();

/** Whether the font lays amounts out from their characters (its file passed the checks below). */
export const composesAmounts = (font: Font) => composing.has(font);

const sameRuns = (a: GlyphRun, b: GlyphRun) =>
  a.glyphs.length === b.glyphs.length &&
  a.glyphs.every((glyph, index) => glyph.id === b.glyphs[index]?.id) &&
  a.positions.every((position, index) => {
    const other = b.positions[index];
    return (
      other !== undefined &&
      position.xAdvance === other.xAdvance &&
      position.yAdvance === other.yAdvance &&
      position.xOffset === other.xOffset &&
      position.yOffset === other.yOffset
    );
  });

/** An amount's layout put together from its characters' layouts in the font, or null if one is not simple. */
function composer(layout: (text: string) => GlyphRun) {
  const single = new Map<string, { glyph: Glyph; xAdvance: number }>();
  for (const character of amountCharacters) {
    const run = layout(character);
    const [glyph] = run.glyphs;
    const [position] = run.positions;
    if (run.glyphs.length !== 1 || !glyph || !position) return null;
    if (position.xOffset !== 0 || position.yOffset !== 0 || position.yAdvance !== 0) return null;
    single.set(character, { glyph, xAdvance: position.xAdvance });
  }
  return (text: string): ComposedRun => {
    const glyphs: Glyph[] = [];
    const positions: GlyphPosition[] = [];
    for (const character of text) {
      const known = single.get(character);
      if (!known) throw new Error(`not an amount character: ${character}`);
      glyphs.push(known.glyph);
      positions.push({ xAdvance: known.xAdvance, yAdvance: 0, xOffset: 0, yOffset: 0 });
    }
    return new ComposedRun(glyphs, positions);
  };
}

/** Whether amounts compose in a font: every character one plain glyph, every pair as the two apart. */
function amountsCompose(font: Font) {
  const layout = font.layout.bind(font);
  const compose = composer(layout);
  if (!compose) return false;
  for (const first of amountCharacters) {
    for (const second of amountCharacters) {
      if (!sameRuns(layout(first + second), compose(first + second))) return false;
    }
  }
  return true;
}

/** Words remembered per font and thread; past this many the memory starts afresh. */
const WORDS_KEPT = 20_000;

/**
 * The font's layout as pdfkit asks for it (a word, no features): an amount put together from its
 * characters when the font allows it, any other word laid out by fontkit once per thread (`words`,
 * shared by the documents the thread draws). A remembered run's glyphs come from layout, so they
 * carry their characters, whichever document first laid them out. pdfkit scales the positions it
 * gets in place, so each call answers positions of its own.
 */
function layingOutOnce(font: Font, amountsCompose: boolean, words: Map<string, GlyphRun>): Font {
  const layout = font.layout.bind(font);
  let compose: ReturnType<typeof composer> | undefined;
  if (words.size > WORDS_KEPT) words.clear();
  font.layout = (text, features, ...rest) => {
    if (features !== undefined || rest.length > 0) return layout(text, features, ...rest);
    if (amountsCompose && isAmount.test(text)) {
      if (compose === undefined) compose = composer(layout);
      if (compose) return compose(text);
    }
    let run = words.get(text);
    if (!run) {
      run = layout(text);
      words.set(text, run);
    }
    return new ComposedRun(
      run.glyphs,
      run.positions.map(({ xAdvance, yAdvance, xOffset, yOffset }) => ({
        xAdvance,
        yAdvance,
        xOffset,
        yOffset,
      })),
    );
  };
  if (amountsCompose) composing.add(font);
  return font;
}

/** Encoded subsets kept per font and thread; past this many the memory starts afresh. */
const SUBSETS_KEPT = 100;

interface Subset {
  glyphs: number[];
  encode(): Uint8Array;
}

/**
 * Embedding a font means encoding the subset of its glyphs a document uses, which took half of a
 * payslip's drawing time. The bytes depend only on those glyphs, in the order they joined, and
 * document.ts starts every subset with the same characters, so a month's payslips mostly embed the
 * same subset: it is encoded once per thread and its bytes given to each document.
 */
function rememberingSubsets(font: Font, createSubset: () => Subset, encoded: Map<string, Uint8Array>) {
  (font as unknown as { createSubset: () => Subset }).createSubset = () => {
    const subset = createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = encoded.get(key);
      if (!bytes) {
        if (encoded.size >= SUBSETS_KEPT) encoded.clear();
        bytes = encode();
        encoded.set(key, bytes);
        remembered.add(bytes);
      }
      return bytes;
    };
    return subset;
  };
}

/** Subset bytes ./fonts has handed out, each the same object every time, and their zlib streams. */
const remembered = new WeakSet<Uint8Array>();
const deflated = new WeakMap<Uint8Array, Buffer>();

/**
 * The font file stream of remembered subset bytes, compressed as pdfkit compresses a stream
 * (zlib's deflate at its default level), once per subset rather than once per document: it was a
 * third of a payslip's drawing time. Undefined for any other bytes.
 */
export function deflatedSubset(bytes: Uint8Array): Buffer | undefined {
  if (!remembered.has(bytes)) return undefined;
  let stream = deflated.get(bytes);
  if (!stream) {
    stream = deflateSync(bytes);
    deflated.set(bytes, stream);
  }
  return stream;
}

/** A font parsed once per thread, with whether its amounts compose, and its remembered words and subsets. */
const parsed = new Map<
  string,
  {
    font: Font;
    layout: Font['layout'];
    createSubset: () => Subset;
    amountsCompose: boolean;
    words: Map<string, GlyphRun>;
    subsets: Map<string, Uint8Array>;
  }
>();

/**
 * A font for one document. Parsing a font file and decoding its tables (character map,
 * substitution and positioning, metrics) took most of a one-page payslip's drawing time, so the
 * parsed font is kept per thread and only its glyph objects are made anew for each document:
 * fontkit keeps the characters of a glyph from its first use, and a glyph first met as a part of
 * another while embedding it (DejaVu's omicron is built from its o) would have no text in every
 * later document.
 */
function load(name: string): Font {
  let entry = parsed.get(name);
  if (!entry) {
    const font = create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}.ttf`)));
    const createSubset = (font as unknown as { createSubset: () => Subset }).createSubset.bind(font);
    entry = {
      font,
      layout: font.layout,
      createSubset,
      amountsCompose: amountsCompose(font),
      words: new Map(),
      subsets: new Map(),
    };
    parsed.set(name, entry);
  }
  const { font } = entry;
  (font as unknown as { _glyphs: unknown[] })._glyphs = [];
  font.layout = entry.layout;
  rememberingSubsets(font, entry.createSubset, entry.subsets);
  return layingOutOnce(font, entry.amountsCompose, entry.words);
}

/** DejaVu Sans and DejaVu Sans Bold for one document (one document at a time per thread). */
export function dejaVuSans() {
  return { regular: load('DejaVuSans'), bold: load('DejaVuSans-Bold') };
}
