/**
 * One run of an import job (issue 22): read the file (S3, or the URL through the SSRF guard), answer an unchanged
 * file at once, else detect, map (shared/import: the very code the browser preview runs), plan against the live
 * tree and write.
 *
 * Writes, and why a failed or retried import leaves no trace and never duplicates (staging.ts has the whole design):
 * - every document and folder the job creates gets an id derived from the job id and its import key, so a run
 *   taken over after a crash writes the same items again instead of new ones;
 * - a run stages: the tree nodes of new documents, the updates of matched ones, stamps that move, deletions and
 *   the source's record are written as staged items no reader sees; beside them only what no reader reaches
 *   without a node (new documents' bodies, search texts, stamps, mock settings);
 * - then it commits: the staged items are flipped live in idempotent transactions, an update only if nobody saved
 *   the document since the plan read it, deletions last. A failure before the commit discards the staged items
 *   (nothing was visible); a commit that fails or dies is finished by the next run (the owner's poll invokes it).
 */
import { importPreview, keptVerdict } from '@shared/compat/import-preview';
import { createHash } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import type { ErrorKey } from '@shared/errors';
import { IMPORT_MAX_BYTES } from '@shared/constants';
import { detectFormat, importDetected, ImportRefusal, type ImportResult } from '@shared/import';
import { modelKey } from '@shared/import/build';
import { planImport, type ExistingDocument, type ImportPlan, type ImportStamp, type PlannedWrite } from '@shared/import/plan';
import { readContent, writeContent, type SaveNote, type TypedContent } from '@shared/schemas/document';
import { DEFAULT_MOCK_SETTINGS } from '@shared/schemas/mock';
import { batchWrite, type Item } from '../../data/db';
import { ENTITY, importKeys, keys, type Key } from '../../data/keys';
import { getObjectBytes } from '../../data/s3';
import { bodiesOf, bodyItem, readBody, storeBody, type StoredBody } from '../../domain/bodies';
import { enginePolicyOf } from '../../domain/compat-policy';
import { apiSummary, firstRevision, loadNodes, nodeEntity, type Editor, type StoredNode } from '../../domain/documents';
import { tokensOf } from '../../domain/project-tokens';
import { historyItem } from '../../domain/histories';
import {
  failImportJob,
  finishImportJob,
  getImportJob,
  IMPORT_MAX_ATTEMPTS,
  importLease,
  releaseImportLease,
  reportImportProgress,
  setImportFormat,
  startImportCommit,
  type ImportJobRecord,
  type StoredReport,
} from '../../domain/import-jobs';
import { getImportSource, importSourceItem, optionsHash, stampItem, stampsOf, type StoredStamp } from '../../domain/import-stamps';
import { LeaseLost } from '../../domain/jobs';
import { contentText, searchTextItem } from '../../domain/search';
import { FetchRefused, safeFetch, type SafeFetchOptions } from '../../net/safe-fetch';
import type { Logger } from '../../core/logger';
import { chunksOf, commitStaged, discardStaged, inParallel, NODES_PER_STAGED_ITEM, STEP, stagedItem } from './staging';
import { importCapRefusal, projectCapRefusal, type CapRefusal } from './caps';

