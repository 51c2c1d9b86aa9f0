/**
 * What a project remembers of its imports, so a re-import matches and merges instead of duplicating:
 * - an import stamp per imported document (keys.importStamp): the source and key it was imported from, the hash
 *   of the mapped source document, and that document itself as the merge base (deflated: bases of large
 *   operations compress about tenfold and an item stops at 400 KB). Kept apart from the node and body, which
 *   every save rewrites whole, and deleted with the document's other items;
 * - per source (keys.importSource): the whole file's hash and the options of its last import, so an unchanged
 *   file is answered without parsing it, and the project-level facts the source carried (servers, security
 *   schemes, environments), kept here until environments exist.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import * as z from 'zod';
import type { ImportedProject } from '@shared/import/types';
import { hashText, stableStringify, type ImportStamp } from '@shared/import/plan';
import { lazy } from '@shared/lazy';
import { asRecord, asRecords, getItem, queryAll, type Item } from '../data/db';
import { defineEntity } from '../data/entity';
import { ENTITY, importKeys, type Key } from '../data/keys';

/** A base past this (deflated) is not kept: the merge of that document is then two-way (the source wins structure). */
const MAX_BASE_BYTES = 300 * 1024;

const stampRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    documentId: z.string(),
    source: z.string(),
    key: z.string(),
    hash: z.string(),
    /** The merge base, deflated JSON; absent when too large. */
    base: z.instanceof(Uint8Array).optional(),
  }),
);
type StampRecord = z.infer<typeof stampRecord>;

export const stampEntity = defineEntity({
  name: 'importStamp',
  schema: stampRecord,
  key: (s: Pick<StampRecord, 'projectId' | 'documentId'>) => importKeys.stamp(s.projectId, s.documentId),
});

/** The stored item of a document's stamp. */
export function stampItem(projectId: string, documentId: string, stamp: ImportStamp): Item & Key {
  const base = deflateRawSync(JSON.stringify(stamp.base));
  return stampEntity.item({
    projectId,
    documentId,
    source: stamp.source,
    key: stamp.key,
    hash: stamp.hash,
    ...(base.length <= MAX_BASE_BYTES ? { base: new Uint8Array(base) } : {}),
  });
}

export interface StoredStamp {
  documentId: string;
  stamp: Omit<ImportStamp, 'base'> & { base?: ImportStamp['base'] };
}

const toStamp = (r: StampRecord): StoredStamp => ({
  documentId: r.documentId,
  stamp: {
    source: r.source,
    key: r.key,
    hash: r.hash,
    ...(r.base ? { base: JSON.parse(inflateRawSync(r.base).toString('utf8')) as ImportStamp['base'] } : {}),
  },
});

/** Every stamp of a project, by document id. */
export async function stampsOf(projectId: string): Promise<Map<string, StoredStamp['stamp']>> {
  const items = await queryAll(importKeys.stampsOf(projectId));
  return new Map(stampEntity.parseAll(items.map(binaryAsBytes)).map((r) => [r.documentId, toStamp(r).stamp]));
}

/** The document client answers binary attributes as Uint8Array (or a Buffer); either reads as bytes. */
function binaryAsBytes(item: Item): Item {
  const base = item.base as { buffer?: ArrayBufferLike; byteOffset?: number; byteLength?: number } | undefined;
  if (!base || base instanceof Uint8Array) return item;
  return { ...item, base: new Uint8Array(base.buffer!, base.byteOffset, base.byteLength) };
}

/** A source's name, as it is remembered (hashed: a URL can be long). */
export const sourceHash = (source: string) => hashText(source);
/** What must match for an unchanged file to be skipped without parsing: the options that change what is written. */
export const optionsHash = (options: { mode: string; deleteMissing: boolean; folderId?: string }) =>
  hashText(stableStringify({ mode: options.mode, deleteMissing: options.deleteMissing, folderId: options.folderId ?? null }));

const importSourceRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    sourceHash: z.string(),
    source: z.string(),
    fileHash: z.string(),
    optionsHash: z.string(),
    /** How many documents the last import left matched to the source (an unchanged re-import skips them all). */
    documents: z.number(),
    jobId: z.string(),
    importedAt: z.string(),
    project: z.object({
      name: z.string().optional(),
      description: z.string().optional(),
      version: z.string().optional(),
      servers: z.array(z.object({ url: z.string(), description: z.string() })),
      securitySchemes: z.record(z.string(), z.unknown()),
      security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
      environments: z.array(
        z.object({
          name: z.string(),
          variables: z.array(z.object({ name: z.string(), value: z.string(), secret: z.boolean().optional() })),
        }),
      ),
    }),
  }),
);
export type ImportSourceRecord = z.infer<typeof importSourceRecord>;

export const importSourceEntity = defineEntity({
  name: 'importSource',
  schema: importSourceRecord,
  key: (s: Pick<ImportSourceRecord, 'projectId' | 'sourceHash'>) => importKeys.source(s.projectId, s.sourceHash),
});

export const getImportSource = async (projectId: string, source: string) =>
  asRecord(importSourceRecord, await getItem(importKeys.source(projectId, sourceHash(source)), { consistent: true }));

export function importSourceItem(
  projectId: string,
  fields: Omit<ImportSourceRecord, 'projectId' | 'sourceHash' | 'project'> & { project: ImportedProject },
): Item & Key {
  return { ...ENTITY.importSource, ...importSourceEntity.item({ projectId, sourceHash: sourceHash(fields.source), ...fields }) };
}

/** Every import source of a project (what the project-level facts of its imports come from: servers, security). */
export const importSourcesOf = async (projectId: string) => asRecords(importSourceRecord, await queryAll(importKeys.sourcesOf(projectId)));
