/**
 * One run of an import job (issue 22): read the file (S3, or the URL through the SSRF guard), answer an unchanged
 * file at once, else detect, map (shared/import: the very code the browser preview runs), plan against the live
 * tree and write.
 *
 * Writes, and why a failed or retried import leaves no trace and never duplicates:
 * - every document and folder the job creates gets an id derived from the job id and its import key, so a run
 *   taken over after a crash writes the same items again instead of new ones;
 * - what nobody sees comes first (bodies, search texts, stamps, mock settings of new documents), then the tree
 *   nodes that make them visible (models before the documents that refer to them), then updates of matched
 *   documents, each in a transaction with the history entry that preserves the version it replaces, then the
 *   deletions (to the document bin), and last the source's record (the whole file's hash: an unchanged re-import);
 * - when a write fails, the run undoes what it wrote (new items deleted, updated documents put back as they were,
 *   their history entries removed) before it marks the job failed, so the tree and search are as before.
 * A run that dies outright (a Lambda timeout) leaves the job running with a lapsed lease: Lambda's retry of the
 * event takes it over (domain/import-jobs.ts) and converges on the same ids.
 */
import { createHash } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import type { ErrorKey } from '@shared/errors';
import { IMPORT_MAX_BYTES } from '@shared/constants';
import { detectFormat, importDetected, ImportRefusal, type ImportResult } from '@shared/import';
import { modelKey } from '@shared/import/build';
import { planImport, type ExistingDocument, type ImportPlan, type ImportStamp, type PlannedWrite } from '@shared/import/plan';
import { readContent, writeContent, type TypedContent } from '@shared/schemas/document';
import { DEFAULT_MOCK_SETTINGS } from '@shared/schemas/mock';
import { batchWrite, conditionsOn, transact, type Item, type TransactOp } from '../../data/db';
import { ENTITY, importKeys, keys, type Key } from '../../data/keys';
import { deleteObjects, getObjectBytes } from '../../data/s3';
import { bodiesOf, bodyItem, readBody, storeBody, type StoredBody } from '../../domain/bodies';
import { binDocuments } from '../../domain/document-bin';
import { apiSummary, bumpTreeRev, firstRevision, loadNodes, nodeEntity, type StoredNode } from '../../domain/documents';
import { historyItem } from '../../domain/histories';
import {
  failImportJob,
  finishImportJob,
  getImportJob,
  reportImportProgress,
  setImportFormat,
  takeImportJob,
  type ImportJobRecord,
  type StoredReport,
} from '../../domain/import-jobs';
import { getImportSource, importSourceItem, optionsHash, stampItem, stampsOf, type StoredStamp } from '../../domain/import-stamps';
import { projectEntity } from '../../domain/projects';
import { contentText, searchTextItem } from '../../domain/search';
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../net/safe-fetch';
import { AppError } from '../../runtime/app-error';
import type { Logger } from '../../runtime/logger';

/** Progress is written after every this many documents. */
export const PROGRESS_EVERY = 200;
/** Batch writes in flight at once (each of 25 items, as batchWrite sends them). */
const WRITERS = 8;
/** Updated documents per transaction (5 writes each, DynamoDB takes 100). */
const UPDATES_PER_TRANSACTION = 20;

export interface RunOptions {
  log: Logger;
  /** Tests only: what the URL fetch may reach (a loopback test server). */
  fetch?: Pick<SafeFetchOptions, 'admitForTests' | 'resolve'>;
  /** Figures for the bench: milliseconds per stage. */
  timings?: Record<string, number>;
}

/** A job that ends with a refusal: its key and values become the job's localised error. */
class JobRefused extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The id of what a job creates for an import key: the same in every run of the job. */
export function importedDocumentId(projectId: string, jobId: string, key: string): string {
  const digest = createHash('sha256').update(`${jobId}\u0000${key}`).digest();
  let suffix = '';
  for (let i = 0; i < 16; i++) suffix += ALPHABET[digest[i]! % ALPHABET.length];
  return `${projectId}_${suffix}`;
}

export async function runImportJob(event: { projectId: string; jobId: string }, opts: RunOptions): Promise<void> {
  const found = await getImportJob(event.projectId, event.jobId);
  if (!found) return;
  const job = await takeImportJob(found);
  if (!job) {
    opts.log.info('import job not taken', { job: event.jobId, state: found.state });
    return;
  }
  try {
    await runTaken(job, opts);
  } catch (err) {
    if (err instanceof JobRefused) {
      await failImportJob(job, err.key, err.params);
      return;
    }
    if (err instanceof ImportRefusal) {
      await failImportJob(job, err.reason, err.params);
      return;
    }
    opts.log.error('import job failed', { job: job.id, error: (err as Error).message, stack: (err as Error).stack });
    await failImportJob(job, 'importFailed');
  }
}

