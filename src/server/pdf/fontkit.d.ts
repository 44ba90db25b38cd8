// The part of fontkit (pdfkit's font engine, which ships no types) that src/server/pdf/fonts.ts uses.
declare module 'fontkit' {
  export interface Glyph {
    id: number;
    codePoints: number[];
    advanceWidth: number;
  }

  export interface GlyphPosition {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  }

  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  }

  export interface Font {
    postscriptName: string;
    layout(text: string, features?: unknown, ...rest: unknown[]): GlyphRun;
  }

  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
