/**
 * Releases: a project frozen like a tag. Publishing writes the whole project (its info, tree and every document
 * body, in their stored, versioned form) once, as one immutable object in S3, and a release item that points at
 * it. A read of a release is then one object read, kept in memory by the function since it never changes. The
 * live project stays editable.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { readContent, type TypedContent } from '@shared/schemas/document';
import { releaseView, type ReleaseView } from '@shared/schemas/share';
import { asRecord, asRecords, deleteItem, getItem, notExists, queryAll, transact } from '../data/db';
import { eventOps } from './events';
import { ENTITY, keys } from '../data/keys';
import { deleteObject, getObjectText, putObject } from '../data/s3';
import { AppError } from '../core/app-error';
import { bodiesOf, readBody } from './bodies';
import { loadNodes, nodeRecord, type Editor, type StoredNode } from './documents';
import { memo } from './memo';
import type { ProjectRecord } from './projects';

/** A release as stored: its view, and where its snapshot lies. */
export const releaseRecord = lazy(() => releaseView.extend({ s3Key: z.string() }));
export type ReleaseRecord = z.infer<typeof releaseRecord>;

/** The frozen project: versioned itself, so a snapshot written today reads the same in later code. */
const snapshotSchema = lazy(() =>
  z.object({
    v: z.literal(1),
    project: z.object({ id: z.string(), name: z.string(), description: z.string() }),
    nodes: z.array(nodeRecord),
    /** Stored content of each document, by id (each with its own content version). */
    bodies: z.record(z.string(), z.unknown()),
  }),
);
type Snapshot = z.infer<typeof snapshotSchema>;

export const toReleaseView = ({ s3Key: _key, ...view }: ReleaseRecord): ReleaseView => view;

export const releaseItem = (release: ReleaseRecord) => ({
  ...keys.release(release.projectId, release.version),
  ...ENTITY.release,
  ...release,
});

export const listReleases = async (projectId: string) =>
  asRecords(releaseRecord, await queryAll(keys.releasesOf(projectId))).sort((a, b) => b.createdAt.localeCompare(a.createdAt));

export const getRelease = async (projectId: string, version: string) =>
  asRecord(releaseRecord, await getItem(keys.release(projectId, version), { consistent: true }));

/** `1.0.9` is followed by `1.0.10`; a version without a number gets `.1`; the first is `1.0.0`. */
export function nextVersionAfter(latest: string | undefined): string {
  if (!latest) return '1.0.0';
  const match = /^(.*?)(\d+)(\D*)$/.exec(latest);
  if (!match) return `${latest}.1`;
  return `${match[1]}${BigInt(match[2]!) + 1n}${match[3]}`;
}

/** Freezes the project as it is now. A version number is used once per project. */
export async function publishRelease(
  project: ProjectRecord,
  version: string,
  desc: string,
  editor: Editor,
  now = new Date(),
): Promise<ReleaseRecord> {
  const nodes = await loadNodes(project.id);
  const bodies = await bodiesOf(
    project.id,
    nodes.map((n) => n.id),
  );
  const stored = await Promise.all(bodies.map(async (b) => [b.documentId, await readBody(b)] as const));
  const snapshot: Snapshot = {
    v: 1,
    project: { id: project.id, name: project.name, description: project.description },
    nodes,
    bodies: Object.fromEntries(stored),
  };
  // Each publish writes its own object, so a refused duplicate never overwrites the release that holds the name.
  const s3Key = keys.releaseObject(project.id, version, randomBytes(6).toString('base64url'));
  await putObject(s3Key, JSON.stringify(snapshot), 'application/json');
  const release: ReleaseRecord = {
    projectId: project.id,
    version,
    desc,
    createdBy: editor.id,
    createdByName: editor.name,
    createdAt: now.toISOString(),
    documentCount: nodes.length,
    s3Key,
  };
  // The release is listed only once this item is written: until then nobody sees it, whatever failed before.
  const ours = (item: Record<string, unknown> | undefined) => item?.s3Key === s3Key;
  try {
    // A put the SDK tried again after its first try landed (the answer was lost) finds its own release: published.
    // With its event: a release is announced exactly when it is listed.
    await transact([
      {
        put: releaseItem(release),
        when: notExists(),
        failure: (current) => (ours(current) ? undefined : new AppError('versionExists')),
      },
      ...eventOps({ projectId: project.id, kind: 'release.published', actor: editor, details: { version, documentCount: nodes.length } }),
    ]);
  } catch (err) {
    // The snapshot goes, unless a release points at it after all (a write whose answer was lost may have landed);
    // when that cannot be told now, it stays: an unlisted object costs less than a listed release without one.
    const holder = await getItem(keys.release(project.id, version), { consistent: true }).then(
      (item) => ({ item }),
      () => undefined,
    );
    if (holder && ours(holder.item)) return release;
    if (holder) await deleteObject(s3Key).catch(() => undefined);
    throw err;
  }
  return release;
}

export async function deleteRelease(projectId: string, version: string) {
  const release = asRecord(
    releaseRecord,
    (await queryAll(keys.releasesOf(projectId))).find((r) => r.version === version),
  );
  if (!release) throw new AppError('releaseNotFound');
  await deleteItem(keys.release(projectId, version));
  await deleteObject(release.s3Key);
}

/** Snapshots never change: kept for the life of the instance, the least recently read going first. */
const snapshots = memo<Snapshot>({ ttlMs: Number.POSITIVE_INFINITY, max: 20 });

export const readSnapshot = (release: ReleaseRecord) =>
  snapshots.get(release.s3Key, async () => snapshotSchema.parse(JSON.parse(await getObjectText(release.s3Key))));

/** A document of a release, as the newest shape of its kind. */
export function snapshotDocument(snapshot: Snapshot, documentId: string): { node: StoredNode; content: TypedContent } {
  const node = snapshot.nodes.find((n) => n.id === documentId);
  if (!node) throw new AppError('notFound');
  return { node, content: readContent(node.type, snapshot.bodies[documentId] ?? {}) };
}
