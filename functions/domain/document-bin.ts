/**
 * The document bin of a project (issue 27): a delete moves a document and its subtree out of the tree, whole,
 * for `RECYCLE_RETENTION_DAYS`; a restore puts it back; the purge job destroys what is left after that.
 *
 * A binned document's tree node moves from `DOC#<id>` to `BINNED#<rootId>#<id>`, so every read of the tree (the
 * tree itself, search, shares, the mock origin, releases, a document read) simply no longer finds it; its body,
 * search text, history and mock settings stay under its id, untouched, so a restore moves the nodes back and
 * nothing else. One `BIN#<rootId>` entry per delete lists it in the bin and queues it on the PURGE index.
 *
 * A subtree can be large, so moves go in transactions of a bounded size, each moving some nodes whole (a node
 * is never both live and binned, nor neither), in an order that leaves a consistent tree if a move stops half
 * way, and that a repeat finishes:
 * - binning writes the entry first, then moves the deepest nodes first and the named document last: until the
 *   end the document is still in the tree with fewer children, and deleting it again (or restoring the entry)
 *   finishes the job; nothing binned is ever without the entry the purge finds it by;
 * - restoring moves the named document first and its descendants parents first, and drops the entry last: until
 *   the end the entry stays in the bin, and restoring it again brings back the rest;
 * - the purge claims the entry (`purging`: no restore from then on), deletes page by page, the entry last
 *   (`purgeBinEntry` in project-purge.ts, which only the purge job loads).
 */
import { generateKeyBetween } from 'fractional-indexing';
import * as z from 'zod';
import { RECYCLE_RETENTION_DAYS } from '@shared/constants';
import { lazy } from '@shared/lazy';
import type { BinEntry } from '@shared/schemas/document';
import { conditionsOn, deleteItem, getItem, notExists, queryAll, queryPage, skip, transact, type TransactOp } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { eventSubjectOf, loadNodes, nodeEntity, nodeRecord, noteRevision, subtreeOf, type Editor, type StoredNode } from './documents';
import { bumpTreeRev } from './tree-changes';
import { eventOps, type EventDraft } from './events';
import { DAY_MS } from './projects';

/** Nodes moved per transaction: two writes each, well inside DynamoDB's 100. */
export const BIN_MOVE_BATCH = 40;

const binEntryRecord = lazy(() =>
  nodeRecord.pick({ projectId: true, id: true, name: true, type: true, parentId: true, rank: true }).extend({
    /** The id is the named document's: the root of what was binned. How many it took, itself included. */
    count: z.number(),
    binnedAt: z.string(),
    binnedBy: z.string(),
    binnedByName: z.string(),
    /** `binned` while restorable; `purging` once the purge has claimed it. */
    state: z.enum(['binned', 'purging']),
    purgeAt: z.string(),
  }),
);
type BinEntryRecord = z.infer<typeof binEntryRecord>;

export const binEntryEntity = defineEntity({
  name: 'binEntry',
  schema: binEntryRecord,
  key: (e: Pick<BinEntryRecord, 'projectId' | 'id'>) => keys.binEntry(e.projectId, e.id),
  indexes: (index) => ({ gsi2: index(['purgeAt'], (e) => keys.purgeEntry(e.purgeAt)) }),
});
export const whereEntry = conditionsOn<BinEntryRecord>();

const binnedRecord = lazy(() => nodeRecord.extend({ rootId: z.string() }));
type BinnedRecord = z.infer<typeof binnedRecord>;

export const binnedEntity = defineEntity({
  name: 'binnedDocument',
  schema: binnedRecord,
  key: (n: Pick<BinnedRecord, 'projectId' | 'rootId' | 'id'>) => keys.binnedDocument(n.projectId, n.rootId, n.id),
  indexes: (index) => ({
    gsi1: index(['projectId', 'id', 'rootId'], (n) => keys.binnedDocumentEntry(n.projectId, n.id, n.rootId)),
  }),
});

/** The event of a deletion to the bin or a restore from it, of `count` documents under the named one. */
const binEvent = (
  kind: 'document.deleted' | 'document.restored',
  root: Pick<StoredNode, 'id' | 'name' | 'projectId' | 'parentId'>,
  count: number,
  editor: Editor,
): EventDraft => ({
  projectId: root.projectId,
  kind,
  actor: editor,
  subject: eventSubjectOf(root),
  details: { count },
});

const withoutRoot = ({ rootId: _root, ...node }: BinnedRecord): StoredNode => node;

async function inBatches<T>(items: T[], size: number, write: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await write(items.slice(i, i + size));
}

/**
 * Moves `ids` (deepest first, the named document `rootId` last) to the bin under one entry. The entry is written
 * first; a repeat after an interruption writes it again and moves what is left.
 */
