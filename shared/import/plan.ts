/**
 * The re-import planner: from the project's documents and an importer's output, what to create, update, skip and
 * delete, before anything is written. It is also the dry run.
 *
 * Two separate choices, as Apifox has them: what to do with a matched document (`skip`, `merge`, `overwrite`) and,
 * off by default, whether to delete documents this source imported before and no longer has. Documents match on
 * the source and key they were imported with, else on their natural key (method and normalised path for APIs,
 * name for models, name and folder for pages), else an API on its operation id: by operation, not by the file's
 * name, so a renamed file's unchanged operations stay unchanged (they only move to the new name). A source whose mapped document hashes the same as last time is a
 * no-op. Merge is three-way against the last import (the base): where the source did not change, a person's edits
 * stay; where it did, the source wins for structure, and a person's own description wins a conflict over text.
 */
import type { DocumentType, ParamItem } from '../schemas/document';
import { apiKey, modelKey, pageKey } from './build';
import type { ImportedDocument, ImportResult, ImportWarning } from './types';

export type MatchedMode = 'skip' | 'merge' | 'overwrite';
export interface PlanOptions {
  /** What a matched document gets. */
  mode: MatchedMode;
  /** Delete documents this source imported before that it no longer has. Off by default. */
  deleteMissing?: boolean;
  /** Names the source (a file name, a URL, a CLI's project), so two sources never delete each other's documents. */
  source: string;
  /** Where the source and a person both changed a field: take the source's value (default: the person's text stays). */
  takeSource?: boolean;
}

/**
 * A field both the source and a person changed since the last import (issue 39): both values, and which one the
 * merge kept. Reported, so the source's change never disappears without a trace.
 */
export interface ImportConflict {
  key: string;
  documentId: string;
  /** The document's name in the project. */
  name: string;
  /** Where in the content: `description`, `reqBody.user.description`, `responses.404.description`... */
  field: string;
  ours: string;
  theirs: string;
  kept: 'ours' | 'source';
}

/** What the project remembers of a document's last import. */
export interface ImportStamp {
  source: string;
  key: string;
  /** The hash of the mapped source document, as `hashDocument` computes it. */
  hash: string;
  /** The mapped source document as last imported: the merge base. */
  base: Pick<ImportedDocument, 'name' | 'content'>;
}

export interface ExistingDocument {
  id: string;
  type: DocumentType;
  name: string;
  /** Folder names from the top down. */
  folder: string[];
  content: unknown;
  /** Its last import; without the base (too large to keep, or the browser preview, which never merges): two-way. */
  imported?: Omit<ImportStamp, 'base'> & { base?: ImportStamp['base'] };
}

export interface PlannedWrite {
  key: string;
  /** What to write (for an update: the merged document); the stamp to keep beside it. */
  document: ImportedDocument;
  stamp: ImportStamp;
  /** The matched document, for updates. */
  documentId?: string;
}

export interface ImportPlan {
  created: PlannedWrite[];
  updated: PlannedWrite[];
  /** Matched and left alone: unchanged since the last import, or kept by the `skip` choice. */
  skipped: { key: string; documentId: string; reason: 'unchanged' | 'kept' }[];
  /** Matched, merged to what the document already holds: only the stamp moves (no content write). */
  restamped: { documentId: string; stamp: ImportStamp }[];
  deleted: { key: string; documentId: string }[];
  /** Documents the importer could not map (its warnings say why). */
  failed: number;
  warnings: ImportWarning[];
  /** Fields the source and a person both changed (merge only). */
  conflicts: ImportConflict[];
}

/** The counts a run answers with. */
export const planReport = (plan: ImportPlan) => ({
  created: plan.created.length,
  updated: plan.updated.length,
  skipped: plan.skipped.length + plan.restamped.length,
  deleted: plan.deleted.length,
  failed: plan.failed,
  warnings: plan.warnings,
  conflicts: plan.conflicts,
});

/** JSON with keys in order, so equal documents stringify equally whatever order their keys were made in. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
}

/** cyrb53, twice with different seeds: a 106-bit hash, synchronous and the same in the browser and in Node. */
export function hashText(text: string): string {
  const run = (seed: number) => {
    let h1 = 0xdeadbeef ^ seed;
    let h2 = 0x41c6ce57 ^ seed;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
  };
  return `${run(0)}${run(0x9e3779b9)}`;
}

export const hashDocument = (d: Pick<ImportedDocument, 'type' | 'name' | 'folder' | 'content'>) =>
  hashText(stableStringify({ type: d.type, name: d.name, folder: d.folder, content: d.content }));

/** An API's operation id (OpenAPI's operationId), which a re-import also matches on when its path changed. */
function operationIdOf(d: Pick<ExistingDocument, 'type' | 'content'>): string | undefined {
  const id = d.type === 'api' ? (d.content as { operationId?: unknown } | undefined)?.operationId : undefined;
  return typeof id === 'string' && id ? id : undefined;
}

