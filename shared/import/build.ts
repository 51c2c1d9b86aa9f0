/**
 * What every importer builds with: documents validated by the content schemas (an importer can never hand the
 * writer something a save would refuse), parameter rows with ids that are the same on every run of the same
 * source (so an unchanged source hashes the same), titles that fit the tree, and the keys re-imports match on.
 */
import { LIMITS } from '../constants';
import { shortTitle } from '../titles';
import { contentSchemas, HTTP_METHODS, type ApiContent, type ContentOf, type ParamItem, type ParamType } from '../schemas/document';
import { paramRow } from '../schemas/param-row';
import { ImportRefusal } from './parse';
import type { ImportedDocument, ImportedDocumentOf, ImportedKind, ImportWarning } from './types';

export type Method = (typeof HTTP_METHODS)[number];
export const isMethod = (m: string): m is Method => (HTTP_METHODS as readonly string[]).includes(m);

/**
 * A path as re-imports compare it: `{x}` and `:x` alike, one slash between segments, none at the end, no query. A
 * fragment stays: `/files/{id}#get_shared_link` and the query-style `/#Action=DescribeInstances` are operations of
 * their own beside `/files/{id}` and `/`, as the descriptions that write them mean.
 */
export function normalisePath(path: string): string {
  const trimmed = path.trim();
  const hash = trimmed.indexOf('#');
  const fragment = hash >= 0 ? trimmed.slice(hash) : '';
  const bare = (hash >= 0 ? trimmed.slice(0, hash) : trimmed).replace(/\?.*$/, '');
  const segments = bare
    .split('/')
    .filter(Boolean)
    .map((s) => (/^\{[^}]*\}$/.test(s) || /^:[^/]+$/.test(s) ? '{}' : s));
  return `/${segments.join('/')}${fragment.length > 1 ? fragment : ''}`;
}
export const apiKey = (method: string, path: string) => `api:${method.toUpperCase()} ${normalisePath(path)}`;
export const modelKey = (name: string) => `model:${name}`;
export const pageKey = (folder: string[], title: string) => `page:${[...folder, title].join('/')}`;

/** A name on one line: no control or direction characters, spaces collapsed; `fallback` when nothing is left. */
export function oneLine(text: string, fallback = 'Untitled'): string {
  const line = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line || fallback;
}

/** A tree title: one line, at most LIMITS.documentTitle characters (shortTitle: an ellipsis marks a cut). */
export const titleOf = (text: string, fallback = 'Untitled'): string => shortTitle(oneLine(text, fallback));

/** Folders are documents too: their names fit the same way. */
export const folderNameOf = (text: string) => titleOf(text, 'Folder');

/** Row ids that depend only on the order rows are made in: the same source gives the same ids. */
export class RowIds {
  private next = 0;
  id = () => `r${(this.next++).toString(36)}`;
}

export function row(ids: RowIds, name: string, type: ParamType, extra: Partial<ParamItem> = {}): ParamItem {
  return paramRow(name, type, { id: ids.id(), ...extra });
}

/** An example value as a row keeps it: strings as they are, anything else as JSON. */
export const exampleText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

/** Rows that describe a JSON value (an example body): names, types and the value as each row's example. */
export function rowsFromValue(ids: RowIds, value: unknown, depth = 1): ParamItem[] {
  if (value === null || typeof value !== 'object') return value === undefined ? [] : [valueRow(ids, '', value, depth)];
  if (Array.isArray(value)) return [valueRow(ids, '', value, depth)];
  return Object.entries(value).map(([name, v]) => valueRow(ids, name, v, depth));
}