export async function binDocuments(
  projectId: string,
  rootId: string,
  ids: string[],
  nodes: StoredNode[],
  editor: Editor,
  now = new Date(),
  /** Whether the deletion is an event of its own (an import's deletions are counted in its one event). */
  announce = true,
) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const root = byId.get(rootId)!;
  const already = (await queryAll(keys.binnedDocumentsOf(projectId, rootId))).length;
  // (The entry is the named document's node, what the bin shows of it and its purge time.)
  await binEntryEntity.put({
    ...root,
    count: ids.length + already,
    binnedAt: now.toISOString(),
    binnedBy: editor.id,
    binnedByName: editor.name,
    state: 'binned',
    purgeAt: new Date(now.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS).toISOString(),
  });
  const where = conditionsOn<StoredNode>();
  // The named document goes with a revision of its own, so its history says who moved it to the bin.
  const stamped = await noteRevision(root, { kind: 'bin', action: 'binned' }, editor, now);
  const moved: string[] = [];
  await inBatches(ids, BIN_MOVE_BATCH, async (batch) => {
    const ops: TransactOp[] = batch.flatMap((id) => {
      const node = byId.get(id)!;
      const isRoot = id === rootId;
      return [
        // Moved as it was read: a save that came in between makes the move stop here (try again) rather than bin a stale node.
        { delete: keys.document(projectId, id), when: where.eq('rev', node.rev), failure: () => new AppError('conflict') },
        { put: binnedEntity.item({ ...(isRoot ? stamped.next : node), rootId }) },
        ...(isRoot ? stamped.ops : []),
      ];
    });
    // The named document goes last, in the last batch: its event with it, so a repeat that finishes the job writes it.
    const last = batch.includes(rootId);
    await transact(last && announce ? [...ops, ...eventOps(binEvent('document.deleted', root, ids.length + already, editor))] : ops);
    moved.push(...batch);
  });
  await bumpTreeRev(projectId, moved, -moved.length);
}

/** The bin of a project, most recently deleted first. */
export async function listBin(projectId: string, now = new Date()): Promise<BinEntry[]> {
  const entries = binEntryEntity.parseAll(await queryAll(keys.binEntriesOf(projectId)));
  return (
    entries
      // Past its 30 days an entry is no longer restorable, though the daily purge may not have destroyed it yet.
      .filter((e) => e.state === 'binned' && e.purgeAt > now.toISOString())
      .sort((a, b) => (a.binnedAt < b.binnedAt ? 1 : -1))
      .map(({ rank: _rank, binnedBy: _by, state: _state, purgeAt, ...e }) => ({
        ...e,
        daysLeft: Math.ceil((Date.parse(purgeAt) - now.getTime()) / DAY_MS),
      }))
  );
}

/** Whether a document is in its project's bin (a miss of a document read says so). */
export async function isBinned(projectId: string, documentId: string): Promise<boolean> {
  const page = await queryPage(keys.binnedDocumentLookup(projectId, documentId));
  return page.items.length > 0;
}

/**
 * Puts an entry's documents back: the named one where it was, or at the end of the top level when its parent is
 * gone or binned itself, and everything below it as it was. Answers the restored document.
 */
export async function restoreDocuments(projectId: string, rootId: string, editor: Editor, now = new Date()): Promise<StoredNode> {
  const found = binEntryEntity.parse(await getItem(keys.binEntry(projectId, rootId), { consistent: true }));
  if (!found || found.state !== 'binned' || found.purgeAt <= now.toISOString()) throw new AppError('notFound');
  const [binned, live] = await Promise.all([
    queryAll(keys.binnedDocumentsOf(projectId, rootId)).then((items) => binnedEntity.parseAll(items).map(withoutRoot)),
    loadNodes(projectId),
  ]);
  // Parents before children from the named document (which a restore that stopped half way put back already).
  const byId = new Map(binned.map((n) => [n.id, n]));
  const ordered = subtreeOf(rootId, binned).flatMap((id) => byId.get(id) ?? []);
  const placed = ordered.map((node) => {
    // A restore that stopped half way put the named document back already; the rest goes under it as it was.
    if (node.id !== rootId) return node;
    const parentThere = node.parentId === projectId || live.some((n) => n.id === node.parentId && n.type === 'folder');
    return parentThere ? node : toTop(node);
  });
  // The named document comes back with a revision of its own, so its history says who restored it.
  const root = placed.find((n) => n.id === rootId);
  const stamped = root ? await noteRevision(root, { kind: 'bin', action: 'restored' }, editor, now) : undefined;
  function toTop(node: StoredNode): StoredNode {
    const top = live
      .filter((n) => n.parentId === projectId)
      .map((n) => n.rank)
      .sort();
    return { ...node, parentId: projectId, rank: generateKeyBetween(top.at(-1) ?? null, null) };
  }
  const lastBatchAt = Math.floor(Math.max(placed.length - 1, 0) / BIN_MOVE_BATCH) * BIN_MOVE_BATCH;
  let batchAt = 0;
  await inBatches(placed, BIN_MOVE_BATCH, (batch) => {
    const ops = batch.flatMap((node): TransactOp[] => {
      const isRoot = node.id === rootId && stamped;
      return [
        nodeEntity.putOp(isRoot ? stamped.next : node, notExists(), () => new AppError('conflict')),
        { delete: binnedEntity.key({ ...node, rootId }) },
        ...(isRoot ? stamped.ops : []),
      ];
    });
    // The event goes with the last batch: a restore that stopped half way tells nobody until it is whole.
    const last = batchAt === lastBatchAt;
    batchAt += BIN_MOVE_BATCH;
    return transact(last ? [...ops, ...eventOps(binEvent('document.restored', stamped?.next ?? found, found.count, editor))] : ops);
  });
  await bumpTreeRev(
    projectId,
    placed.map((n) => n.id),
    placed.length,
  );
  await deleteItem(keys.binEntry(projectId, rootId), { when: whereEntry.eq('state', 'binned'), failure: skip });
  const node = stamped?.next ?? live.find((n) => n.id === rootId);
  if (!node) throw new AppError('notFound');
  return node;
}
