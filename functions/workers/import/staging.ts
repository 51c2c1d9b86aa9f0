/**
 * Staged, then committed: how an import run stays invisible until it is done, and how a dead run is recovered.
 *
 * Every reader of a project's documents (the tree, a document read, search, the mock origin, shares, releases)
 * starts from the tree nodes: the `DOC#<docId>` items of the project's partition and their `CHILDREN#` index
 * entries. A body, search text, stamp or mock setting whose node is not there is never shown. So a run:
 *
 * 1. stages: every item the import would put where a reader could find it (the tree nodes of new folders and
 *    documents; for a matched document its node, body, history entry, search text and stamp; the stamps that only
 *    move; the deletions; the source's record) is written instead as a staged item
 *    `STAGED#<jobId>#<step>#<docId>#<part>` holding the real item in a map attribute (new tree nodes 99 to a
 *    staged item, named by their chunk instead of a document): out of the `DOC#` range and off every index. Staged items are written first, then what no reader reaches without a node (the new
 *    documents' bodies, search texts, stamps, mock settings and large bodies in S3), so the staged items always
 *    name everything a run wrote.
 * 2. commits (`commitStaged`): the job records the commit's size (`startImportCommit`); from then on the run only
 *    goes forward. The staged items are read back in sort-key order (folders, models, other new documents,
 *    updates, restamps, deletes, the source's record) and flipped live batch by batch, each batch idempotent: new
 *    nodes (99 to a staged item) are put, then their staged item deleted (a run finishing a commit another began
 *    puts only the nodes not there yet, so an edit made since is never overwritten); an update's items are put
 *    and its staged items deleted in one transaction, so a repeat finds only what is left. An
 *    update is conditional on the revision the plan read: if a person saved the document since, it is dropped
 *    with a `savedSince` warning and the person's save stays. Deletions (delete-missing) happen here, after
 *    everything else is live: a run that fails earlier never deleted anything. The job record keeps how far the
 *    commit got and the report; the tree revision moves once, at the end, so cached readers see the import whole.
 * 3. recovers: a run that fails while staging discards what it staged (`discardStaged`: the staged items and
 *    the new documents' bodies, texts, stamps, mock settings and S3 objects) and fails the job; nothing of it was
 *    ever visible. A run that dies outright leaves the job running with a lapsing lease; the owner's next poll
 *    invokes the worker again, which finishes the commit if it had started, or else discards and runs again.
 */
import { batchWrite, conditionsOn, getItem, queryAll, transact, type Item, type TransactOp } from '../../data/db';
import { ENTITY, importKeys, keys, type Key } from '../../data/keys';
import { deleteObjects } from '../../data/s3';
import { bodiesOf } from '../../domain/bodies';
import { binDocuments } from '../../domain/document-bin';
import { nodeEntity, type StoredNode } from '../../domain/documents';
import { bumpTreeRev } from '../../domain/tree-changes';
import { reportImportCommit, type ImportJobRecord, type StoredReport } from '../../domain/import-jobs';
import { projectEntity } from '../../domain/projects';

/** The commit's steps, in the order their staged items sort and are flipped. */
export const STEP = { folder: 1, model: 2, document: 3, update: 4, restamp: 5, delete: 6, source: 7 } as const;
type Step = (typeof STEP)[keyof typeof STEP];

/** New tree nodes per staged item (a few KB each). */
export const NODES_PER_STAGED_ITEM = 99;
/** Transactions in flight at once. */
const COMMITTERS = 8;
/** What a transaction of updates may weigh, well under DynamoDB's 4 MB. */
const UPDATE_BYTES_PER_TRANSACTION = 2 * 1024 * 1024;

interface StagedRecord extends Item, Key {
  jobId: string;
  step: Step;
  group: string;
  /** The item the commit puts (absent for a deletion). */
  item?: Item & Key;
  /** New tree nodes: many to a staged item, so staging a large import is a few writes. */
  items?: (Item & Key)[];
  /** For an update's node: the revision the plan read; the put is conditional on it. */
  expectRev?: number;
  /** The document a group is about: for the report and for a deletion. */
  documentId: string;
  name?: string;
  /** For an update: the source's pointer, for the warning when it is dropped. */
  pointer?: string;
}

