/** fontkit 2.0.4 ships no types: what the font test reads. */
declare module 'fontkit' {
  export interface Font {
    familyName: string;
    numGlyphs: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string): { glyphs: { advanceWidth: number }[] };
  }
  export function create(buffer: Buffer): Font;
}

/**
 * pdfmake 0.3.11's server build ships no types: the calls the PDF writer makes. The module is one shared instance.
 * Content nodes are plain objects (see pdfmake's docs); they are typed loosely here on purpose.
 */
declare module 'pdfmake' {
  export type Content = string | Content[] | { [key: string]: unknown };
  export interface TDocumentDefinitions {
    content: Content;
    [key: string]: unknown;
  }
  export interface FontFiles {
    normal: string;
    bold: string;
    italics: string;
    bolditalics: string;
  }
  const pdfmake: {
    /** pdfmake's in-memory file store: fonts named here are read from it, never from disk. */
    virtualfs: { writeFileSync(name: string, content: Buffer): void };
    setUrlAccessPolicy(policy: (url: string) => boolean): void;
    setLocalAccessPolicy(policy: (path: string) => boolean): void;
    setFonts(fonts: Record<string, FontFiles>): void;
    createPdf(definition: TDocumentDefinitions, options?: object): { getBuffer(): Promise<Buffer> };
  };
  export default pdfmake;
}