/** Progress is written after every this many documents. */
export const PROGRESS_EVERY = 200;
/** Batch writes in flight at once (each of 25 items, as batchWrite sends them). */
const WRITERS = 8;

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
  const job = await importLease.take(found);
  if (!job) {
    opts.log.info('import job not taken', { job: event.jobId, state: found.state });
    return;
  }
  // Once the commit has started, a run only goes forward: what is left of it is flipped live by this run or the next.
  let committing = !!job.commit;
  try {
    if (job.commit) {
      opts.log.warn('import job taken over mid-commit: finishing it', { job: job.id, attempts: job.attempts });
      await finishCommit(job, job.report!, job.commit, opts, true);
      return;
    }
    if (job.attempts > 1) {
      // A run died while staging: nothing of it is visible; what it staged goes, and the job runs again (or fails).
      opts.log.warn('import job taken over: discarding what the dead run staged', { job: job.id, attempts: job.attempts });
      await discardStaged(job);
      if (job.attempts > IMPORT_MAX_ATTEMPTS) {
        await failImportJob(job, 'importFailed');
        return;
      }
    }
    await runTaken(job, opts, () => {
      committing = true;
    });
  } catch (err) {
    if (err instanceof LeaseLost) {
      // Thought dead and taken over: what is staged and the job are the other run's now; this one touches neither.
      opts.log.warn('import job taken over by another run: standing down', { job: job.id, attempts: job.attempts });
      return;
    }
    if (committing) {
      // Let go soon, so the owner's next poll has a run finish it; after IMPORT_MAX_ATTEMPTS runs, only once the
      // whole lease lapses (a commit that keeps failing is not retried every second).
      opts.log.error('import commit failed: the next run finishes it', { job: job.id, error: (err as Error).message });
      if (job.attempts < IMPORT_MAX_ATTEMPTS) await releaseImportLease(job).catch(unlessLeaseLost);
      return;
    }
    await discardStaged(job).catch((e: unknown) =>
      opts.log.error('import staging not discarded (invisible; discarded by a takeover)', { job: job.id, error: (e as Error).message }),
    );
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

/** A run that lost its lease has nothing left to let go of. */
const unlessLeaseLost = (err: unknown) => {
  if (!(err instanceof LeaseLost)) throw err;
};

/** Flips what the job staged live (staging.ts) and ends the job with its report. */
async function finishCommit(
  job: ImportJobRecord,
  report: StoredReport,
  commit: NonNullable<ImportJobRecord['commit']>,
  opts: RunOptions,
  resume = false,
) {
  const final = await stage(opts, 'commit', () =>
    commitStaged({ ...job, report, commit }, { id: job.createdBy, name: job.createdByName }, resume),
  );
  const total = commit.staged + commit.total;
  await finishImportJob(job, final, { done: total, total });
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

async function runTaken(job: ImportJobRecord, opts: RunOptions, onCommit: () => void) {
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
    // An open-API caller named the format (issue 26): a file of another is refused, as a file of none is.
    if (job.expectFormat && detected.format !== job.expectFormat) throw new JobRefused('importInvalidType');
    return importDetected(detected);
  });
  refuseAt(importCapRefusal(result.documents.length));
  // From here the polls show how many documents the file brings, not 0/0.
  await reportImportProgress(job, { done: 0, total: result.documents.length });
  const live = await stage(opts, 'load', () => loadLive(projectId, options.folderId ?? projectId));
  const plan = await stage(opts, 'plan', () =>
    planImport(live.existing, result, {
      mode: options.mode,
      deleteMissing: options.deleteMissing,
      source: job.source,
      takeSource: options.takeSource,
    }),
  );
  refuseAt(projectCapRefusal({ existing: live.nodes.length, created: plan.created.length, deleted: plan.deleted.length }));
  const policy = await enginePolicyOf(projectId);
  const report = { ...reportOf(plan, live), compat: keptVerdict(importPreview(live.existing, plan, policy)) };
  if (options.dryRun) {
    await finishImportJob(job, report, { done: 0, total: 0 });
    return;
  }
  const total = plan.created.length + plan.updated.length + plan.restamped.length + plan.deleted.length;
  await reportImportProgress(job, { done: 0, total });
  const stager = new Stager(job, await importSaver(job), live, result, plan, total);
  const matched = plan.created.length + plan.updated.length + plan.skipped.length + plan.restamped.length;
  const sourceRecord = importSourceItem(projectId, {
    source: job.source,
    fileHash,
    optionsHash: wantedOptions,
    documents: matched,
    jobId: job.id,
    importedAt: new Date().toISOString(),
    project: result.project,
  });
  const staged = await stage(opts, 'write', () => stager.write(sourceRecord));
  const commit = { done: 0, total: staged.groups, nodes: staged.nodes, mocks: staged.mocks, staged: total };
  const final = { ...report, changes: stager.changes };
  await startImportCommit(job, final, commit);
  onCommit();
  await finishCommit(job, final, commit, opts);
}