export function stagedItem(
  job: Pick<ImportJobRecord, 'projectId' | 'id'>,
  step: Step,
  documentId: string,
  part: string,
  fields: { item?: Item & Key; items?: (Item & Key)[]; expectRev?: number; name?: string; pointer?: string },
): Item & Key {
  return {
    ...importKeys.staged(job.projectId, job.id, step, documentId, part),
    ...ENTITY.importStaged,
    projectId: job.projectId,
    jobId: job.id,
    step,
    group: documentId,
    documentId,
    ...fields,
  };
}

const stagedOf = async (job: Pick<ImportJobRecord, 'projectId' | 'id'>) =>
  queryAll<StagedRecord>(importKeys.stagedOf(job.projectId, job.id));

const keyOf = (i: Key): Key => ({ pk: i.pk, sk: i.sk });

/** Groups in the order they sort (steps first, then documents), parts kept together. */
function groupsOf(staged: StagedRecord[]): { step: Step; records: StagedRecord[] }[] {
  const groups = new Map<string, { step: Step; records: StagedRecord[] }>();
  for (const r of staged) {
    const id = `${r.step}#${r.group}`;
    (groups.get(id) ?? groups.set(id, { step: r.step, records: [] }).get(id)!).records.push(r);
  }
  return [...groups.values()];
}

export const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Runs `work` over `items` with at most `limit` at once; the first failure fails the whole (after the rest settle). */
export async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const errors: unknown[] = [];
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length && !errors.length) {
        const item = items[next++]!;
        await work(item).catch((err: unknown) => void errors.push(err));
      }
    }),
  );
  if (errors.length) throw errors[0];
}

const weight = (r: StagedRecord) => {
  let bytes = 0;
  JSON.stringify(r.item ?? {}, (_k, v: unknown) => {
    if (v instanceof Uint8Array) {
      bytes += v.byteLength;
      return '';
    }
    return v;
  });
  return bytes + JSON.stringify(r.item ?? {}).length;
};

/**
 * Flips a job's staged items live (see the header), from wherever a previous run's commit stopped. Answers the
 * report as it ends: updates dropped for a save since move from `updated` to `skipped`, with a warning each.
 */
