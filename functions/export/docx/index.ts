/**
 * The Word export (issue 23), written with docx 9.15.2: a cover, a table of contents field (Word fills in the page
 * numbers when it opens the file), each document under a real Heading1..6 with its serial label, parameter tables
 * whose header row repeats on every page and whose rows never split, lists, code in a monospace run, images from
 * `options.readImage` only, and page footers in the export's language.
 *
 * Every run names its fonts: Latin text in Calibri, Chinese (eastAsia) in Microsoft YaHei (微软雅黑). YaHei is a
 * sans-serif like the PDF's Noto Sans SC, on screen it reads better than 宋体 (SimSun), and it ships with every
 * Windows since Vista and with Office for Mac, so Chinese never falls back to a font that lacks it; a reader
 * without it gets Word's default East Asian font. Code is Consolas with the same East Asian font.
 */
import {
  AlignmentType,
  Bookmark,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type IRunOptions,
  type ParagraphChild,
} from 'docx';
import type { ExportWriter } from '../types';
import type { Block, Inline } from '../print/blocks';
import { imageName, loadImages, type PrintImage } from '../print/images';
import type { PrintWords } from '../print/words';
import { headingText, imageSources, outline } from '../print/outline';
import { bodyMarker, streamDocx } from './package';

export const EAST_ASIAN_FONT = 'Microsoft YaHei';
const TEXT_FONT = { ascii: 'Calibri', hAnsi: 'Calibri', cs: 'Calibri', eastAsia: EAST_ASIAN_FONT };
const MONO_FONT = { ascii: 'Consolas', hAnsi: 'Consolas', cs: 'Consolas', eastAsia: EAST_ASIAN_FONT };
const HEADINGS = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
  HeadingLevel.HEADING_5,
  HeadingLevel.HEADING_6,
];
/** A4 at 2 cm margins, in twips, and the widest image in pixels at 96 dpi. */
const TEXT_WIDTH = 9638;
const MAX_IMAGE_WIDTH = 600;

const run = (text: string, options: Omit<IRunOptions, 'text' | 'font'> = {}, mono = false) =>
  new TextRun({ ...options, text, font: mono ? MONO_FONT : TEXT_FONT });

function runs(list: readonly Inline[], base: Omit<IRunOptions, 'text' | 'font'> = {}): ParagraphChild[] {
  return list.flatMap((r): ParagraphChild[] => {
    const style: Omit<IRunOptions, 'text' | 'font'> = {
      ...base,
      ...(r.bold ? { bold: true } : {}),
      ...(r.italic ? { italics: true } : {}),
      ...(r.strike ? { strike: true } : {}),
      ...(r.code ? { shading: { type: ShadingType.CLEAR, fill: 'F1F3F7', color: 'auto' } } : {}),
    };
    // Line breaks inside a run become breaks, not lost newlines.
    const parts = r.text.split('\n').map((part, i) => run(part, i ? { ...style, break: 1 } : style, r.code));
    if (r.link && /^(https?:|mailto:)/i.test(r.link))
      return [
        new ExternalHyperlink({
          link: r.link,
          children: r.text.split('\n').map((part) => run(part, { ...style, style: 'Hyperlink' }, r.code)),
        }),
      ];
    return parts;
  });
}

class Writer {
  private listInstance = 0;
  constructor(
    private readonly images: ReadonlyMap<string, PrintImage>,
    private readonly words: PrintWords,
  ) {}

