/**
 * Search that finds what people wrote. Each document keeps a normalised search text beside it (the words of its
 * kind's content: markdown without syntax, rich text without tags, an API's description and parameters, error
 * codes), written in the same transaction as every save, so a search reads those small items instead of every
 * body, and bodies kept in S3 are searched like any other.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import type { ParamItem, TypedContent } from '@shared/schemas/document';
import { asRecords, batchGet, batchWrite, queryAll } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { keptByRevision } from './tree-changes';

/** A search text fits its own item (DynamoDB stops at 400 KB), so all but a huge page is searched whole. */
const SEARCH_TEXT_BYTES = 350 * 1024;

/** Cut to at most `bytes` of UTF-8, never inside a character. */
function truncateUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  return Buffer.from(text)
    .subarray(0, bytes)
    .toString('utf8')
    .replace(/\uFFFD+$/, '');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };
const decodeEntities = (s: string) => s.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
const stripTags = (html: string) => decodeEntities(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '));

/** Markdown as the words a reader sees: no heading marks, emphasis, link or image syntax, list markers or tags. */
function markdownText(markdown: string): string {
  return stripTags(
    markdown
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/^\s{0,3}(#{1,6}|>+|[-*+]|\d+[.)])\s+/gm, '')
      .replace(/^(`{3,}|~{3,}).*$/gm, '')
      .replace(/(\*{1,3}|_{1,3}|~~|`)(\S(?:.*?\S)?)\1/g, '$2')
      .replace(/^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*$/gm, '')
      .replace(/\|/g, ' '),
  );
}

function paramText(items: ParamItem[], out: string[]) {
  for (const p of items) {
    out.push(p.name, markdownText(p.description), p.value);
    paramText(p.children, out);
  }
}

/** The searchable words of a document's content, whitespace collapsed. */
export function contentText(typed: TypedContent): string {
  const parts: string[] = [];
  switch (typed.type) {
    case 'api': {
      const c = typed.content;
      parts.push(c.method, c.path, markdownText(c.description), ...c.tags);
      for (const list of [c.reqPath, c.reqQuery, c.reqHeaders, c.reqBody]) paramText(list, parts);
      for (const r of c.responses) {
        parts.push(r.status, markdownText(r.description));
        paramText(r.headers, parts);
        paramText(r.body, parts);
      }
      break;
    }
    case 'model':
      parts.push(typed.content.name, markdownText(typed.content.description));
      paramText(typed.content.schema, parts);
      break;
    case 'doc':
      parts.push(markdownText(typed.content.markdown));
      break;
    case 'richtext':
      parts.push(stripTags(typed.content.html));
      break;
    case 'errorcode':
      for (const row of typed.content.rows) parts.push(row.code, row.message, row.description);
      break;
    case 'embed':
    case 'link':
      parts.push(typed.content.url);
      break;
    case 'folder':
    case 'softlink':
      break;
  }
  return truncateUtf8(parts.join(' ').replace(/\s+/g, ' ').trim(), SEARCH_TEXT_BYTES);
}

const searchTextRecord = lazy(() => z.object({ documentId: z.string(), text: z.string() }));

export const searchTextItem = (projectId: string, documentId: string, text: string) => ({
  ...keys.searchText(projectId, documentId),
  ...ENTITY.searchText,
  documentId,
  text,
});

/**
 * Every search text of a project as of a tree revision, for a few projects: read whole as parallel ranges (see
 * keys.inRanges), then brought forward by what the tree's change log names (tree-changes.ts): a save writes its
 * search text in the transaction that writes its node, before the bump that names it. Each call makes a reader of
 * its own (the tests hold two, as two instances would).
 */
export const createSearchTexts = () =>
  keptByRevision<Map<string, string>>({
    max: 4,
    whole: async (projectId) => {
      const pages = await Promise.all(keys.searchTextsOfInRanges(projectId, 4).map((spec) => queryAll(spec)));
      return new Map(asRecords(searchTextRecord, pages.flat()).map((t) => [t.documentId, t.text]));
    },
    advance: async (projectId, kept, changed) => {
      const found = asRecords(
        searchTextRecord,
        await batchGet(
          [...changed].map((id) => keys.searchText(projectId, id)),
          { consistent: true },
        ),
      );
      const texts = new Map(kept);
      for (const id of changed) texts.delete(id);
      for (const t of found) texts.set(t.documentId, t.text);
      return texts;
    },
  });

/** This instance's search texts. */
export const searchTextsOf = createSearchTexts();

/** Writes search texts that are missing (documents saved before search texts existed). Best effort. */
export const storeSearchTexts = (projectId: string, texts: [string, string][]) =>
  batchWrite({ puts: texts.map(([id, text]) => searchTextItem(projectId, id, text)) });

interface Match {
  matchedIn: 'title' | 'path' | 'content';
  snippet: string;
}

/** Around the first occurrence: a few words either side, so a result shows why it matched. */
function snippetOf(text: string, at: number, length: number, radius = 40): string {
  const from = Math.max(0, at - radius);
  const to = Math.min(text.length, at + length + radius);
  return `${from > 0 ? '…' : ''}${text.slice(from, to).trim()}${to < text.length ? '…' : ''}`;
}

/** Where a document matches a lower-cased needle: its title first, then its path, then its content. */
export function matchDocument(doc: { name: string; path: string | null }, text: string | undefined, needle: string): Match | undefined {
  const fields: [Match['matchedIn'], string][] = [
    ['title', doc.name],
    ['path', doc.path ?? ''],
    ['content', text ?? ''],
  ];
  for (const [matchedIn, value] of fields) {
    const at = value.toLowerCase().indexOf(needle);
    if (at >= 0) return { matchedIn, snippet: matchedIn === 'content' ? snippetOf(value, at, needle.length) : value };
  }
  return undefined;
}