export async function commitStaged(
  job: ImportJobRecord,
  editor: { id: string; name: string },
  resume: boolean,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<StoredReport> {
  const commit = { ...job.commit! };
  const report: StoredReport = { ...job.report!, warnings: [...job.report!.warnings], changes: [...job.report!.changes] };
  const groups = groupsOf(await stagedOf(job));
  const { projectId } = job;
  // The report is written again only when a dropped update changed it (it can be large).
  const save = async (count: number, changed = false) => {
    commit.done += count;
    await reportImportCommit(job, commit, changed ? report : undefined);
    await onProgress(commit.done, commit.total);
  };

  // New folders, then models, then the rest: a document's parent and the models it refers to are live before it.
  // Each staged item's nodes are put, then the staged item goes. A run that takes a commit over may find nodes a
  // dead run put already (and someone may have edited since): it puts only those that are not there.
  const absent = conditionsOn<StoredNode>().notExists();
  for (const step of [STEP.folder, STEP.model, STEP.document]) {
    await inParallel(
      groups.filter((g) => g.step === step),
      COMMITTERS,
      async (g) => {
        const items = g.records.flatMap((r) => r.items ?? []);
        if (!resume) await batchWrite({ puts: items });
        else for (const item of items) await transact([{ put: item, when: absent, failure: () => undefined }]);
        await batchWrite({ deletes: g.records.map(keyOf) });
        await save(1);
      },
    );
  }

  // Updates: each conditional on the revision its plan read. Packed by weight; a pack that a save since stopped
  // is tried again one update at a time, so only the document saved since is dropped.
  const updateOps = (g: { records: StagedRecord[] }): TransactOp[] =>
    g.records.flatMap((r): TransactOp[] => {
      const put: TransactOp =
        r.expectRev === undefined
          ? { put: r.item! }
          : { put: r.item!, when: conditionsOn<StoredNode>().eq('rev', r.expectRev), failure: () => undefined };
      return [put, { delete: keyOf(r) }];
    });
  const packs: (typeof groups)[] = [];
  let bytes = Infinity;
  for (const g of groups.filter((x) => x.step === STEP.update)) {
    const w = g.records.reduce((n, r) => n + weight(r), 0);
    const last = packs[packs.length - 1];
    if (!last || bytes + w > UPDATE_BYTES_PER_TRANSACTION || (last.length + 1) * 10 > 100) {
      packs.push([g]);
      bytes = w;
    } else {
      last.push(g);
      bytes += w;
    }
  }
  await inParallel(packs, COMMITTERS, async (pack) => {
    if (await transact(pack.flatMap(updateOps))) return save(pack.length);
    let dropped = false;
    for (const g of pack) {
      if (await transact(updateOps(g))) continue;
      // Saved since the plan read it: the person's save stays; the staged update goes, and the report says so.
      const node = g.records.find((r) => r.expectRev !== undefined)!;
      await batchWrite({ deletes: g.records.map(keyOf) });
      report.updated--;
      report.skipped++;
      report.changes = report.changes.filter((c) => !(c.action === 'updated' && c.documentId === node.documentId));
      report.warnings.push({ pointer: node.pointer ?? '', code: 'savedSince', params: { name: node.name ?? '' } });
      dropped = true;
    }
    await save(pack.length, dropped);
  });

  // Stamps that only move.
  for (const chunk of chunksOf(
    groups.filter((g) => g.step === STEP.restamp),
    12,
  )) {
    const records = chunk.flatMap((g) => g.records);
    await batchWrite({ puts: records.map((r) => r.item!) });
    await batchWrite({ deletes: records.map(keyOf) });
    await save(chunk.length);
  }

  // What the source no longer has (delete-missing): to the document bin, only now that all else is live.
  for (const g of groups.filter((x) => x.step === STEP.delete)) {
    const marker = g.records[0]!;
    const node = nodeEntity.parse(await getItem(keys.document(projectId, marker.documentId), { consistent: true }));
    if (node) await binDocuments(projectId, node.id, [node.id], [node], editor, new Date(), false);
    await batchWrite({ deletes: [keyOf(marker)] });
    await save(1);
  }

  // The source's record last: an unchanged re-import is answered from it.
  for (const g of groups.filter((x) => x.step === STEP.source)) {
    await transact(g.records.flatMap((r): TransactOp[] => [{ put: r.item! }, { delete: keyOf(r) }]));
    await save(1);
  }

  // The tree revision moves once: cached readers (tree, search, mocks) see the import whole. A commit taken over
  // from a dead run cannot name the nodes that run put already: readers read the whole tree again.
  const touched = resume
    ? 'whole'
    : groups.flatMap((g) =>
        g.step === STEP.update ? [g.records[0]!.documentId] : g.records.flatMap((r) => (r.items ?? []).map((item) => String(item.id))),
      );
  if (commit.nodes || report.updated) await bumpTreeRev(projectId, touched, commit.nodes);
  if (commit.mocks) await projectEntity.update({ id: projectId }, { add: { mockRev: 1 } });
  return report;
}

/**
 * Removes everything a run staged and wrote beside it: the staged items, and for each new document its body
 * (and its S3 object), search text, stamp and mock settings; for an update, the S3 object of its new body.
 * Nothing of it was visible. Safe to repeat.
 */
export async function discardStaged(job: Pick<ImportJobRecord, 'projectId' | 'id'>) {
  const { projectId } = job;
  const staged = await stagedOf(job);
  if (!staged.length) return;
  const created = [
    ...new Set(staged.filter((r) => r.step === STEP.folder || r.step === STEP.model || r.step === STEP.document).map((r) => r.documentId)),
  ];
  const objects: string[] = [];
  for (const chunk of chunksOf(created, 100)) for (const b of await bodiesOf(projectId, chunk)) if (b.s3Key) objects.push(b.s3Key);
  for (const r of staged)
    if (r.step === STEP.update && typeof r.item?.s3Key === 'string' && r.sk.endsWith('#body')) objects.push(r.item.s3Key);
  await batchWrite({
    deletes: [
      ...created.flatMap((id) => [
        keys.documentBody(projectId, id),
        keys.searchText(projectId, id),
        importKeys.stamp(projectId, id),
        keys.mockConfig(projectId, id),
      ]),
      ...staged.map(keyOf),
    ],
  });
  if (objects.length) await deleteObjects(objects);
}
