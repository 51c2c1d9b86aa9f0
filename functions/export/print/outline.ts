/**
 * A project file as the print writers lay it out: each node in tree order with its depth, its serial label and
 * its content as blocks (./blocks.ts). Parameter trees become table rows with their nesting depth.
 */
import type { ApiloomFile } from '../../../shared/import/apiloom';
import { readContent, type DocumentType, type ParamItem } from '../../../shared/schemas/document';
import type { ExportOptions } from '../types';
import { markdownBlocks, markdownInline, htmlBlocks, plain, type Block, type Inline, type TableRow } from './blocks';
import { printWords, type PrintWords } from './words';

export interface Section {
  id: string;
  /** 1 at the top of the tree. */
  depth: number;
  /** The serial label ('' when the project numbers nothing). */
  label: string;
  title: string;
  type: DocumentType;
  blocks: Block[];
}

export interface Outline {
  title: string;
  description: Block[];
  sections: Section[];
  words: PrintWords;
}

/** The heading line of a section: its serial label, then its title. */
export const headingText = (s: Pick<Section, 'label' | 'title'>) => (s.label ? `${s.label} ${s.title}` : s.title);

const pretty = (text: string) => {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

function paramRows(
  items: readonly ParamItem[],
  words: PrintWords,
  models: ReadonlyMap<string, string>,
  depth = 0,
  out: TableRow[] = [],
): TableRow[] {
  for (const p of items) {
    const model = p.ref !== undefined ? (models.get(p.ref) ?? p.ref) : undefined;
    const type = [p.combine ?? (p.type === 'any' ? '' : p.type), model ? `→ ${model}` : ''].filter(Boolean).join(' ');
    const example = p.value || (p.enum?.length ? p.enum.map((v) => JSON.stringify(v)).join(' | ') : '');
    out.push({
      depth,
      cells: [
        plain(p.name || words.root),
        [{ text: type, code: true }],
        plain(p.required ? words.yes : words.no),
        example ? [{ text: example, code: true }] : [],
        markdownInline(p.description),
      ],
    });
    paramRows(p.children, words, models, depth + 1, out);
  }
  return out;
}

function paramTable(title: string, items: readonly ParamItem[], words: PrintWords, models: ReadonlyMap<string, string>): Block[] {
  if (!items.length) return [];
  const w = words.param;
  return [
    { kind: 'heading', level: 3, text: plain(title) },
    {
      kind: 'table',
      header: [w.name, w.type, w.required, w.example, w.description],
      widths: [3, 2, 1.6, 2, 4],
      rows: paramRows(items, words, models),
    },
  ];
}

function examples(title: string, list: readonly { name: string; value: string }[]): Block[] {
  return list.flatMap((e): Block[] => [
    { kind: 'heading', level: 3, text: plain(e.name ? `${title} · ${e.name}` : title) },
    { kind: 'code', text: pretty(e.value) },
  ]);
}

function contentBlocks(type: DocumentType, stored: unknown, words: PrintWords, models: ReadonlyMap<string, string>): Block[] {
  let typed;
  try {
    typed = readContent(type, stored);
  } catch {
    return [];
  }
  switch (typed.type) {
    case 'api': {
      const c = typed.content;
      const line: Inline[] = [
        { text: c.method, bold: true, code: true },
        { text: ' ' },
        { text: c.path, code: true },
        { text: `   ${words.status[c.status] ?? c.status}` },
      ];
      return [
        { kind: 'paragraph', text: line },
        ...(c.tags.length ? [{ kind: 'paragraph', text: plain(c.tags.join(' · ')) } as Block] : []),
        ...markdownBlocks(c.description),
        ...paramTable(words.reqHeaders, c.reqHeaders, words, models),
        ...paramTable(words.reqPath, c.reqPath, words, models),
        ...paramTable(words.reqQuery, c.reqQuery, words, models),
        ...paramTable(`${words.reqBody} · ${c.requestType}`, c.reqBody, words, models),
        ...examples(words.reqExample, c.reqExamples),
        ...c.responses.flatMap((r): Block[] => [
          { kind: 'heading', level: 2, text: plain(`${words.response} ${r.status}`) },
          ...markdownBlocks(r.description),
          ...paramTable(`${words.respBody} · ${r.format}`, r.body, words, models),
          ...paramTable(words.respHeaders, r.headers, words, models),
          ...examples(words.respExample, r.examples),
        ]),
      ];
    }
    case 'model': {
      const c = typed.content;
      return [
        { kind: 'paragraph', text: [{ text: `${words.modelName}: ` }, { text: c.name, code: true }] },
        ...markdownBlocks(c.description),
        ...paramTable(words.modelSchema, c.schema, words, models),
      ];
    }
    case 'doc':
      return markdownBlocks(typed.content.markdown);
    case 'richtext':
      return htmlBlocks(typed.content.html);
    case 'errorcode': {
      const w = words.errorcode;
      return typed.content.rows.length
        ? [
            {
              kind: 'table',
              header: [w.code, w.message, w.description],
              widths: [1, 2, 3],
              rows: typed.content.rows.map((r) => ({
                depth: 0,
                cells: [[{ text: r.code, code: true }], plain(r.message), markdownInline(r.description)],
              })),
            },
          ]
        : [];
    }
    case 'embed':
      return [{ kind: 'paragraph', text: [{ text: `${words.embed}: ` }, { text: typed.content.url, link: typed.content.url }] }];
    case 'link':
      return [{ kind: 'paragraph', text: [{ text: `${words.link}: ` }, { text: typed.content.url, link: typed.content.url }] }];
    default:
      return [];
  }
}

export function outline(file: ApiloomFile, options: Pick<ExportOptions, 'language' | 'serials'>): Outline {
  const words = printWords(options.language);
  const models = new Map<string, string>();
  for (const node of file.nodes)
    if (node.type === 'model') {
      try {
        const typed = readContent('model', node.content);
        if (typed.type === 'model') models.set(node.id, typed.content.name);
      } catch {
        // An unreadable model is named by its id.
      }
    }
  const depthOf = new Map<string, number>();
  const sections: Section[] = [];
  for (const node of file.nodes) {
    if (node.type === 'softlink') continue;
    const depth = (node.parentId ? (depthOf.get(node.parentId) ?? 0) : 0) + 1;
    depthOf.set(node.id, depth);
    sections.push({
      id: node.id,
      depth,
      label: options.serials.get(node.id) ?? '',
      title: node.name,
      type: node.type,
      blocks: contentBlocks(node.type, node.content, words, models),
    });
  }
  return { title: file.project.name ?? '', description: markdownBlocks(file.project.description ?? ''), sections, words };
}

/** Every image a layout shows, for the writer to ask `readImage` about once each. */
export function imageSources(blocks: readonly Block[], out = new Set<string>()): Set<string> {
  for (const b of blocks) {
    if (b.kind === 'image' && b.src) out.add(b.src);
    else if (b.kind === 'list') b.items.forEach((item) => imageSources(item, out));
    else if (b.kind === 'quote') imageSources(b.blocks, out);
  }
  return out;
}
