/**
 * The print writers' own small content model: what a page of an exported document is made of, whatever the
 * source (an API's fields, Markdown, Quill's HTML). The PDF and Word writers each render these blocks, so both
 * lay out the same things the same way.
 */
import { lexer, type Token, type Tokens } from 'marked';

export interface Inline {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
  code?: boolean;
  link?: string;
}

export interface TableRow {
  /** Nesting of a parameter row (0 at the top): the first cell is indented by it. */
  depth: number;
  cells: Inline[][];
}

export type Block =
  /** A heading inside a document (not a document's own title): `level` 1 is the largest. */
  | { kind: 'heading'; level: number; text: Inline[] }
  | { kind: 'paragraph'; text: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Block[][] }
  | { kind: 'code'; text: string }
  /** `widths` are relative weights of the columns. */
  | { kind: 'table'; header: string[]; widths: number[]; rows: TableRow[] }
  | { kind: 'image'; src: string; alt: string }
  | { kind: 'quote'; blocks: Block[] }
  | { kind: 'rule' };

export const plain = (text: string): Inline[] => (text ? [{ text }] : []);
export const inlineText = (runs: readonly Inline[]) => runs.map((r) => r.text).join('');

// ---- Markdown (marked's lexer: tokens, no HTML) ----

function inlineTokens(tokens: readonly Token[] | undefined, style: Omit<Inline, 'text'>, images: Block[]): Inline[] {
  const out: Inline[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...inlineTokens((t as Tokens.Strong).tokens, { ...style, bold: true }, images));
        break;
      case 'em':
        out.push(...inlineTokens((t as Tokens.Em).tokens, { ...style, italic: true }, images));
        break;
      case 'del':
        out.push(...inlineTokens((t as Tokens.Del).tokens, { ...style, strike: true }, images));
        break;
      case 'codespan':
        out.push({ ...style, code: true, text: decodeEntities((t as Tokens.Codespan).text) });
        break;
      case 'link':
        out.push(...inlineTokens((t as Tokens.Link).tokens, { ...style, link: (t as Tokens.Link).href }, images));
        break;
      case 'image':
        images.push({ kind: 'image', src: (t as Tokens.Image).href, alt: (t as Tokens.Image).text });
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'text':
      case 'escape': {
        const tt = t as Tokens.Text;
        if (tt.tokens?.length) out.push(...inlineTokens(tt.tokens, style, images));
        else out.push({ ...style, text: decodeEntities(tt.text) });
        break;
      }
      case 'html':
        out.push(...htmlInline((t as Tokens.HTML).text, style));
        break;
      default:
        if ('text' in t && typeof t.text === 'string') out.push({ ...style, text: t.text });
    }
  }
  return out;
}

function markdownTokens(tokens: readonly Token[]): Block[] {
  const out: Block[] = [];
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const images: Block[] = [];
        out.push(
          { kind: 'heading', level: (t as Tokens.Heading).depth, text: inlineTokens((t as Tokens.Heading).tokens, {}, images) },
          ...images,
        );
        break;
      }
      case 'paragraph':
      case 'text': {
        const images: Block[] = [];
        const text = inlineTokens(
          (t as Tokens.Paragraph).tokens ?? [{ type: 'text', raw: t.raw, text: (t as Tokens.Text).text }],
          {},
          images,
        );
        if (inlineText(text).trim()) out.push({ kind: 'paragraph', text });
        out.push(...images);
        break;
      }
      case 'list': {
        const list = t as Tokens.List;
        out.push({ kind: 'list', ordered: list.ordered, items: list.items.map((item) => markdownTokens(item.tokens)) });
        break;
      }
      case 'code':
        out.push({ kind: 'code', text: (t as Tokens.Code).text });
        break;
      case 'table': {
        const table = t as Tokens.Table;
        const images: Block[] = [];
        out.push({
          kind: 'table',
          header: table.header.map((c) => inlineText(inlineTokens(c.tokens, {}, images))),
          widths: table.header.map(() => 1),
          rows: table.rows.map((row) => ({ depth: 0, cells: row.map((c) => inlineTokens(c.tokens, {}, images)) })),
        });
        out.push(...images);
        break;
      }
      case 'blockquote':
        out.push({ kind: 'quote', blocks: markdownTokens((t as Tokens.Blockquote).tokens) });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      case 'html':
        out.push(...htmlBlocks((t as Tokens.HTML).text));
        break;
      default:
        break;
    }
  }
  return out;
}

export const markdownBlocks = (source: string): Block[] => (source.trim() ? markdownTokens(lexer(source, { gfm: true })) : []);