/** The key a document of the project answers to, made the way importers make theirs. */
export function naturalKey(d: Pick<ExistingDocument, 'type' | 'name' | 'folder' | 'content'>): string | undefined {
  const c = (d.content ?? {}) as Record<string, unknown>;
  if (d.type === 'api') return typeof c.method === 'string' && typeof c.path === 'string' ? apiKey(c.method, c.path) : undefined;
  if (d.type === 'model') return typeof c.name === 'string' ? modelKey(c.name) : undefined;
  if (d.type === 'folder' || d.type === 'softlink') return undefined;
  return pageKey(d.folder, d.name);
}

export function planImport(existing: ExistingDocument[], result: ImportResult, options: PlanOptions): ImportPlan {
  const plan: ImportPlan = {
    created: [],
    updated: [],
    skipped: [],
    restamped: [],
    deleted: [],
    failed: result.warnings.filter((w) => w.code === 'unreadable').length,
    warnings: result.warnings,
    conflicts: [],
  };
  const byStamp = new Map<string, ExistingDocument>();
  const byNatural = new Map<string, ExistingDocument>();
  const byOperationId = new Map<string, ExistingDocument>();
  for (const d of existing) {
    if (d.imported?.source === options.source) byStamp.set(d.imported.key, d);
    const key = naturalKey(d);
    if (key && !byNatural.has(key)) byNatural.set(key, d);
    const operationId = operationIdOf(d);
    if (operationId && !byOperationId.has(operationId)) byOperationId.set(operationId, d);
  }
  const claimed = new Set<string>();
  for (const incoming of result.documents) {
    const hash = hashDocument(incoming);
    const stamp: ImportStamp = {
      source: options.source,
      key: incoming.key,
      hash,
      base: { name: incoming.name, content: incoming.content },
    };
    const operationId = operationIdOf(incoming);
    const candidate =
      byStamp.get(incoming.key) ?? byNatural.get(incoming.key) ?? (operationId !== undefined ? byOperationId.get(operationId) : undefined);
    const match = candidate && candidate.type === incoming.type && !claimed.has(candidate.id) ? candidate : undefined;
    if (!match) {
      plan.created.push({ key: incoming.key, document: incoming, stamp });
      continue;
    }
    claimed.add(match.id);
    // The document's last import, whatever the file was called then: a re-import matches by operation, not by the
    // file's name, so the same operation pushed from a renamed file is still the same source for it.
    const last =
      match.imported && (match.imported.source === options.source || match.imported.key === incoming.key) ? match.imported : undefined;
    if (last && last.hash === hash) {
      if (last.source !== options.source) plan.restamped.push({ documentId: match.id, stamp });
      else plan.skipped.push({ key: incoming.key, documentId: match.id, reason: 'unchanged' });
      continue;
    }
    if (options.mode === 'skip') {
      plan.skipped.push({ key: incoming.key, documentId: match.id, reason: 'kept' });
      continue;
    }
    const base = last?.base;
    const found: Conflict[] = [];
    const merging: MergeContext = { takeSource: !!options.takeSource, conflicts: found, path: '' };
    const merged: ImportedDocument =
      options.mode === 'overwrite'
        ? incoming
        : ({
            ...incoming,
            name: merge3(base?.name, match.name, incoming.name, 'name', merging) as string,
            content: mergeContent(base?.content, match.content, incoming.content, merging),
          } as ImportedDocument);
    plan.conflicts.push(...found.map((c) => ({ ...c, key: incoming.key, documentId: match.id, name: match.name })));
    if (stableStringify(merged.content) === stableStringify(match.content) && merged.name === match.name) {
      plan.restamped.push({ documentId: match.id, stamp });
      continue;
    }
    plan.updated.push({ key: incoming.key, document: merged, stamp, documentId: match.id });
  }
  if (options.deleteMissing) {
    const incomingKeys = new Set(result.documents.map((d) => d.key));
    for (const d of existing)
      if (d.imported?.source === options.source && !incomingKeys.has(d.imported.key) && !claimed.has(d.id))
        plan.deleted.push({ key: d.imported.key, documentId: d.id });
  }
  return plan;
}

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => !!v && typeof v === 'object' && !Array.isArray(v);
const same = (a: Json, b: Json) => stableStringify(a) === stableStringify(b);
/** Fields where, when both sides changed, a person's words beat the source's. */
const PERSONAL_TEXT = new Set(['description', 'name']);
const isRow = (v: Json): v is ParamItem =>
  isObject(v) && typeof v.name === 'string' && typeof v.type === 'string' && Array.isArray(v.children);
const isResponse = (v: Json) => isObject(v) && typeof v.status === 'string' && Array.isArray(v.body);