function valueRow(ids: RowIds, name: string, value: unknown, depth: number): ParamItem {
  if (depth > LIMITS.paramDepth) throw new ImportRefusal('importTooDeep', { depth: LIMITS.paramDepth });
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    if (first && typeof first === 'object' && !Array.isArray(first))
      return row(ids, name, 'array[object]', { children: rowsFromValue(ids, first, depth + 1) });
    const type: ParamType = Array.isArray(first)
      ? 'array[array]'
      : typeof first === 'number'
        ? 'array[number]'
        : typeof first === 'boolean'
          ? 'array[boolean]'
          : first === undefined
            ? 'array'
            : 'array[string]';
    return row(ids, name, type, { value: JSON.stringify(value) });
  }
  if (value && typeof value === 'object') return row(ids, name, 'object', { children: rowsFromValue(ids, value, depth + 1) });
  if (typeof value === 'number') return row(ids, name, Number.isInteger(value) ? 'integer' : 'number', { value: String(value) });
  if (typeof value === 'boolean') return row(ids, name, 'boolean', { value: String(value) });
  if (value === null) return row(ids, name, 'any', { nullable: true });
  return row(ids, name, 'string', { value: exampleText(value) });
}

/** A JSON body's text as rows, or none when it is not JSON. */
export function rowsFromJsonText(ids: RowIds, text: string): ParamItem[] | undefined {
  try {
    return rowsFromValue(ids, JSON.parse(text));
  } catch (error) {
    if (error instanceof ImportRefusal) throw error;
    return undefined;
  }
}

/** Text in the media type's pretty form: JSON indented, anything else as it is. */
export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A full API content from the fields an importer knows; the rest take the schema's defaults. */
export type ApiDraft = Partial<ApiContent> & { method: Method; path: string };

/** The longest full name an API keeps (its `summary`); longer ones are cut there. */
export const MAX_FULL_NAME = 1_000;

/**
 * Validates a document against its kind's schema. A document that fails is left out with a warning (the
 * import goes on: invalid sources import as far as they map); one nested past the depth cap refuses the import.
 * `name` is the source's full name: an API whose name a tree title cannot hold keeps it as its `summary`, and
 * DocumentList gives every document its tree title.
 */
export function finish<T extends ImportedKind>(
  draft: { key: string; type: T; name: string; folder: string[]; content: unknown },
  pointer: string,
  warnings: ImportWarning[],
): ImportedDocumentOf<T> | undefined {
  const name = oneLine(draft.name);
  const long = [...name].length > LIMITS.documentTitle;
  let content =
    draft.type === 'api' && long && typeof draft.content === 'object' && !(draft.content as { summary?: unknown }).summary
      ? { ...draft.content, summary: [...name].slice(0, MAX_FULL_NAME).join('') }
      : draft.content;
  const schema = contentSchemas[draft.type];
  let parsed = schema.safeParse(content);
  // Text or a list longer than its field holds is cut, visibly and with a warning, and the document kept: a long
  // description never costs the operation or the model. Each pass cuts what the last one found.
  for (let pass = 0; !parsed.success && pass < 5; pass++) {
    const cuts = parsed.error.issues.filter(isCuttable);
    if (!cuts.length) break;
    const copy = structuredClone(content);
    for (const issue of cuts) cutAt(copy, issue, pointer, warnings);
    content = copy;
    parsed = schema.safeParse(content);
  }
  if (!parsed.success) {
    const depthIssue = parsed.error.issues.find((i) => i.message === 'v.paramDepth');
    if (depthIssue) throw new ImportRefusal('importTooDeep', { depth: LIMITS.paramDepth }, pointer);
    const issue = parsed.error.issues[0]!;
    warnings.push({ pointer, code: 'unreadable', params: { detail: `${issue.path.join('.')}: ${issue.message}` } });
    return undefined;
  }
  return { ...draft, name, folder: draft.folder.map(folderNameOf), content: parsed.data as ContentOf<T> };
}

/** What ends text that was cut: the reader sees that something follows, the import's report says what. */
export const CUT_MARK = '…';

type Issue = { code: string; path: PropertyKey[]; origin?: string; maximum?: number | bigint };
const isCuttable = (issue: Issue) =>
  issue.code === 'too_big' && (issue.origin === 'string' || issue.origin === 'array') && typeof issue.maximum === 'number';