/** Markdown as one line of runs, for a table cell (a parameter's description). */
export function markdownInline(source: string): Inline[] {
  const runs: Inline[] = [];
  for (const block of markdownBlocks(source)) {
    if (runs.length) runs.push({ text: ' ' });
    if (block.kind === 'paragraph' || block.kind === 'heading') runs.push(...block.text);
    else if (block.kind === 'code') runs.push({ text: block.text, code: true });
    else if (block.kind === 'list')
      runs.push(
        ...block.items.flatMap((item) => [
          { text: '• ' },
          ...item.flatMap((b) => ('text' in b && Array.isArray(b.text) ? b.text : [])),
          { text: ' ' },
        ]),
      );
  }
  return runs;
}

// ---- HTML (Quill's rich text): a small walker, no DOM ----

interface HtmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: HtmlNode[];
}
type HtmlNode = HtmlElement | string;

const VOID = new Set(['br', 'img', 'hr', 'input', 'meta', 'link', 'col', 'wbr', 'source']);
const SKIP = new Set(['script', 'style', 'template', 'iframe', 'object', 'svg', 'math', 'head', 'title', 'noscript']);
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  middot: '·',
  copy: '©',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|<|[^<]+/g;
const ATTR = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

export function parseHtml(html: string): HtmlNode[] {
  const root: HtmlElement = { tag: '#root', attrs: {}, children: [] };
  const stack: HtmlElement[] = [root];
  let skipping = 0;
  for (const m of html.matchAll(TOKEN)) {
    const [whole, closing, rawTag, rawAttrs, selfClosing] = m;
    const top = stack[stack.length - 1]!;
    if (whole.startsWith('<!--')) continue;
    if (!rawTag) {
      if (!skipping) top.children.push(decodeEntities(whole));
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      if (SKIP.has(tag)) {
        skipping = Math.max(0, skipping - 1);
        continue;
      }
      const at = stack.map((e) => e.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
      continue;
    }
    if (SKIP.has(tag)) {
      if (!selfClosing) skipping++;
      continue;
    }
    if (skipping) continue;
    const attrs: Record<string, string> = {};
    for (const a of (rawAttrs ?? '').matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? '');
    const element: HtmlElement = { tag, attrs, children: [] };
    top.children.push(element);
    if (!VOID.has(tag) && !selfClosing) stack.push(element);
  }
  return root.children;
}

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ol',
  'ul',
  'li',
  'pre',
  'blockquote',
  'hr',
  'table',
  'section',
  'article',
  'figure',
  'img',
]);

const textOf = (nodes: readonly HtmlNode[]): string =>
  nodes
    .map((n) =>
      typeof n === 'string' ? n : n.tag === 'br' ? '\n' : n.tag === 'div' || n.tag === 'p' ? `${textOf(n.children)}\n` : textOf(n.children),
    )
    .join('');

function htmlRuns(nodes: readonly HtmlNode[], style: Omit<Inline, 'text'>, images: Block[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    if (typeof n === 'string') {
      out.push({ ...style, text: n });
      continue;
    }
    switch (n.tag) {
      case 'strong':
      case 'b':
        out.push(...htmlRuns(n.children, { ...style, bold: true }, images));
        break;
      case 'em':
      case 'i':
        out.push(...htmlRuns(n.children, { ...style, italic: true }, images));
        break;
      case 's':
      case 'strike':
      case 'del':
        out.push(...htmlRuns(n.children, { ...style, strike: true }, images));
        break;
      case 'code':
        out.push(...htmlRuns(n.children, { ...style, code: true }, images));
        break;
      case 'a':
        out.push(...htmlRuns(n.children, n.attrs.href ? { ...style, link: n.attrs.href } : style, images));
        break;
      case 'br':
        out.push({ ...style, text: '\n' });
        break;
      case 'img':
        images.push({ kind: 'image', src: n.attrs.src ?? '', alt: n.attrs.alt ?? '' });
        break;
      default:
        out.push(...htmlRuns(n.children, style, images));
    }
  }
  return out;
}