const stage = async <T>(opts: RunOptions, name: string, work: () => Promise<T> | T): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (opts.timings) opts.timings[name] = (opts.timings[name] ?? 0) + performance.now() - started;
  }
};

async function readFile(job: ImportJobRecord, opts: RunOptions): Promise<Uint8Array> {
  if (job.origin !== 'url') return getObjectBytes(importKeys.object(job.projectId, job.id));
  try {
    return (await safeFetch(job.url!, { maxBytes: IMPORT_MAX_BYTES, ...opts.fetch })).body;
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw new JobRefused('importUrlFailed', { detail: (err as Error).message.slice(0, 200) });
    if (err.reason === 'tooLarge') throw new JobRefused('importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });
    if (err.reason === 'timeout' || err.reason === 'unreachable') throw new JobRefused('importUrlFailed', { detail: err.reason });
    throw new JobRefused('importUrlRefused', { detail: err.detail || err.reason });
  }
}

async function runTaken(job: ImportJobRecord, opts: RunOptions) {
  const { projectId, options } = job;
  const bytes = await stage(opts, 'read', () => readFile(job, opts));
  const fileHash = createHash('sha256').update(bytes).digest('hex');
  const wantedOptions = optionsHash(options);
  const last = await getImportSource(projectId, job.source);
  if (last && !options.dryRun && last.fileHash === fileHash && last.optionsHash === wantedOptions) {
    // The same file with the same choices as last time: nothing to parse, nothing to write.
    await finishImportJob(job, { ...emptyReport(), skipped: last.documents }, { done: last.documents, total: last.documents });
    return;
  }
  const result = await stage(opts, 'map', async () => {
    const detected = detectFormat({ bytes, name: job.source });
    await setImportFormat(job, detected.format);
    return importDetected(detected);
  });
  const live = await stage(opts, 'load', () => loadLive(projectId, options.folderId ?? projectId));
  const plan = await stage(opts, 'plan', () =>
    planImport(live.existing, result, { mode: options.mode, deleteMissing: options.deleteMissing, source: job.source }),
  );
  const report = reportOf(plan, live);
  if (options.dryRun) {
    await finishImportJob(job, report, { done: 0, total: 0 });
    return;
  }
  const total = plan.created.length + plan.updated.length + plan.restamped.length + plan.deleted.length;
  await reportImportProgress(job, { done: 0, total });
  const writer = new Writer(job, live, result, plan, total);
  await stage(opts, 'write', async () => {
    try {
      await writer.write();
    } catch (err) {
      opts.log.warn('import writes failed, undoing them', { job: job.id, error: (err as Error).message });
      await writer.undo();
      throw err;
    }
  });
  const matched = plan.created.length + plan.updated.length + plan.skipped.length + plan.restamped.length;
  await batchWrite({
    puts: [
      importSourceItem(projectId, {
        source: job.source,
        fileHash,
        optionsHash: wantedOptions,
        documents: matched,
        jobId: job.id,
        importedAt: new Date().toISOString(),
        project: result.project,
      }),
    ],
  });
  await finishImportJob(job, { ...report, changes: writer.changes }, { done: total, total });
}

const emptyReport = (): StoredReport => ({ created: 0, updated: 0, skipped: 0, deleted: 0, failed: 0, warnings: [], changes: [] });

function reportOf(plan: ImportPlan, live: Live): StoredReport {
  return {
    created: plan.created.length,
    updated: plan.updated.length,
    skipped: plan.skipped.length + plan.restamped.length,
    deleted: plan.deleted.length,
    failed: plan.failed,
    warnings: plan.warnings.map((w) => ({ pointer: w.pointer, code: w.code, ...(w.params ? { params: w.params } : {}) })),
    // A dry run links what it would change.
    changes: [
      ...plan.updated.map((u) => ({ action: 'updated' as const, documentId: u.documentId!, name: u.document.name, type: u.document.type })),
      ...plan.deleted.map((d) => {
        const node = live.byId.get(d.documentId);
        return { action: 'deleted' as const, documentId: d.documentId, name: node?.name ?? '', type: node?.type ?? '' };
      }),
    ],
  };
}

interface Live {
  nodes: StoredNode[];
  byId: Map<string, StoredNode>;
  existing: ExistingDocument[];
  bodies: Map<string, StoredBody & { rev: number }>;
  stamps: Map<string, StoredStamp['stamp']>;
  contents: Map<string, TypedContent>;
  /** The folder new documents go under. */
  rootId: string;
}

/** The live tree (binned documents are not in it), each document with its content, folder path and stamp. */
async function loadLive(projectId: string, rootId: string): Promise<Live> {
  const [nodes, stamps] = await Promise.all([loadNodes(projectId), stampsOf(projectId)]);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  if (rootId !== projectId && byId.get(rootId)?.type !== 'folder') throw new JobRefused('invalidInput');
  const documents = nodes.filter((n) => n.type !== 'folder' && n.type !== 'softlink');
  const bodies = new Map(
    (
      await bodiesOf(
        projectId,
        documents.map((n) => n.id),
      )
    ).map((b) => [b.documentId, b]),
  );
  const contents = new Map<string, TypedContent>();
  await Promise.all(documents.map(async (n) => contents.set(n.id, readContent(n.type, await readBody(bodies.get(n.id))))));
  /** Folder names from the import's folder down (from the top of the project for what is elsewhere). */
  const folderOf = (node: StoredNode): string[] => {
    const path: string[] = [];
    let parent = byId.get(node.parentId);
    for (let depth = 0; parent && parent.id !== rootId && depth < 64; depth++) {
      path.unshift(parent.name);
      parent = byId.get(parent.parentId);
    }
    return path;
  };
  const existing: ExistingDocument[] = documents.map((n) => {
    const stamp = stamps.get(n.id);
    return {
      id: n.id,
      type: n.type,
      name: n.name,
      folder: folderOf(n),
      content: contents.get(n.id)!.content,
      // A stamp whose base was too large to keep merges two-way (no base).
      ...(stamp ? { imported: stamp as ImportStamp } : {}),
    };
  });
  return { nodes, byId, existing, bodies, stamps, contents, rootId };
}

/** Every `ref` naming a model by its name, turned into that model document's id. */
function resolveRefs<T>(value: T, modelIds: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((v: unknown) => resolveRefs(v, modelIds)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    out[k] = k === 'ref' && typeof v === 'string' && modelIds.has(modelKey(v)) ? modelIds.get(modelKey(v)) : resolveRefs(v, modelIds);
  }
  return out as T;
}

const byModelsFirst = (a: PlannedWrite, b: PlannedWrite) => (a.document.type === 'model' ? 0 : 1) - (b.document.type === 'model' ? 0 : 1);

class Writer {
  readonly changes: StoredReport['changes'] = [];
  private readonly projectId: string;
  private readonly editor: { id: string; name: string };
  /** What to undo: items put that were not there, and documents updated (as they were). */
  private readonly createdIds: string[] = [];
  private readonly createdObjects: string[] = [];
  private readonly updatedBefore: {
    node: StoredNode;
    body: StoredBody | undefined;
    content: TypedContent;
    stamp: StoredStamp['stamp'] | undefined;
  }[] = [];
  private readonly restampedBefore: { documentId: string; stamp: StoredStamp['stamp'] | undefined }[] = [];
  private nodesWritten = 0;
  private done = 0;

  constructor(
    private readonly job: ImportJobRecord,
    private readonly live: Live,
    private readonly result: ImportResult,
    private readonly plan: ImportPlan,
    private readonly total: number,
  ) {
    this.projectId = job.projectId;
    this.editor = { id: job.createdBy, name: job.createdByName };
  }

  private async progress(count: number) {
    const before = Math.floor(this.done / PROGRESS_EVERY);
    this.done += count;
    if (Math.floor(this.done / PROGRESS_EVERY) !== before) await reportImportProgress(this.job, { done: this.done, total: this.total });
  }

  async write() {
    const { projectId, live, plan } = this;
    // Model ids by model key: matched models keep theirs, new ones get the job's.
    const modelIds = new Map<string, string>();
    for (const d of live.existing)
      if (d.type === 'model') {
        const name = (d.content as { name?: string }).name;
        if (name) modelIds.set(modelKey(name), d.id);
      }
    for (const u of plan.updated) if (u.document.type === 'model') modelIds.set(u.key, u.documentId!);
    const createdIds = new Map(plan.created.map((c) => [c.key, importedDocumentId(projectId, this.job.id, c.key)]));
    for (const c of plan.created) if (c.document.type === 'model') modelIds.set(c.key, createdIds.get(c.key)!);

    // Folders for new documents, under the import's folder: existing ones by name, else new ones.
    const folderIds = new Map<string, string>([['', live.rootId]]);
    const childrenOf = new Map<string, StoredNode[]>();
    for (const n of live.nodes) (childrenOf.get(n.parentId) ?? childrenOf.set(n.parentId, []).get(n.parentId)!).push(n);
    const appended = new Map<string, { count: number }>();
    const placeholderRank = (parentId: string) => {
      const slot = appended.get(parentId) ?? appended.set(parentId, { count: 0 }).get(parentId)!;
      return slot.count++;
    };
    const revision = firstRevision(this.editor);
    const pending: { node: StoredNode; order: number }[] = [];
    const folderFor = (path: string[]): string => {
      const pathKey = path.join('\u0000');
      const known = folderIds.get(pathKey);
      if (known) return known;
      const parentId = folderFor(path.slice(0, -1));
      const name = path[path.length - 1]!;
      const existing = (childrenOf.get(parentId) ?? []).find((n) => n.type === 'folder' && n.name === name);
      if (existing) {
        folderIds.set(pathKey, existing.id);
        return existing.id;
      }
      const id = importedDocumentId(projectId, this.job.id, `folder:${path.join('/')}`);
      const node: StoredNode = {
        id,
        projectId,
        parentId,
        rank: '',
        name,
        type: 'folder',
        comment: '',
        method: null,
        path: null,
        status: null,
        ...revision,
      };
      pending.push({ node, order: placeholderRank(parentId) });
      folderIds.set(pathKey, id);
      return id;
    };

    // New documents: bodies, search texts, stamps and mock settings first (nothing shows them), then nodes.
    const created = [...plan.created].sort(byModelsFirst);
    const invisible: (Item & Key)[] = [];
    for (const c of created) {
      const id = createdIds.get(c.key)!;
      const typed = { type: c.document.type, content: resolveRefs(c.document.content, modelIds) } as TypedContent;
      const body = await storeBody(projectId, id, 1, writeContent(typed));
      if (body.s3Key) this.createdObjects.push(body.s3Key);
      const parentId = folderFor(c.document.folder);
      const node: StoredNode = {
        id,
        projectId,
        parentId,
        rank: '',
        name: c.document.name,
        type: c.document.type,
        comment: '',
        ...apiSummary(typed),
        ...revision,
      };
      pending.push({ node, order: placeholderRank(parentId) });
      invisible.push(
        bodyItem(projectId, id, 1, body),
        searchTextItem(projectId, id, contentText(typed)),
        stampItem(projectId, id, c.stamp),
      );
      const template = this.result.mockTemplates?.[c.key];
      if (template && c.document.type === 'api')
        invisible.push({
          ...keys.mockConfig(projectId, id),
          ...ENTITY.mockConfig,
          projectId,
          docId: id,
          settings: { ...DEFAULT_MOCK_SETTINGS, type: 'template', body: template },
          updatedAt: revision.updatedAt,
          updatedBy: this.editor.id,
          updatedByName: this.editor.name,
        });
      this.changes.push({ action: 'created', documentId: id, name: c.document.name, type: c.document.type });
    }
    this.createdIds.push(...pending.map((p) => p.node.id));
    // Ranks: after each parent's last child, in the source's order.
    for (const [parentId, slot] of appended) {
      const siblings = (childrenOf.get(parentId) ?? []).map((n) => n.rank).sort();
      const ranks = generateNKeysBetween(siblings[siblings.length - 1] ?? null, null, slot.count);
      for (const p of pending) if (p.node.parentId === parentId) p.node.rank = ranks[p.order]!;
    }
    await inParallel(chunksOf(invisible, 100), WRITERS, (chunk) => batchWrite({ puts: chunk }));
    // Folders, then models, then the rest: what a document refers to is there before it.
    const nodes = pending.map((p) => p.node).sort((a, b) => rankOfKind(a) - rankOfKind(b));
    // Folders and models first (a document's parent and models are there before it), then the rest in parallel.
    const early = nodes.filter((n) => n.type === 'folder' || n.type === 'model');
    const rest = nodes.filter((n) => n.type !== 'folder' && n.type !== 'model');
    for (const group of [early, rest]) {
      await inParallel(chunksOf(group, 100), WRITERS, async (chunk) => {
        await batchWrite({ puts: chunk.map((n) => nodeEntity.item(n)) });
        this.nodesWritten += chunk.length;
        await this.progress(chunk.filter((n) => n.type !== 'folder').length);
      });
    }
    if (nodes.length) await bumpTreeRev(projectId, nodes.length);
    if (Object.keys(this.result.mockTemplates ?? {}).length) await projectEntity.update({ id: projectId }, { add: { mockRev: 1 } });

    // Matched documents the source changed: each with the history entry of the version it replaces.
    const updated = [...plan.updated].sort(byModelsFirst);
    for (let i = 0; i < updated.length; i += UPDATES_PER_TRANSACTION) {
      const chunk = updated.slice(i, i + UPDATES_PER_TRANSACTION);
      const ops: TransactOp[] = [];
      for (const u of chunk) ops.push(...(await this.updateOps(u, modelIds)));
      await transact(ops);
      await this.progress(chunk.length);
    }
    if (updated.length) await bumpTreeRev(projectId);
    for (const u of updated)
      this.changes.push({ action: 'updated', documentId: u.documentId!, name: u.document.name, type: u.document.type });

    // Matched and unchanged in content: only the stamp moves.
    for (const r of plan.restamped) this.restampedBefore.push({ documentId: r.documentId, stamp: live.stamps.get(r.documentId) });
    for (let i = 0; i < plan.restamped.length; i += 100) {
      const chunk = plan.restamped.slice(i, i + 100);
      await batchWrite({ puts: chunk.map((r) => stampItem(projectId, r.documentId, r.stamp)) });
      await this.progress(chunk.length);
    }

    // Last, what the source no longer has (only when asked): to the document bin, restorable for 30 days.
    for (const d of plan.deleted) {
      await binDocuments(projectId, d.documentId, [d.documentId], live.nodes, this.editor);
      const node = live.byId.get(d.documentId);
      this.changes.push({ action: 'deleted', documentId: d.documentId, name: node?.name ?? '', type: node?.type ?? '' });
      await this.progress(1);
    }
  }

  private async updateOps(u: PlannedWrite, modelIds: Map<string, string>): Promise<TransactOp[]> {
    const { projectId, live } = this;
    const node = live.byId.get(u.documentId!)!;
    const typed = { type: node.type, content: resolveRefs(u.document.content, modelIds) } as TypedContent;
    const rev = node.rev + 1;
    const body = await storeBody(projectId, node.id, rev, writeContent(typed));
    if (body.s3Key) this.createdObjects.push(body.s3Key);
    const previous = live.bodies.get(node.id);
    const preserved: StoredBody = previous?.s3Key ? { s3Key: previous.s3Key } : { json: previous?.json ?? '{}' };
    const next: StoredNode = {
      ...node,
      name: u.document.name,
      ...apiSummary(typed),
      updatedAt: new Date().toISOString(),
      updatedBy: this.editor.id,
      updatedByName: this.editor.name,
      rev,
    };
    this.updatedBefore.push({ node, body: previous, content: live.contents.get(node.id)!, stamp: live.stamps.get(node.id) });
    const where = conditionsOn<StoredNode>();
    return [
      nodeEntity.putOp(next, where.eq('rev', node.rev), () => new AppError('staleRevision', { editor: node.updatedByName })),
      { put: bodyItem(projectId, node.id, rev, body) },
      { put: historyItem(projectId, node, preserved) },
      { put: searchTextItem(projectId, node.id, contentText(typed)) },
      { put: stampItem(projectId, node.id, u.stamp) },
    ];
  }

  /** Puts the project back as it was before this run: new items deleted, updated documents and stamps restored. */
  async undo() {
    const { projectId } = this;
    const deletes: Key[] = this.createdIds.flatMap((id) => [
      keys.document(projectId, id),
      keys.documentBody(projectId, id),
      keys.searchText(projectId, id),
      importKeys.stamp(projectId, id),
      keys.mockConfig(projectId, id),
    ]);
    const puts: (Item & Key)[] = [];
    for (const before of this.updatedBefore) {
      const id = before.node.id;
      puts.push(
        nodeEntity.item(before.node),
        bodyItem(projectId, id, before.node.rev, before.body ?? { json: '{}' }),
        searchTextItem(projectId, id, contentText(before.content)),
      );
      deletes.push(keys.history(projectId, id, before.node.rev));
      if (before.stamp?.base) puts.push(stampItem(projectId, id, before.stamp as ImportStamp));
      else if (!before.stamp) deletes.push(importKeys.stamp(projectId, id));
    }
    for (const before of this.restampedBefore) {
      if (before.stamp?.base) puts.push(stampItem(projectId, before.documentId, before.stamp as ImportStamp));
      else if (!before.stamp) deletes.push(importKeys.stamp(projectId, before.documentId));
    }
    // Puts and deletes never name the same item (a history entry is deleted, its document put), so one batch run.
    await batchWrite({ puts, deletes });
    if (this.createdObjects.length) await deleteObjects(this.createdObjects);
    await bumpTreeRev(projectId, -this.nodesWritten);
  }
}

const chunksOf = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Runs `work` over `items` with at most `limit` at once; the first failure fails the whole (after the rest settle). */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
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

const rankOfKind = (n: StoredNode) => (n.type === 'folder' ? 0 : n.type === 'model' ? 1 : 2);
