/**
 * The PDF laid out in sections, each a separate pdfmake layout run on one pdfkit document (issue 23's speed and
 * memory budget). pdfmake keeps every laid-out page of a run (each line with its measured words) until the run is
 * rendered, so one run over GitHub's REST description held 5,380 pages and peaked near 2 GB, a third of its time in
 * the garbage collector. Here a run lays out a few hundred table rows' worth of documents, renders them and lets
 * them go; the pdfkit document streams each finished page out compressed.
 *
 * A section may end mid-page: the next run starts with a spacer as tall as what the last page already holds, and
 * the two runs' halves of that page are rendered as one, so every line lands where a single run would put it.
 *
 * The body is laid out once (a first pass that only counted pages and found headings cost a third of the time):
 * the front matter's length is known before the body (its page-number column has a fixed width), so the body's
 * pages are numbered from the start; the front matter itself is rendered last, when every heading's page is known,
 * and moved to the front of the page tree; each body page draws its footer as a form XObject whose content, which
 * needs the page count, is written at the end.
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

/** A pdfkit object: a dictionary, with a stream when written to. */
interface PdfRef {
  data: Record<string, unknown>;
  write(chunk: string | Uint8Array): void;
  end(): void;
}
/** A pdfkit page: what its drawing reaches (resources, content), the rest from pdfkit's page class. */
interface PdfPage {
  content: PdfRef;
  resources: PdfRef;
  xobjects: Record<string, PdfRef>;
  margins: unknown;
}
/** The parts of pdfkit's document driven here beyond pdfmake's own use of it. */
interface PdfKitInternals {
  page: PdfPage;
  _ctm: number[];
  _root: { data: { Pages: { data: { Kids: unknown[] } } } };
  ref(data: Record<string, unknown>): PdfRef;
  addContent(data: string): void;
  addPage: (...args: unknown[]) => unknown;
  fontCache: Record<string, Record<string, { layoutCache?: object }>>;
  on(event: 'pageAdded', listener: () => void): void;
}

interface Placed {
  pages: PdfMakePage[];
  endY: number;
}

/**
 * Renders a sectioned document into PDF bytes, with pdfmake's URL and local-file access refused throughout. The
 * bytes come in pieces, one after each run: a consumer that stores each piece (the export job) never holds the
 * whole file, and the next run is laid out only when the consumer asks for more.
 */