  blocks(list: readonly Block[], listLevel = 0): (Paragraph | Table)[] {
    return list.flatMap((b): (Paragraph | Table)[] => {
      switch (b.kind) {
        case 'heading':
          // Headings inside a document stay out of the table of contents: bold lines, a size by their level.
          return [
            new Paragraph({
              keepNext: true,
              spacing: { before: 160, after: 80 },
              children: runs(b.text, { bold: true, size: Math.max(22, 32 - b.level * 3) }),
            }),
          ];
        case 'paragraph':
          return [new Paragraph({ spacing: { after: 100 }, children: runs(b.text) })];
        case 'list': {
          const instance = ++this.listInstance;
          return b.items.flatMap((item) =>
            item.flatMap((inner, i) => {
              if (inner.kind === 'paragraph' && i === 0)
                return [
                  new Paragraph({
                    numbering: { reference: b.ordered ? 'ordered' : 'bullets', level: Math.min(listLevel, 8), instance },
                    children: runs(inner.text),
                  }),
                ];
              return this.blocks([inner], listLevel + 1);
            }),
          );
        }
        case 'code':
          return [
            new Paragraph({
              shading: { type: ShadingType.CLEAR, fill: 'F6F8FA', color: 'auto' },
              spacing: { before: 60, after: 120 },
              children: b.text.split('\n').map((line, i) => run(line, { size: 18, ...(i ? { break: 1 } : {}) }, true)),
            }),
          ];
        case 'table':
          return [this.table(b)];
        case 'image': {
          const image = this.images.get(b.src);
          if (!image) return b.alt ? [new Paragraph({ children: [run(`[${b.alt}]`, { italics: true, color: '666666' })] })] : [];
          // Word shows PNG, JPEG and GIF; a WebP prints the PDF's placeholder line instead.
          if (image.type === 'webp')
            return [
              new Paragraph({
                children: [run(this.words.imagePlaceholder(imageName(b.src, b.alt), 'WEBP'), { italics: true, color: '666666' })],
              }),
            ];
          const scale = Math.min(1, MAX_IMAGE_WIDTH / image.width);
          return [
            new Paragraph({
              children: [
                new ImageRun({
                  type: image.type,
                  data: image.bytes,
                  transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) },
                  altText: { name: b.alt || 'image', description: b.alt, title: b.alt },
                }),
              ],
            }),
          ];
        }
        case 'quote':
          return this.blocks(b.blocks, listLevel);
        case 'rule':
          return [new Paragraph({ border: { bottom: { style: 'single', size: 6, color: 'C9CED8', space: 1 } }, children: [] })];
      }
    });
  }

  private table(b: Extract<Block, { kind: 'table' }>): Table {
    const total = b.widths.reduce((a, w) => a + w, 0);
    const columnWidths = b.widths.map((w) => Math.round((w / total) * TEXT_WIDTH));
    const cell = (children: ParagraphChild[], width: number, depth = 0, header = false) =>
      new TableCell({
        width: { size: width, type: WidthType.DXA },
        ...(header ? { shading: { type: ShadingType.CLEAR, fill: 'EEF1F6', color: 'auto' } } : {}),
        children: [new Paragraph({ indent: depth ? { left: depth * 240 } : undefined, children })],
      });
    return new Table({
      width: { size: TEXT_WIDTH, type: WidthType.DXA },
      columnWidths,
      rows: [
        new TableRow({
          tableHeader: true,
          cantSplit: true,
          children: b.header.map((h, i) => cell([run(h, { bold: true, size: 18 })], columnWidths[i]!, 0, true)),
        }),
        ...b.rows.map(
          (row) =>
            new TableRow({
              cantSplit: true,
              children: row.cells.map((c, i) => cell(runs(c, { size: 18 }), columnWidths[i]!, i === 0 ? row.depth : 0)),
            }),
        ),
      ],
    });
  }
}

/** The bookmark of the i-th document's heading, which its entry in the contents links to. */
const tocAnchor = (i: number) => `_Toc${i + 1}`;

export const docxWriter: ExportWriter<AsyncIterable<Uint8Array>> = async (file, options) => {
  const o = outline(file, options);
  const sources = new Set<string>();
  imageSources(o.description, sources);
  for (const s of o.sections) imageSources(s.blocks, sources);
  const images = await loadImages(sources, (src) => options.readImage(src));
  const writer = new Writer(images, o.words);
  const [before, between, after] = o.words.pageOfParts;
  const doc = new Document({
    creator: 'Apiloom',
    title: o.title,
    features: { updateFields: true },
    styles: { default: { document: { run: { font: TEXT_FONT, size: 21 } }, heading1: { run: { font: TEXT_FONT } } } },
    numbering: {
      config: [
        {
          reference: 'bullets',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.BULLET,
            text: level % 2 ? '◦' : '•',
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 260 } } },
          })),
        },
        {
          reference: 'ordered',
          levels: Array.from({ length: 9 }, (_, level) => ({
            level,
            format: LevelFormat.DECIMAL,
            text: `%${level + 1}.`,
            alignment: AlignmentType.LEFT,
            style: { paragraph: { indent: { left: 360 * (level + 1), hanging: 260 } } },
          })),
        },
      ],
    },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    font: TEXT_FONT,
                    size: 18,
                    children: [before, PageNumber.CURRENT, between, PageNumber.TOTAL_PAGES, after],
                  }),
                ],
              }),
            ],
          }),
        },
        // The body is streamed in here (package.ts), one section at a time: the cover and contents, then each document.
        children: [bodyMarker()],
      },
    ],
  });
  function* body(): Generator<(Paragraph | Table | TableOfContents)[]> {
    yield [
      new Paragraph({ heading: HeadingLevel.TITLE, spacing: { before: 3000, after: 400 }, children: [run(o.title)] }),
      ...writer.blocks(o.description),
      new Paragraph({
        children: [run(`${o.words.exportedAt}: ${options.exportedAt.slice(0, 10)}`, { color: '555555' }), new PageBreak()],
      }),
      new Paragraph({ heading: HeadingLevel.TITLE, children: [run(o.words.toc)] }),
      // The contents' entries are written ahead (docx would find them in a body it held whole), each linked to its
      // heading's bookmark; Word fills in the page numbers when it updates the field on opening.
      new TableOfContents(o.words.toc, {
        hyperlink: true,
        headingStyleRange: '1-6',
        cachedEntries: o.sections.map((s, i) => ({ title: headingText(s), level: Math.min(6, s.depth), href: tocAnchor(i) })),
      }),
      new Paragraph({ children: [new PageBreak()] }),
    ];
    for (const [i, s] of o.sections.entries())
      yield [
        new Paragraph({
          heading: HEADINGS[Math.min(6, s.depth) - 1],
          keepNext: true,
          children: [new Bookmark({ id: tocAnchor(i), children: [run(headingText(s))] })],
        }),
        ...writer.blocks(s.blocks),
      ];
  }
  return {
    body: streamDocx(doc, body()),
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
  };
};
