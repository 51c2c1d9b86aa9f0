/**
 * The PDF laid out in sections, each a separate pdfmake layout run on one pdfkit document (issue 23's speed and
 * memory budget). pdfmake keeps every laid-out page of a run (each line with its measured words) until the run is
 * rendered, so one run over GitHub's REST description held 5,380 pages and peaked near 2 GB, a third of its time in
 * the garbage collector. Here a run lays out a few hundred table rows' worth of documents, renders them and lets
 * them go; the pdfkit document streams each finished page out compressed.
 *
 * A section may end mid-page: the next run starts with a spacer as tall as what the last page already holds, and
 * the two runs' halves of that page are rendered as one, so every line lands where a single run would put it. The
 * page numbers the table of contents shows and the footers' "of m" come from a first pass that lays out each
 * section without rendering and keeps only where headings fell and how many pages there are.
 */
import * as layoutBuilderModule from 'pdfmake/js/LayoutBuilder.js';
import * as pageSizeModule from 'pdfmake/js/PageSize.js';
import * as pdfDocumentModule from 'pdfmake/js/PDFDocument.js';
import * as rendererModule from 'pdfmake/js/Renderer.js';
import * as svgMeasureModule from 'pdfmake/js/SVGMeasure.js';
import * as tableLayoutsModule from 'pdfmake/js/tableLayouts.js';
import type { Content } from 'pdfmake';
import type { PdfKitDocument, PdfMakePage } from 'pdfmake/js/PDFDocument.js';

/**
 * A CommonJS module's `exports.default`: Node's ESM loader hands the whole `exports` object as the default export
 * (tsx, vitest), esbuild's bundle hands `exports.default` itself (the Lambda).
 */
const cjs = <T>(module: { default: unknown }): T => ((module.default as { default?: T }).default ?? module.default) as T;

type LayoutBuilderClass = new (
  pageSize: unknown,
  margins: unknown,
  svgMeasure: unknown,
) => {
  registerTableLayouts(layouts: unknown): void;
  layoutDocument(...args: unknown[]): PdfMakePage[];
  addHeadersAndFooters(header: unknown, footer: unknown): void;
  writer: { context(): { y: number } };
};
const LayoutBuilder = cjs<LayoutBuilderClass>(layoutBuilderModule);
const Renderer = cjs<new (doc: PdfKitDocument) => { renderPages(pages: PdfMakePage[]): void }>(rendererModule);
const SVGMeasure = cjs<new () => unknown>(svgMeasureModule);
const PDFDocument = cjs<new (...args: unknown[]) => PdfKitDocument>(pdfDocumentModule);
const { tableLayouts } = tableLayoutsModule as unknown as { tableLayouts: unknown };
const { normalizePageSize, normalizePageMargin } = pageSizeModule as unknown as {
  normalizePageSize: (size: string) => { width: number; height: number };
  normalizePageMargin: (margins: number[]) => { top: number };
};

/** A layout run that also tells where the content ended on its last page (before footers are laid out). */
class SectionLayout extends LayoutBuilder {
  endY = 0;
  override addHeadersAndFooters(header: unknown, footer: unknown) {
    this.endY = this.writer.context().y;
    super.addHeadersAndFooters(header, footer);
  }
}

export interface SectionedDocument {
  pageSize: 'A4';
  pageMargins: [number, number, number, number];
  info: Record<string, string>;
  styles: Record<string, unknown>;
  defaultStyle: Record<string, unknown>;
  /** Image names to data URLs, as pdfmake's `images`. */
  images: Record<string, string>;
  /** The cover and the table of contents, laid out in one run once every heading's page is known. */
  front(pageOf: (heading: string) => number): Content[];
  /**
   * The body in runs: each a list of top-level nodes, made afresh for each pass (pdfmake keeps what it measures on
   * the nodes themselves, so nodes kept between passes would hold the whole document); `fresh` when the run starts
   * on a page of its own (its first node breaks the page), else it continues the last page of the run before.
   * Headings to find carry an `id`.
   */
  runs: { fresh: boolean; nodes: () => Content[]; headings: string[] }[];
  footer(page: number, pages: number): Content;
}

interface Placed {
  pages: PdfMakePage[];
  endY: number;
}