/** A cap the import would pass: the job fails with its message, before anything is written. */
function refuseAt(refusal: CapRefusal | undefined) {
  if (refusal) throw new JobRefused(refusal.key, refusal.params);
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
    conflicts: plan.conflicts.map(({ documentId, name, field, ours, theirs, kept }) => ({ documentId, name, field, ours, theirs, kept })),
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

const TOKEN_JOB_PREFIX = 'token:';

/**
 * Who an import's saves are by: the person who ran it, or for a project token's push the token's maker, with the
 * token named in each save's note, so a document's header and its history both say "Ann, through the token CI".
 * A token gone since (its row expired) leaves only its name to show.
 */
async function importSaver(job: ImportJobRecord): Promise<{ editor: Editor; token?: string }> {
  const asRecorded = { id: job.createdBy, name: job.createdByName };
  if (!job.createdBy.startsWith(TOKEN_JOB_PREFIX)) return { editor: asRecorded };
  const tokenId = job.createdBy.slice(TOKEN_JOB_PREFIX.length);
  const token = (await tokensOf(job.projectId)).find((t) => t.id === tokenId);
  if (!token) return { editor: asRecorded, token: job.createdByName };
  return { editor: { id: token.createdBy, name: token.createdByName }, token: token.name };
}

/** Writes what a run stages (see staging.ts): staged items first, then what nothing shows without a tree node. */
class Stager {
  readonly changes: StoredReport['changes'] = [];
  private readonly projectId: string;
  private readonly editor: Editor;
  /** Each import save's note: created or updated, and by which token. */
  private readonly note: (action: 'created' | 'updated') => SaveNote;
  private done = 0;

  constructor(
    private readonly job: ImportJobRecord,
    saver: { editor: Editor; token?: string },
    private readonly live: Live,
    private readonly result: ImportResult,
    private readonly plan: ImportPlan,
    private readonly total: number,
  ) {
    this.projectId = job.projectId;
    this.editor = saver.editor;
    this.note = (action) => ({ kind: 'import', action, ...(saver.token ? { token: saver.token } : {}) });
  }

  private async progress(count: number) {
    const before = Math.floor(this.done / PROGRESS_EVERY);
    this.done += count;
    if (Math.floor(this.done / PROGRESS_EVERY) !== before) await reportImportProgress(this.job, { done: this.done, total: this.total });
  }

  /** Stages everything; answers the commit's size: staged groups, new tree nodes, whether mock settings came. */
  async write(sourceRecord: Item & Key): Promise<{ groups: number; nodes: number; mocks: boolean }> {
    const { projectId, live, plan, job } = this;
    // Model ids by model key: matched models keep theirs, new ones get the job's.
    const modelIds = new Map<string, string>();
    for (const d of live.existing)
      if (d.type === 'model') {
        const name = (d.content as { name?: string }).name;
        if (name) modelIds.set(modelKey(name), d.id);
      }
    for (const u of plan.updated) if (u.document.type === 'model') modelIds.set(u.key, u.documentId!);
    const createdIds = new Map(plan.created.map((c) => [c.key, importedDocumentId(projectId, job.id, c.key)]));
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
      const id = importedDocumentId(projectId, job.id, `folder:${path.join('/')}`);
      const node: StoredNode = {
        id,
        projectId,
        parentId,
        rank: '',
        name,
        type: 'folder',
        comment: '',
        note: this.note('created'),
        method: null,
        path: null,
        status: null,
        ...revision,
      };
      pending.push({ node, order: placeholderRank(parentId) });
      folderIds.set(pathKey, id);
      return id;
    };

    // New documents: their nodes (staged), then bodies, search texts, stamps and mock settings (nothing shows them).
    const created = [...plan.created].sort(byModelsFirst).map((c) => {
      const id = createdIds.get(c.key)!;
      const typed = { type: c.document.type, content: resolveRefs(c.document.content, modelIds) } as TypedContent;
      const parentId = folderFor(c.document.folder);
      const node: StoredNode = {
        id,
        projectId,
        parentId,
        rank: '',
        name: c.document.name,
        type: c.document.type,
        comment: '',
        note: this.note('created'),
        ...apiSummary(typed),
        ...revision,
      };
      pending.push({ node, order: placeholderRank(parentId) });
      this.changes.push({ action: 'created', documentId: id, name: c.document.name, type: c.document.type });
      return { c, id, typed };
    });
    // Ranks: after each parent's last child, in the source's order.
    for (const [parentId, slot] of appended) {
      const siblings = (childrenOf.get(parentId) ?? []).map((n) => n.rank).sort();
      const ranks = generateNKeysBetween(siblings[siblings.length - 1] ?? null, null, slot.count);
      for (const p of pending) if (p.node.parentId === parentId) p.node.rank = ranks[p.order]!;
    }
    // New nodes many to a staged item: folders, then models, then the rest (the order the commit flips them in).
    const stepOf = (n: StoredNode) => (n.type === 'folder' ? STEP.folder : n.type === 'model' ? STEP.model : STEP.document);
    const staged: (Item & Key)[] = [];
    for (const step of [STEP.folder, STEP.model, STEP.document])
      chunksOf(
        pending.filter((p) => stepOf(p.node) === step),
        NODES_PER_STAGED_ITEM,
      ).forEach((chunk, i) =>
        staged.push(stagedItem(job, step, `n${String(i).padStart(6, '0')}`, 'nodes', { items: chunk.map((p) => nodeEntity.item(p.node)) })),
      );

    // Matched documents the source changed: node (conditional on the revision read), body, history, text, stamp.
    const updated = [...plan.updated].sort(byModelsFirst);
    for (const u of updated) {
      staged.push(...(await this.stagedUpdate(u, modelIds)));
      this.changes.push({ action: 'updated', documentId: u.documentId!, name: u.document.name, type: u.document.type });
    }
    // Matched and unchanged in content: only the stamp moves.
    for (const r of plan.restamped)
      staged.push(stagedItem(job, STEP.restamp, r.documentId, 'stamp', { item: stampItem(projectId, r.documentId, r.stamp) }));
    // What the source no longer has (only when asked): binned at the commit, after everything else.
    for (const d of plan.deleted) {
      const node = live.byId.get(d.documentId);
      staged.push(stagedItem(job, STEP.delete, d.documentId, 'delete', { name: node?.name ?? '' }));
      this.changes.push({ action: 'deleted', documentId: d.documentId, name: node?.name ?? '', type: node?.type ?? '' });
    }
    staged.push(stagedItem(job, STEP.source, 'source', 'source', { item: sourceRecord }));
    await inParallel(chunksOf(staged, 100), WRITERS, (chunk) => batchWrite({ puts: chunk }));
    await this.progress(updated.length + plan.restamped.length + plan.deleted.length);

    const invisible: (Item & Key)[] = [];
    let mocks = false;
    for (const { c, id, typed } of created) {
      const body = await storeBody(projectId, id, 1, writeContent(typed));
      invisible.push(
        bodyItem(projectId, id, 1, body),
        searchTextItem(projectId, id, contentText(typed)),
        stampItem(projectId, id, c.stamp),
      );
      const template = this.result.mockTemplates?.[c.key];
      if (template && c.document.type === 'api') {
        mocks = true;
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
      }
    }
    await inParallel(chunksOf(invisible, 100), WRITERS, async (chunk) => {
      await batchWrite({ puts: chunk });
      await this.progress(chunk.filter((i) => i.entity === ENTITY.documentBody.entity).length);
    });
    const groups = new Set(staged.map((i) => `${String(i.step)}#${String(i.group)}`)).size;
    return { groups, nodes: pending.length, mocks };
  }

  private async stagedUpdate(u: PlannedWrite, modelIds: Map<string, string>): Promise<(Item & Key)[]> {
    const { projectId, live, job } = this;
    const node = live.byId.get(u.documentId!)!;
    const typed = { type: node.type, content: resolveRefs(u.document.content, modelIds) } as TypedContent;
    const rev = node.rev + 1;
    // A large body goes to S3 under its new revision: unseen until the node names it (and a later save overwrites it).
    const body = await storeBody(projectId, node.id, rev, writeContent(typed));
    const previous = live.bodies.get(node.id);
    const preserved: StoredBody = previous?.s3Key ? { s3Key: previous.s3Key } : { json: previous?.json ?? '{}' };
    const next: StoredNode = {
      ...node,
      name: u.document.name,
      comment: '',
      note: this.note('updated'),
      ...apiSummary(typed),
      updatedAt: new Date().toISOString(),
      updatedBy: this.editor.id,
      updatedByName: this.editor.name,
      rev,
    };
    const part = (name: string, item: Item & Key, extra: { expectRev?: number; pointer?: string } = {}) =>
      stagedItem(job, STEP.update, node.id, name, { item, name: node.name, ...extra });
    return [
      part('node', nodeEntity.item(next), { expectRev: node.rev, pointer: u.key }),
      part('body', bodyItem(projectId, node.id, rev, body)),
      part('hist', historyItem(projectId, node, preserved)),
      part('find', searchTextItem(projectId, node.id, contentText(typed))),
      part('stamp', stampItem(projectId, node.id, u.stamp)),
    ];
  }
}