export async function* renderSectioned(
  def: SectionedDocument,
  fonts: Record<string, unknown>,
  virtualfs: unknown,
  { footersAtOnce = 500 }: { footersAtOnce?: number } = {},
): AsyncGenerator<Uint8Array> {
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
  let chunks: Buffer[] = [];
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  /** What pdfkit has written so far (its stream hands data over on a later tick), as one piece. */
  const written = async (): Promise<Uint8Array | undefined> => {
    await new Promise((resolve) => setImmediate(resolve));
    if (!chunks.length) return undefined;
    const piece = Buffer.concat(chunks);
    chunks = [];
    return new Uint8Array(piece.buffer, piece.byteOffset, piece.byteLength);
  };

  /**
   * pdfkit keeps the shaped glyphs of every word it measured, per font, for the document's life: over a whole
   * project that cache outgrows everything else. It is emptied after each run (words repeat mostly within one).
   */
  const kit = doc as unknown as PdfKitInternals;
  const fontCache = kit.fontCache;
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

  // The front matter's length does not depend on the numbers it shows (fixed-width number column): it is counted
  // first with any numbers, so the body's pages are numbered from the start; it is laid out for good at the end.
  const frontPages = layOut(def.front(() => 0)).pages.length;

  /**
   * Each body page's footer is a form XObject the page draws, its content written once the page count is known:
   * the body is laid out and rendered in one pass, never laid out twice.
   */
  const footers: { form: PdfRef; resources: PdfRef }[] = [];
  const stampFooter = () => {
    const resources = kit.ref({ ProcSet: ['PDF', 'Text'] });
    const form = kit.ref({ Type: 'XObject', Subtype: 'Form', BBox: [0, 0, pageSize.width, pageSize.height], Resources: resources });
    const name = `Foot${footers.length + 1}`;
    kit.page.xobjects[name] = form;
    kit.addContent(`q /${name} Do Q`);
    footers.push({ form, resources });
  };
  /**
   * pdfkit turns each drawing command (a few dozen bytes) into a Buffer of its own as it writes it to the page:
   * millions of small Buffers over a whole project, and much of the collector's work. A page's commands are kept
   * as strings here and handed to pdfkit as one when the page ends: the same bytes.
   */
  kit.on('pageAdded', () => {
    const content = kit.page.content;
    const write = content.write.bind(content);
    const end = content.end.bind(content);
    let parts: string[] = [];
    const flush = () => {
      if (parts.length) write(parts.join('\n'));
      parts = [];
    };
    content.write = (chunk: string | Uint8Array) => {
      if (typeof chunk === 'string') parts.push(chunk);
      else {
        flush();
        write(chunk);
      }
    };
    content.end = () => {
      flush();
      end();
    };
  });
  const renderer = new Renderer(doc);
  const renderBody = (pages: PdfMakePage[]) =>
    pages.forEach((p) => {
      renderer.renderPages([p]);
      stampFooter();
    });

  // The body, run by run: laid out without footers and rendered; a page two runs share is rendered once, whole.
  const pageOf = new Map<string, number>();
  let bodyPages = 0;
  let endY: number | undefined;
  let held: PdfMakePage | undefined;
  for (const [i, run] of def.runs.entries()) {
    const carry = !run.fresh && endY !== undefined;
    const base = carry ? bodyPages - 1 : bodyPages;
    const nodes = continued(run.nodes(), carry ? endY : undefined);
    const placed = layOut(nodes);
    headingPages(nodes, run.headings, pageOf, frontPages + base);
    const pages = placed.pages;
    bodyPages = base + pages.length;
    if (held) {
      if (carry) pages[0] = { ...pages[0]!, items: [...held.items, ...pages[0]!.items] };
      else renderBody([held]);
    }
    const nextCarries = i + 1 < def.runs.length && !def.runs[i + 1]!.fresh;
    held = nextCarries ? pages.pop() : undefined;
    renderBody(pages);
    endY = placed.endY;
    forgetShapes();
    const piece = await written();
    if (piece) yield piece;
  }
  if (held) renderBody([held]);
  const total = frontPages + bodyPages;

  // The front matter, now that every heading's page is known, rendered last and moved to the front of the page tree.
  const front = layOut(
    def.front((id) => pageOf.get(id) ?? 0),
    (n) => def.footer(n, total),
  );
  if (front.pages.length !== frontPages) throw new Error('the table of contents changed length between passes');
  renderer.renderPages(front.pages);
  const kids = kit._root.data.Pages.data.Kids;
  kids.unshift(...kids.splice(kids.length - frontPages, frontPages));

  // The body's footers, laid out as pages that hold nothing else, each rendered into its page's form.
  const proto = Object.getPrototypeOf(kit.page) as object;
  const { margins: pageMargins } = kit.page;
  const addPage = kit.addPage;
  for (let from = 0; from < footers.length; from += footersAtOnce) {
    const chunk = footers.slice(from, from + footersAtOnce);
    const blank = chunk.map((_, i): Content => ({ text: '', pageBreak: i > 0 ? 'before' : undefined }));
    const laid = layOut(blank, (n) => def.footer(frontPages + from + n, total)).pages;
    if (laid.length !== chunk.length) throw new Error('the footers took another number of pages than the body');
    let next = 0;
    // The renderer's "new page" is the next form: what it draws lands in that form's stream and resources, under
    // the page's own flipped coordinates (the page draws the form at its current transform).
    kit.addPage = () => {
      const { form, resources } = chunk[next++]!;
      kit.page = Object.assign(Object.create(proto) as PdfPage, {
        document: doc,
        width: pageSize.width,
        height: pageSize.height,
        margins: pageMargins,
        content: form,
        resources,
      });
      kit._ctm = [1, 0, 0, -1, 0, pageSize.height];
      return doc;
    };
    try {
      renderer.renderPages(laid);
    } finally {
      kit.addPage = addPage;
    }
    for (const { form, resources } of chunk) {
      resources.end();
      form.end();
    }
  }
  doc.end();
  await ended;
  const rest = await written();
  if (rest) yield rest;
}