/** Renders a sectioned document into PDF bytes, with pdfmake's URL and local-file access refused throughout. */
export async function renderSectioned(def: SectionedDocument, fonts: Record<string, unknown>, virtualfs: unknown): Promise<Uint8Array> {
  const pageSize = normalizePageSize(def.pageSize);
  const margins = normalizePageMargin(def.pageMargins);
  const doc = new PDFDocument(
    fonts,
    def.images,
    {},
    {},
    {
      size: [pageSize.width, pageSize.height],
      pdfVersion: '1.3',
      compress: true,
      autoFirstPage: false,
      bufferPages: false,
      fontLayoutCache: true,
      info: def.info,
      font: null,
    },
    virtualfs,
    () => false,
  );
  const chunks: Buffer[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });

  /**
   * pdfkit keeps the shaped glyphs of every word it measured, per font, for the document's life: over a whole
   * project that cache outgrows everything else. It is emptied after each run (words repeat mostly within one).
   */
  const fontCache = (doc as unknown as { fontCache: Record<string, Record<string, { layoutCache?: object }>> }).fontCache;
  const forgetShapes = () => {
    for (const family of Object.values(fontCache))
      for (const font of Object.values(family)) if (font.layoutCache) font.layoutCache = Object.create(null) as object;
  };
  const layOut = (nodes: Content[], footer?: (page: number) => Content | null): Placed => {
    const builder = new SectionLayout(pageSize, margins, new SVGMeasure());
    builder.registerTableLayouts(tableLayouts);
    const pages = builder.layoutDocument(nodes, doc, def.styles, def.defaultStyle, undefined, undefined, footer, undefined, undefined);
    return { pages, endY: builder.endY };
  };
  /** A run's nodes after a spacer that stands for what the page before already holds. */
  const continued = (nodes: Content[], endY: number | undefined): Content[] =>
    endY === undefined ? nodes : [{ canvas: [], margin: [0, endY - margins.top, 0, 0] }, ...nodes];
  const headingPages = (nodes: Content[], ids: readonly string[], into: Map<string, number>, base: number) => {
    const wanted = new Set(ids);
    const visit = (node: Content) => {
      if (Array.isArray(node)) return node.forEach(visit);
      if (typeof node !== 'object') return;
      const n = node as { id?: string; positions?: { pageNumber: number }[] };
      if (n.id && wanted.has(n.id) && n.positions?.length) into.set(n.id, base + n.positions[0]!.pageNumber);
    };
    nodes.forEach(visit);
  };

  // Pass 1: where each heading falls in the body and how many pages the body has, nothing rendered.
  const pageOf = new Map<string, number>();
  const bases: number[] = [];
  let bodyPages = 0;
  let endY: number | undefined;
  for (const run of def.runs) {
    const nodes = continued(run.nodes(), run.fresh ? undefined : endY);
    const placed = layOut(nodes);
    const base = run.fresh || endY === undefined ? bodyPages : bodyPages - 1;
    bases.push(base);
    headingPages(nodes, run.headings, pageOf, base);
    bodyPages = base + placed.pages.length;
    endY = placed.endY;
    forgetShapes();
  }
  // The front matter's length does not depend on the numbers it shows (fixed-width number column): count it with
  // the body's own numbers, then lay it out for good with the numbers shifted by it.
  const frontPages = layOut(def.front((id) => pageOf.get(id) ?? 0)).pages.length;
  const total = frontPages + bodyPages;

  // Pass 2: each run laid out again with its footers and rendered; a page two runs share is rendered once, whole.
  const renderer = new Renderer(doc);
  const front = layOut(
    def.front((id) => frontPages + (pageOf.get(id) ?? 0)),
    (page) => def.footer(page, total),
  );
  if (front.pages.length !== frontPages) throw new Error('the table of contents changed length between passes');
  renderer.renderPages(front.pages);
  let held: PdfMakePage | undefined;
  endY = undefined;
  def.runs.forEach((run, i) => {
    const carry = !run.fresh && endY !== undefined;
    const offset = frontPages + bases[i]!;
    const placed = layOut(continued(run.nodes(), carry ? endY : undefined), (page) =>
      carry && page === 1 ? null : def.footer(offset + page, total),
    );
    const pages = placed.pages;
    if (held) {
      if (carry) pages[0] = { ...pages[0]!, items: [...held.items, ...pages[0]!.items] };
      else renderer.renderPages([held]);
    }
    const nextCarries = i + 1 < def.runs.length && !def.runs[i + 1]!.fresh;
    held = nextCarries ? pages.pop() : undefined;
    renderer.renderPages(pages);
    endY = placed.endY;
    forgetShapes();
  });
  if (held) renderer.renderPages([held]);
  doc.end();
  await ended;
  const body = Buffer.concat(chunks);
  return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
}
