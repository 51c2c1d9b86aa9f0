/** fontkit 2.0.4 ships no types: what the font test reads. */
declare module 'fontkit' {
  export interface Font {
    familyName: string;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}