type Conflict = Pick<ImportConflict, 'field' | 'ours' | 'theirs' | 'kept'>;
/** What a merge notes as it goes: where it is in the content, and the fields both sides changed. */
interface MergeContext {
  takeSource: boolean;
  conflicts: Conflict[];
  path: string;
}
const at = (ctx: MergeContext | undefined, part: string): MergeContext | undefined =>
  ctx && { ...ctx, path: ctx.path ? `${ctx.path}.${part}` : part };
/** A value as a conflict shows it: text as it is, anything else as JSON, at most a few thousand characters. */
const shown = (v: Json) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).slice(0, 5_000);

/**
 * Three-way merge of two edits of a base: a side that did not change gives way to the other; where both changed,
 * objects merge key by key, parameter lists row by row (by name), responses status by status, and otherwise the
 * source wins, except a person's own description (unless told to take the source's). Each field both changed is
 * noted in `ctx`, with both values.
 */
export function merge3(base: Json, ours: Json, theirs: Json, field = '', ctx?: MergeContext): Json {
  if (base !== undefined && same(theirs, base)) return ours;
  if (base !== undefined && same(ours, base)) return theirs;
  if (same(ours, theirs)) return theirs;
  if (isObject(ours) && isObject(theirs)) {
    const out: Record<string, Json> = {};
    const baseObject = isObject(base) ? base : undefined;
    for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours)])) {
      // A key the source no longer has and the base had was removed by the source: it stays removed.
      if (!(key in theirs) && baseObject && key in baseObject) continue;
      // Row ids are the editor's, not a person's edit.
      const value = merge3(baseObject?.[key], ours[key], theirs[key], key, key === 'id' ? undefined : at(ctx, key));
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  if (Array.isArray(ours) && Array.isArray(theirs)) {
    if (theirs.every(isRow) && ours.every(isRow))
      return mergeRows(Array.isArray(base) ? (base as ParamItem[]) : undefined, ours, theirs, ctx);
    if (theirs.every(isResponse) && ours.every(isResponse))
      return mergeBy('status', Array.isArray(base) ? base : undefined, ours, theirs, ctx);
  }
  const personal = PERSONAL_TEXT.has(field) && typeof ours === 'string' && ours.trim() !== '';
  const kept = personal && !ctx?.takeSource ? 'ours' : theirs === undefined ? 'ours' : 'source';
  // Both sides changed it, to different values: a conflict, whichever wins.
  if (ctx && base !== undefined && ours !== undefined && theirs !== undefined)
    ctx.conflicts.push({ field: ctx.path || field, ours: shown(ours), theirs: shown(theirs), kept });
  return kept === 'ours' ? ours : theirs;
}

function mergeContent(base: Json, ours: Json, theirs: Json, ctx?: MergeContext): Json {
  return merge3(base, ours, theirs, '', ctx);
}

const mergeRows = (base: ParamItem[] | undefined, ours: ParamItem[], theirs: ParamItem[], ctx?: MergeContext) =>
  uniqueIds(mergeBy('name', base, ours, theirs, ctx) as ParamItem[]);

/** Lists of records keyed by a field: the source's order, a person's additions kept at the end. */
function mergeBy(field: string, base: Json[] | undefined, ours: Json[], theirs: Json[], ctx?: MergeContext): Json[] {
  const keyOf = (v: Json) => String((v as Record<string, Json>)[field]);
  const baseBy = new Map((base ?? []).map((v) => [keyOf(v), v]));
  const oursBy = new Map(ours.map((v) => [keyOf(v), v]));
  const theirsKeys = new Set(theirs.map(keyOf));
  const out: Json[] = [];
  for (const t of theirs) {
    const key = keyOf(t);
    const o = oursBy.get(key);
    const b = baseBy.get(key);
    if (o !== undefined) {
      const merged = merge3(b, o, t, '', at(ctx, key)) as Record<string, Json>;
      // A merged row keeps the id the editor knows it by.
      out.push(isObject(o) && 'id' in o ? { ...merged, id: o.id } : merged);
    } else if (b !== undefined && same(b, t)) {
      // The person removed it and the source did not change it: it stays removed.
    } else out.push(t);
  }
  for (const o of ours) {
    const key = keyOf(o);
    if (theirsKeys.has(key)) continue;
    // Kept only when the person added it: what the base had and the source dropped goes.
    if (!baseBy.has(key)) out.push(o);
  }
  return out;
}

/** Rows from both sides may share an id (the source's ids are made in order): the later one gets a fresh one. */
function uniqueIds(rows: ParamItem[], seen = new Set<string>()): ParamItem[] {
  return rows.map((row) => {
    let id = row.id;
    for (let n = 2; seen.has(id); n++) id = `${row.id}_${n}`;
    seen.add(id);
    return { ...row, id, children: uniqueIds(row.children, seen) };
  });
}