/** Cuts the string or list an issue points at to its field's maximum, and says so. */
function cutAt(root: unknown, issue: Issue, pointer: string, warnings: ImportWarning[]) {
  const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  const key = path.at(-1);
  let parent: unknown = root;
  for (const part of path.slice(0, -1))
    parent = parent && typeof parent === 'object' ? (parent as Record<string | number, unknown>)[part] : undefined;
  if (!parent || typeof parent !== 'object' || key === undefined) return;
  const holder = parent as Record<string | number, unknown>;
  const value = holder[key];
  const max = Number(issue.maximum);
  const field = path.join('.');
  if (typeof value === 'string' && value.length > max) {
    holder[key] = `${value.slice(0, Math.max(0, max - CUT_MARK.length)).trimEnd()}${CUT_MARK}`;
    warnings.push({ pointer, code: 'cutText', params: { field, length: value.length, max } });
  } else if (Array.isArray(value) && value.length > max) {
    holder[key] = value.slice(0, max);
    warnings.push({ pointer, code: 'cutList', params: { field, length: value.length, max } });
  }
}

/**
 * Adds documents that made it through `finish`, and keeps the last of two with the same key (a warning says so).
 * It gives each its tree title: a name too long for one is cut visibly (titles.ts), numbered when the cut would
 * give two documents of a folder the same title, and listed in the warnings (the import's report).
 */
export class DocumentList {
  private readonly list: { document: ImportedDocument; pointer: string }[] = [];
  private readonly byKey = new Map<string, number>();

  constructor(private readonly warnings: ImportWarning[]) {}

  add(document: ImportedDocument | undefined, pointer: string) {
    if (!document) return;
    const at = this.byKey.get(document.key);
    if (at !== undefined) {
      this.warnings.push({ pointer, code: 'duplicateOperation', params: { key: document.key } });
      this.list[at] = { document, pointer };
      return;
    }
    this.byKey.set(document.key, this.list.length);
    this.list.push({ document, pointer });
  }

  /** The documents with their tree titles, in the source's order. */
  get documents(): ImportedDocument[] {
    if (this.titled) return this.titled;
    const placeOf = (d: ImportedDocument, title: string) => JSON.stringify([d.type, d.folder, title]);
    // Titles that need no cut are taken first, so a cut title never takes a name the source gave another document.
    const taken = new Set(
      this.list.filter(({ document: d }) => shortTitle(d.name) === d.name).map(({ document: d }) => placeOf(d, d.name)),
    );
    // Many names cut to the same title (GitHub's webhooks: hundreds of "This event occurs when…" in one folder), and
    // trying their numbers from 2 each time made titling quadratic. So each numbered stem in its place remembers the
    // number it has reached: every number below it is taken. A stem is the title with its number's digits hidden, as
    // the cut depends on the number's length only.
    const reached = new Map<string, number>();
    this.titled = this.list.map(({ document, pointer }) => {
      const full = document.name;
      let title = shortTitle(full);
      if (title === full) return document;
      for (let n = 2; taken.has(placeOf(document, title));) {
        const number = ` (${n})`;
        const candidate = shortTitle(full, LIMITS.documentTitle, number);
        const stem = placeOf(document, `${candidate.slice(0, -number.length)} (${'#'.repeat(number.length - 3)})`);
        const from = reached.get(stem) ?? n;
        if (from > n) n = from;
        else {
          title = candidate;
          reached.set(stem, ++n);
        }
      }
      taken.add(placeOf(document, title));
      this.warnings.push({ pointer, code: 'shortenedTitle', params: { name: full, title } });
      return { ...document, name: title };
    });
    return this.titled;
  }
  private titled?: ImportedDocument[];
}

/** RFC 6901: how a key is written in a JSON pointer. */
export const pointerPart = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
export const pointerOf = (...parts: (string | number)[]) => parts.map((p) => `/${pointerPart(p)}`).join('');

export const REQUEST_TYPE_OF_MEDIA = (media: string): ApiContent['requestType'] => {
  const m = media.toLowerCase();
  if (m.includes('json')) return 'json';
  if (m.includes('x-www-form-urlencoded')) return 'form';
  if (m.includes('multipart')) return 'form-data';
  if (m.includes('xml')) return 'xml';
  return 'raw';
};
export const RESPONSE_FORMAT_OF_MEDIA = (media: string): 'json' | 'xml' | 'text' | 'html' => {
  const m = media.toLowerCase();
  if (m.includes('json')) return 'json';
  if (m.includes('xml')) return 'xml';
  if (m.includes('html')) return 'html';
  return m ? 'text' : 'json';
};
