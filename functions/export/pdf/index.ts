/**
 * The PDF export (issue 23), laid out with pdfmake 0.3.11's server build: a cover, a table of contents with page
 * numbers, each document under its (numbered) heading, parameter tables whose header row repeats on every page
 * and whose rows never break across pages, code in a monospace face, and page footers in the export's language.
 *
 * pdfmake fetches image URLs and reads local files named in a document unless told not to: both are refused here
 * (`setUrlAccessPolicy`, `setLocalAccessPolicy`), fonts are handed over as bytes, and images only ever come from
 * `options.readImage` as data URLs under names of our own, so nothing a user wrote is a path or URL pdfmake sees.
 */
import { existsSync, readFileSync } from 'node:fs';
import pdfmake, { type Content } from 'pdfmake';
import type { ExportWriter } from '../types';
import type { Block, Inline } from '../print/blocks';
import { imageName, isPrintable, loadImages, type PrintImage } from '../print/images';
import type { PrintWords } from '../print/words';
import { headingText, imageSources, outline, type Outline } from '../print/outline';
import { renderSectioned, type SectionedDocument } from './sections';

const TEXT_FONT = 'NotoSansSC';
const REGULAR = 'NotoSansSC-Subset-Regular.ttf';
const BOLD = 'NotoSansSC-Subset-Bold.ttf';
const MONO = 'JetBrainsMono-Regular.ttf';
const MONO_FONT = 'Mono';
/** Characters the monospace face lacks (CJK, full-width forms, most punctuation beyond Latin): set in Noto Sans SC. */
const NOT_MONO = /[^\t\n\r\u0020-\u024f]+/gu;

/**
 * Where the fonts are: `fonts/` beside the export worker's bundle (the build copies them there: in Lambda,
 * /var/task/fonts), else the folder beside this writer in the source tree; APILOOM_EXPORT_FONTS overrides both.
 */
const fontsDir = () =>
  process.env.APILOOM_EXPORT_FONTS ??
  [new URL('./fonts/', import.meta.url).pathname, new URL('../fonts/', import.meta.url).pathname].find((dir) =>
    existsSync(`${dir}${REGULAR}`),
  ) ??
  new URL('../fonts/', import.meta.url).pathname;