function htmlNodesToBlocks(nodes: readonly HtmlNode[]): Block[] {
  const out: Block[] = [];
  let pending: HtmlNode[] = [];
  const flush = () => {
    if (!pending.length) return;
    const images: Block[] = [];
    const text = htmlRuns(pending, {}, images);
    if (inlineText(text).trim()) out.push({ kind: 'paragraph', text });
    out.push(...images);
    pending = [];
  };
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (typeof n === 'string' || !BLOCK_TAGS.has(n.tag)) {
      pending.push(n);
      continue;
    }
    flush();
    const heading = /^h([1-6])$/.exec(n.tag);
    if (heading) {
      const images: Block[] = [];
      out.push({ kind: 'heading', level: Number(heading[1]), text: htmlRuns(n.children, {}, images) }, ...images);
    } else if (n.tag === 'p') {
      const images: Block[] = [];
      const text = htmlRuns(n.children, {}, images);
      if (inlineText(text).trim()) out.push({ kind: 'paragraph', text });
      out.push(...images);
    } else if (n.tag === 'ol' || n.tag === 'ul') {
      out.push(...quillList(n));
    } else if (n.tag === 'li') {
      out.push({ kind: 'list', ordered: false, items: [htmlNodesToBlocks(n.children)] });
    } else if (n.tag === 'pre') {
      out.push({ kind: 'code', text: textOf(n.children).replace(/\n$/, '') });
    } else if (n.tag === 'div' && /\bql-code-block-container\b/.test(n.attrs.class ?? '')) {
      out.push({ kind: 'code', text: textOf(n.children).replace(/\n$/, '') });
    } else if (n.tag === 'blockquote') {
      out.push({ kind: 'quote', blocks: htmlNodesToBlocks(n.children) });
    } else if (n.tag === 'hr') {
      out.push({ kind: 'rule' });
    } else if (n.tag === 'img') {
      out.push({ kind: 'image', src: n.attrs.src ?? '', alt: n.attrs.alt ?? '' });
    } else if (n.tag === 'table') {
      const rows = collect(n, 'tr').map((tr) =>
        tr.children.filter((c): c is HtmlElement => typeof c !== 'string' && (c.tag === 'td' || c.tag === 'th')),
      );
      const [head, ...body] = rows;
      if (head) {
        const images: Block[] = [];
        out.push({
          kind: 'table',
          header: head.map((c) => textOf(c.children).trim()),
          widths: head.map(() => 1),
          rows: body.map((cells) => ({ depth: 0, cells: cells.map((c) => htmlRuns(c.children, {}, images)) })),
        });
        out.push(...images);
      }
    } else {
      out.push(...htmlNodesToBlocks(n.children));
    }
  }
  flush();
  return out;
}

interface ListEntry {
  ordered: boolean;
  /** Quill's `ql-indent-N` (0 when the item is not indented). */
  indent: number;
  blocks: Block[];
}

/**
 * A list as Quill 2 writes it: one flat `<ol>` whose items say whether they are bullets (`data-list`) and how deep
 * they are (`ql-indent-N`). Items deeper than the one before become a list nested inside it, as nested `<ol>`s
 * and Markdown's indented items do; a list that starts deeper than its first level gets an empty item to hang from.
 */
function quillList(list: HtmlElement): Block[] {
  const entries: ListEntry[] = [];
  for (const li of list.children) {
    if (typeof li === 'string') continue;
    entries.push({
      ordered: li.attrs['data-list'] ? li.attrs['data-list'] === 'ordered' : list.tag === 'ol',
      indent: Number(/\bql-indent-(\d+)\b/.exec(li.attrs.class ?? '')?.[1] ?? 0),
      blocks: htmlNodesToBlocks(li.children),
    });
  }
  return nestList(entries, 0, { at: 0 });
}

/** The lists at `level` from `cursor.at` on, with the deeper items nested in the item before them. */
function nestList(entries: readonly ListEntry[], level: number, cursor: { at: number }): Block[] {
  const out: Block[] = [];
  let current: Extract<Block, { kind: 'list' }> | undefined;
  while (cursor.at < entries.length) {
    const entry = entries[cursor.at]!;
    if (entry.indent < level) break;
    if (entry.indent > level) {
      if (!current) {
        current = { kind: 'list', ordered: entry.ordered, items: [[]] };
        out.push(current);
      }
      current.items.at(-1)!.push(...nestList(entries, level + 1, cursor));
      continue;
    }
    if (!current || current.ordered !== entry.ordered) {
      current = { kind: 'list', ordered: entry.ordered, items: [] };
      out.push(current);
    }
    current.items.push([...entry.blocks]);
    cursor.at++;
  }
  return out;
}

function collect(element: HtmlElement, tag: string): HtmlElement[] {
  const found: HtmlElement[] = [];
  for (const c of element.children) {
    if (typeof c === 'string') continue;
    if (c.tag === tag) found.push(c);
    else found.push(...collect(c, tag));
  }
  return found;
}

export const htmlBlocks = (html: string): Block[] => htmlNodesToBlocks(parseHtml(html));
const htmlInline = (html: string, style: Omit<Inline, 'text'>): Inline[] => htmlRuns(parseHtml(html), style, []);
