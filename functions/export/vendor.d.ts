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

/**
 * pdfmake's own parts, which the sectioned PDF (formats/pdf/sections.ts) drives itself: CommonJS modules whose
 * classes are `exports.default`; only what that file uses is typed, loosely.
 */
declare module 'pdfmake/js/PDFDocument.js' {
  /** A pdfkit document with pdfmake's font, image and local-file handling; a readable stream of the PDF's bytes. */
  export interface PdfKitDocument {
    on(event: 'data', listener: (chunk: Buffer) => void): void;
    on(event: 'end', listener: () => void): void;
    on(event: 'error', listener: (err: Error) => void): void;
    end(): void;
  }
  /** One laid-out page: what the renderer draws on it, in order. */
  export interface PdfMakePage {
    items: unknown[];
    [key: string]: unknown;
  }
  const PDFDocument: unknown;
  export default PDFDocument;
}
declare module 'pdfmake/js/LayoutBuilder.js' {
  const LayoutBuilder: unknown;
  export default LayoutBuilder;
}
declare module 'pdfmake/js/Renderer.js' {
  const Renderer: unknown;
  export default Renderer;
}
declare module 'pdfmake/js/SVGMeasure.js' {
  const SVGMeasure: unknown;
  export default SVGMeasure;
}
declare module 'pdfmake/js/PageSize.js' {
  const PageSize: unknown;
  export default PageSize;
}
declare module 'pdfmake/js/tableLayouts.js' {
  const tableLayouts: unknown;
  export default tableLayouts;
}