let configured = false;
/** Sets up the one pdfmake instance once: fonts as bytes, every URL and every local path refused. */
export function printer(): typeof pdfmake {
  if (!configured) {
    const dir = fontsDir().replace(/\/?$/, '/');
    // Fonts go into pdfmake's in-memory store by name: a path would be a local read, which the policy refuses.
    for (const name of [REGULAR, BOLD, MONO]) pdfmake.virtualfs.writeFileSync(name, readFileSync(dir + name));
    const [regular, bold, mono] = [REGULAR, BOLD, MONO];
    pdfmake.setFonts({
      [TEXT_FONT]: { normal: regular, bold, italics: regular, bolditalics: bold },
      [MONO_FONT]: { normal: mono, bold: mono, italics: mono, bolditalics: mono },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy(() => false);
    configured = true;
  }
  return pdfmake;
}

/** Monospace text, with the characters the monospace face lacks set in the CJK face run by run. */
function monoRuns(text: string, extra: Record<string, unknown> = {}): Content[] {
  const runs: Content[] = [];
  let at = 0;
  for (const m of text.matchAll(NOT_MONO)) {
    if (m.index > at) runs.push({ text: text.slice(at, m.index), font: MONO_FONT, ...extra });
    runs.push({ text: m[0], font: TEXT_FONT, ...extra });
    at = m.index + m[0].length;
  }
  if (at < text.length) runs.push({ text: text.slice(at), font: MONO_FONT, ...extra });
  return runs;
}

function inlines(runs: readonly Inline[]): Content[] {
  return runs.flatMap((r): Content[] => {
    const style: Record<string, unknown> = {};
    if (r.bold) style.bold = true;
    if (r.italic) style.italics = true;
    if (r.strike) style.decoration = 'lineThrough';
    if (r.link && /^(https?:|mailto:)/i.test(r.link)) Object.assign(style, { link: r.link, color: '#1d4ed8', decoration: 'underline' });
    if (r.code) return monoRuns(r.text, { ...style, fontSize: 8.5, background: '#f1f3f7' });
    return [{ text: r.text, ...style }];
  });
}

const tableLayout = {
  hLineWidth: () => 0.5,
  vLineWidth: () => 0.5,
  hLineColor: () => '#c9ced8',
  vLineColor: () => '#c9ced8',
  paddingLeft: () => 4,
  paddingRight: () => 4,
  paddingTop: () => 3,
  paddingBottom: () => 3,
};

/**
 * A document's blocks laid out. A table is kept with the heading right before it, so neither a heading nor a
 * table's last rows are left alone on a page (see `tableContent`).
 */
function blocks(list: readonly Block[], images: ReadonlyMap<string, PrintImage>, baseHeading: number, words: PrintWords): Content[] {
  const out: Content[] = [];
  for (let i = 0; i < list.length; i++) {
    const b = list[i]!;
    const next = list[i + 1];
    if (b.kind === 'heading' && next?.kind === 'table') {
      out.push(tableContent(next, block(b, images, baseHeading, words)));
      i++;
    } else out.push(block(b, images, baseHeading, words));
  }
  return out;
}

function block(b: Block, images: ReadonlyMap<string, PrintImage>, baseHeading: number, words: PrintWords): Content {
  switch (b.kind) {
    case 'heading':
      return { text: inlines(b.text), style: `h${Math.min(4, baseHeading + b.level - 1)}`, tocItem: false };
    case 'paragraph':
      return { text: inlines(b.text), margin: [0, 2, 0, 4] };
    case 'list': {
      const items = b.items.map((item) => blocks(item, images, baseHeading + 1, words));
      return b.ordered ? { ol: items, margin: [0, 2, 0, 4] } : { ul: items, margin: [0, 2, 0, 4] };
    }
    case 'code':
      return {
        table: { widths: ['*'], body: [[{ text: monoRuns(b.text), fontSize: 8, preserveLeadingSpaces: true, lineHeight: 1.15 }]] },
        layout: { ...tableLayout, fillColor: () => '#f6f8fa' },
        margin: [0, 2, 0, 6],
      };
    case 'table':
      return tableContent(b);
    case 'image': {
      const image = images.get(b.src);
      if (image && !isPrintable(image)) {
        // A GIF or WebP of the project's own: a line that names it, linked when its source is a web address.
        const line = words.imagePlaceholder(imageName(b.src, b.alt), image.type.toUpperCase());
        const link = /^https?:\/\//i.test(b.src) ? { link: b.src, color: '#1d4ed8' } : {};
        return { text: line, italics: true, color: '#666', margin: [0, 2, 0, 4], ...link };
      }
      if (!image) return b.alt ? { text: `[${b.alt}]`, italics: true, color: '#666' } : '';
      return { image: imageKey(images, b.src), fit: [Math.min(480, image.width), Math.min(600, image.height)], margin: [0, 4, 0, 6] };
    }
    case 'quote':
      return { stack: blocks(b.blocks, images, baseHeading, words), margin: [12, 2, 0, 4], color: '#555' };
    case 'rule':
      return { canvas: [{ type: 'line', x1: 0, y1: 4, x2: 495, y2: 4, lineWidth: 0.5, lineColor: '#c9ced8' }], margin: [0, 4, 0, 8] };
  }
}

/** A table this short moves whole (with its heading) to the next page rather than leave part of it behind. */
export const SHORT_TABLE_ROWS = 12;
/** A longer table's last rows go over a page break together, so no page holds only one or two of them. */
export const TABLE_TAIL_ROWS = 3;

type TableBlock = Extract<Block, { kind: 'table' }>;

/**
 * A parameter table's grid: cells carry their own padding (CELL_PADDING) so that a cell holding a nested table (the
 * tail, below) has none and its rows line up with the rest.
 */
const gridLayout = { ...tableLayout, paddingLeft: () => 0, paddingRight: () => 0, paddingTop: () => 0, paddingBottom: () => 0 };
const CELL_PADDING = [4, 3, 4, 3];

/**
 * A table, with the heading before it when it has one. The header row repeats on every page and no row breaks
 * across two (pdfmake's headerRows, keepWithHeaderRows, dontBreakRows). A short table is one unbreakable piece
 * with its heading. A longer one holds its last TABLE_TAIL_ROWS rows as one row (a nested table across every
 * column): a page break before the end moves them all, under the repeated header row, never a lone row.
 */
function tableContent(b: TableBlock, heading?: Content): Content {
  const total = b.widths.reduce((a, w) => a + w, 0);
  const widths = b.widths.map((w) => `${((w / total) * 100).toFixed(2)}%`);
  const bodyRows = (rows: TableBlock['rows']): Content[][] =>
    rows.map((row) =>
      row.cells.map((cell, i) => ({
        text: inlines(cell),
        margin: i === 0 && row.depth ? [CELL_PADDING[0]! + row.depth * 10, ...CELL_PADDING.slice(1)] : CELL_PADDING,
      })),
    );
  const headerRow = b.header.map((h) => ({ text: h, bold: true, fillColor: '#eef1f6', margin: CELL_PADDING }));
  const lead = heading ? [heading] : [];
  const table = (body: Content[][]): Content => ({
    table: { headerRows: 1, keepWithHeaderRows: 1, dontBreakRows: true, widths, body: [headerRow, ...body] },
    layout: gridLayout,
    fontSize: 8.5,
  });
  if (b.rows.length <= SHORT_TABLE_ROWS) {
    return { stack: [...lead, table(bodyRows(b.rows))], unbreakable: true, margin: [0, 2, 0, 8] };
  }
  const cut = b.rows.length - TABLE_TAIL_ROWS;
  const tail: Content[] = [
    { colSpan: widths.length, table: { widths, dontBreakRows: true, body: bodyRows(b.rows.slice(cut)) }, layout: gridLayout },
    ...widths.slice(1).map(() => ({})),
  ];
  return { stack: [...lead, table([...bodyRows(b.rows.slice(0, cut)), tail])], margin: [0, 2, 0, 8] };
}

const imageKey = (images: ReadonlyMap<string, PrintImage>, src: string) => `img${[...images.keys()].indexOf(src)}`;

/** About how much a run of the sectioned layout holds: documents are added to a run until it has this many rows. */
export const RUN_ROWS = 400;

/** The weight of a section in a run: its blocks, each table row counted. */
const weight = (list: readonly Block[]): number =>
  list.reduce(
    (n, b) =>
      n +
      1 +
      (b.kind === 'table'
        ? b.rows.length
        : b.kind === 'list'
          ? b.items.reduce((m, item) => m + weight(item), 0)
          : b.kind === 'quote'
            ? weight(b.blocks)
            : 0),
    0,
  );

/** The sectioned document for an outline (sections.ts): the front matter, the body in runs of about `runRows` rows. */
export function definition(o: Outline, images: ReadonlyMap<string, PrintImage>, exportedAt: string, runRows = RUN_ROWS): SectionedDocument {
  const { words } = o;
  // Runs of sections by index; each run's nodes are made when a pass asks for them.
  const plan: { fresh: boolean; sections: number[] }[] = [];
  let rows = Infinity;
  o.sections.forEach((s, i) => {
    // A top-level document starts a page: a good place for a run to start too.
    const breaks = s.depth === 1 && i > 0;
    if (rows >= runRows || (breaks && rows >= runRows / 2)) {
      plan.push({ fresh: i === 0 || breaks, sections: [] });
      rows = 0;
    }
    plan.at(-1)!.sections.push(i);
    rows += weight(s.blocks) + 1;
  });
  const runs: SectionedDocument['runs'] = plan.map((run) => ({
    fresh: run.fresh,
    headings: run.sections.map((i) => `s${i}`),
    nodes: () =>
      run.sections.flatMap((i, at): Content[] => {
        const s = o.sections[i]!;
        return [
          {
            text: headingText(s),
            style: `h${Math.min(4, s.depth)}`,
            id: `s${i}`,
            // The first node of a run that starts a page needs no break: the run starts on a page of its own.
            pageBreak: s.depth === 1 && i > 0 && at > 0 ? 'before' : undefined,
          },
          ...blocks(s.blocks, images, Math.min(4, s.depth + 1), o.words),
        ];
      }),
  }));
  return {
    pageSize: 'A4',
    pageMargins: [50, 50, 50, 56],
    info: { Title: o.title, Creator: 'Apiloom', Producer: 'Apiloom' },
    defaultStyle: { font: TEXT_FONT, fontSize: 10, lineHeight: 1.3 },
    styles: {
      title: { fontSize: 26, bold: true },
      h1: { fontSize: 18, bold: true, margin: [0, 10, 0, 6] },
      h2: { fontSize: 14, bold: true, margin: [0, 8, 0, 4] },
      h3: { fontSize: 12, bold: true, margin: [0, 6, 0, 3] },
      h4: { fontSize: 10.5, bold: true, margin: [0, 4, 0, 2] },
    },
    images: Object.fromEntries(
      [...images.entries()]
        .filter(([, image]) => isPrintable(image))
        .map(([src, image]) => [imageKey(images, src), `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}`]),
    ),
    front: (pageOf) => [
      { text: o.title, style: 'title', margin: [0, 180, 0, 16] },
      { stack: blocks(o.description, images, 2, words), margin: [0, 0, 0, 24] },
      { text: `${words.exportedAt}: ${exportedAt.slice(0, 10)}`, color: '#555', pageBreak: 'after' },
      { text: words.toc, style: 'h1' },
      // pdfmake cannot lay out a table without rows: a project with no documents has a heading with nothing under it.
      ...(o.sections.length === 0
        ? []
        : [
            {
              // The number column has a fixed width, so the contents take the same pages whatever the numbers are.
              table: {
                dontBreakRows: true,
                widths: ['*', 36],
                body: o.sections.map((s, i) => {
                  const id = `s${i}`;
                  const margin = [(s.depth - 1) * 14, 2, 0, 0];
                  return [
                    { text: headingText(s), linkToDestination: id, margin },
                    { text: String(pageOf(id)), linkToDestination: id, alignment: 'right', margin: [0, 2, 0, 0] },
                  ];
                }),
              },
              layout: 'noBorders',
            },
          ]),
    ],
    runs,
    footer: (page, pages) => ({
      text: words.pageOf(page, pages),
      alignment: 'center',
      fontSize: 8.5,
      color: '#666',
      margin: [0, 20, 0, 0],
    }),
  };
}

export const pdfWriter: ExportWriter<AsyncIterable<Uint8Array>> = async (file, options) => {
  const o = outline(file, options);
  const sources = new Set<string>();
  imageSources(o.description, sources);
  for (const s of o.sections) imageSources(s.blocks, sources);
  const images = await loadImages(sources, (src) => options.readImage(src));
  const pdf = printer() as unknown as { fonts: Record<string, unknown>; virtualfs: unknown };
  const body = renderSectioned(definition(o, images, options.exportedAt), pdf.fonts, pdf.virtualfs);
  return { body, contentType: 'application/pdf', extension: 'pdf' };
};
