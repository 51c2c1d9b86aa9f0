/**
 * Import jobs (issue 22): one item per job in its project's partition (keys.importJob), kept 30 days (TTL). A job
 * moves uploading -> queued -> running -> done | failed, each step a conditional write on the state it leaves, so
 * a repeated start or a second invocation of the worker never runs a job twice. A run holds a lease (domain/jobs.ts,
 * the protocol every job kind shares): a worker that died mid-run (a Lambda timeout, out of memory) leaves the job
 * `running` with a lapsed lease; the owner's next poll (`pollImport`) invokes the worker
 * again, which takes the job over: it finishes a commit that had started, or else discards what the dead run staged
 * and runs again (at most IMPORT_MAX_ATTEMPTS runs, then the job fails, with nothing of it visible). Every write of
 * a run holds only while the job is the attempt it took: a run taken over stands down (`LeaseLost`).
 */
import * as z from 'zod';
import { ERRORS, type ErrorKey } from '@shared/errors';
import { IMPORT_FORMATS, IMPORT_MAX_BYTES } from '@shared/constants';
import { UPLOAD_URL_SECONDS } from '@shared/files';

import { warningCounts, warningText } from '@shared/import/warnings';
import { lazy } from '@shared/lazy';
import { translate, type Locale } from '@shared/messages';
import {
  importOptions,
  importReport,
  importWarningView,
  IMPORT_STATES,
  type ImportJobView,
  type ImportOptions,
  type ImportReport,
} from '@shared/schemas/import';
import { conditionsOn, getItem, queryAll, skip } from '../data/db';
import { defineEntity } from '../data/entity';
import { importKeys, keys } from '../data/keys';
import { headObject, presignPut, putObject } from '../data/s3';
import { AppError } from '../core/app-error';
import { newDocumentId } from './documents';
import { jobLease, leaseLapsed, type TakenJob } from './jobs';
import type { Logger } from '../core/logger';
import { eventOps } from './events';

/** How long a job (its state, progress and report) is kept. */
const IMPORT_JOB_DAYS = 30;
/** How long a run may go without taking its lease over again before another invocation may take the job. */
const IMPORT_LEASE_MS = 16 * 60_000;
/** Runs a job may have (the first and the takeovers of dead ones) before it fails instead of running again. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** A commit that failed in a live run is retried by the next poll after this long (not a whole lease). */
const IMPORT_COMMIT_RETRY_MS = 1000;
/** What a report keeps of its warnings and changes (the counts are complete). */
const REPORT_WARNINGS = 500;
const REPORT_CHANGES = 300;

/** A report as stored: the route's report, its warnings without their text (the reader's language makes it). */
const storedReport = lazy(() => importReport.extend({ warnings: z.array(importWarningView.omit({ message: true })) }));
export type StoredReport = z.infer<typeof storedReport>;

export const importJobRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    state: z.enum(IMPORT_STATES),
    /** Where the file comes from: an upload (or the spec's body, put in S3 the same way), or a URL the worker fetches. */
    origin: z.enum(['upload', 'url', 'body']),
    /** The file name, the URL, or `swagger`: what a re-import of the same source matches its stamps on. */
    source: z.string(),
    url: z.string().nullable(),
    /** The size announced for an upload (S3 holds it to it). */
    size: z.number().nullable(),
    format: z.enum(IMPORT_FORMATS).nullable(),
    options: importOptions,
    progress: z.object({ done: z.number(), total: z.number() }),
    report: storedReport.nullable(),
    error: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    startedAt: z.string().nullable(),
    leaseUntil: z.number().nullable(),
    /** How many runs took the job (more than one: a run died and another took over). */
    attempts: z.number(),
    /**
     * Set once a run has staged everything and starts flipping it live (workers/import/staging.ts): how many
     * staged groups there were and how many are live, the new tree nodes and whether mock settings came with
     * them, and the documents staged before (progress counts both). A run that takes over a job with this set
     * finishes the commit instead of starting again.
     */
    commit: z
      .object({ done: z.number(), total: z.number(), nodes: z.number(), mocks: z.boolean(), staged: z.number() })
      .nullable()
      .optional(),
    finishedAt: z.string().nullable(),
    expiresAt: z.number(),
    /** The format an open-API caller said the file is (issue 26): a file of another format fails the job. */
    expectFormat: z.enum(IMPORT_FORMATS).optional(),
  }),
);
export type ImportJobRecord = z.infer<typeof importJobRecord>;

export const importJobEntity = defineEntity({
  name: 'importJob',
  schema: importJobRecord,
  key: (j: Pick<ImportJobRecord, 'projectId' | 'id'>) => importKeys.job(j.projectId, j.id),
});
const where = conditionsOn<ImportJobRecord>();

/** Import's lease (domain/jobs.ts): every write of a run holds only while the job is the attempt it took. */
export const importLease = jobLease('import', importJobEntity, IMPORT_LEASE_MS);

/** `<projectId>_<suffix>`, made as a document id is: polling finds its project's access rule in the id. */
export const newImportJobId = (projectId: string) => newDocumentId(projectId);

export interface NewJob {
  projectId: string;
  origin: ImportJobRecord['origin'];
  source: string;
  url?: string;
  size?: number;
  options: ImportOptions;
  editor: { id: string; name: string };
  state: 'uploading' | 'queued';
  id?: string;
}

/** A new job: `uploading` until its file is started, or `queued` at once (a URL, a body already stored). */
export async function createImportJob(job: NewJob, now = new Date()): Promise<ImportJobRecord> {
  const record: ImportJobRecord = {
    id: job.id ?? newImportJobId(job.projectId),
    projectId: job.projectId,
    state: job.state,
    origin: job.origin,
    source: job.source,
    url: job.url ?? null,
    size: job.size ?? null,
    format: null,
    options: job.options,
    progress: { done: 0, total: 0 },
    report: null,
    error: null,
    createdAt: now.toISOString(),
    createdBy: job.editor.id,
    createdByName: job.editor.name,
    startedAt: null,
    leaseUntil: null,
    attempts: 0,
    commit: null,
    finishedAt: null,
    expiresAt: Math.floor(now.getTime() / 1000) + IMPORT_JOB_DAYS * 86_400,
  };
  await importLease.create(record);
  return record;
}

export const getImportJob = async (projectId: string, jobId: string) =>
  importJobEntity.parse(await getItem(importKeys.job(projectId, jobId), { consistent: true }));

async function requireImportJob(projectId: string, jobId: string): Promise<ImportJobRecord> {
  const job = await getImportJob(projectId, jobId);
  if (!job) throw new AppError('notFound');
  return job;
}

/** A project's jobs, newest first (each is kept IMPORT_JOB_DAYS). */
export async function importJobsOf(projectId: string): Promise<ImportJobRecord[]> {
  const jobs = importJobEntity.parseAll(await queryAll(importKeys.jobsOf(projectId)));
  return jobs.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Queues an uploaded job with the options it was started with. Only an `uploading` job moves: a repeated start
 * (a lost answer, a double click) answers the job as it stands and invokes nothing. Answers whether it moved.
 */
async function queueImportJob(
  job: ImportJobRecord,
  options: ImportOptions,
  expectFormat?: ImportJobRecord['expectFormat'],
): Promise<boolean> {
  const moved = await importJobEntity.update(
    job,
    { set: { state: 'queued', options, ...(expectFormat ? { expectFormat } : {}) } },
    { when: where.eq('state', 'uploading'), failure: skip },
  );
  return moved !== undefined;
}

/** Progress of a run (and its lease renewed); throws `LeaseLost` when the job is no longer this run's. */
export const reportImportProgress = (job: TakenJob, progress: { done: number; total: number }) => importLease.renew(job, { progress });

/** Staging is over: the report as it will be and the commit's size; from here a takeover finishes the commit. */
export const startImportCommit = (job: TakenJob, report: StoredReport, commit: Commit) =>
  importLease.renew(job, { report: trimmed(report), commit, progress: commitProgress(commit) });

/** How far the commit got (and the report, when a dropped update changed it), the lease renewed. */
export const reportImportCommit = (job: TakenJob, commit: Commit, report?: StoredReport) =>
  importLease.renew(job, { ...(report ? { report: trimmed(report) } : {}), commit, progress: commitProgress(commit) });

/** A run whose commit failed lets go of the job soon, so the next poll has another run finish the commit. */
export const releaseImportLease = (job: TakenJob, retryInMs = IMPORT_COMMIT_RETRY_MS) => importLease.lapse(job, retryInMs);

/** Per kind, the larger of what was counted before a cut and what the list holds now. */
const countsBeyond = (before: StoredReport['warningCounts'], now: NonNullable<StoredReport['warningCounts']>) => {
  const out = { ...before };
  for (const [code, n] of Object.entries(now) as [keyof typeof now, number][]) out[code] = Math.max(out[code] ?? 0, n);
  return out;
};

type Commit = NonNullable<ImportJobRecord['commit']>;
const commitProgress = (c: Commit) => ({ done: c.staged + c.done, total: c.staged + c.total });

/**
 * A report as kept: its first warnings and changes, and the warnings counted by kind before the cut. A report
 * trimmed before holds counts already; warnings added since (a save during the commit) are counted on top.
 */
const trimmed = (report: StoredReport): StoredReport => ({
  ...report,
  warningCounts: countsBeyond(report.warningCounts, warningCounts(report.warnings)),
  warnings: report.warnings.slice(0, REPORT_WARNINGS),
  ...(report.conflicts ? { conflicts: report.conflicts.slice(0, REPORT_CHANGES) } : {}),
  changes: report.changes.slice(0, REPORT_CHANGES),
});

export const setImportFormat = (job: TakenJob, format: ImportJobRecord['format']) => importLease.write(job, { format });

/** running -> done, with the report. */
/**
 * running -> done with its report, and the import's one event (however many documents it wrote) in the same
 * transaction: none for a dry run or an import that changed nothing.
 */
export const finishImportJob = (job: ImportJobRecord, report: StoredReport, progress: { done: number; total: number }) => {
  const changed = report.created + report.updated + report.deleted > 0;
  const announce = changed && !job.options.dryRun;
  return importLease.finish(
    job,
    { report: trimmed(report), progress },
    announce
      ? eventOps({
          projectId: job.projectId,
          kind: 'import.finished',
          actor: { id: job.createdBy, name: job.createdByName },
          details: {
            jobId: job.id,
            source: job.source,
            created: report.created,
            updated: report.updated,
            deleted: report.deleted,
            unchanged: report.skipped,
            ...(report.compat ? { breaking: report.compat.summary.error } : {}),
          },
        })
      : [],
  );
};

/** queued | running -> failed, with why (an error key of shared/errors.ts and its values); not once taken over. */
export const failImportJob = (
  job: TakenJob,
  key: ErrorKey,
  params: Record<string, string | number> = {},
  report: StoredReport | null = null,
) => importLease.fail(job, key, params, { report });

/** What the client sees of a job, in its language. */
export function toImportJobView(job: ImportJobRecord, locale: Locale): ImportJobView {
  const report: ImportReport | null = job.report && {
    ...job.report,
    warnings: job.report.warnings.map((w) => ({ ...w, message: warningText(locale, w) })),
  };
  const errorKey = job.error?.key as ErrorKey | undefined;
  return {
    id: job.id,
    projectId: job.projectId,
    state: job.state,
    format: job.format,
    source: job.source,
    options: job.options,
    progress: job.progress,
    report,
    error:
      job.error && errorKey && errorKey in ERRORS
        ? { code: ERRORS[errorKey].code, message: translate(locale, `error.${errorKey}`, job.error.params) }
        : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** An import's file is opaque bytes to S3: whatever it is, the worker finds out. */
const IMPORT_UPLOAD_TYPE = 'application/octet-stream';

/** The object the job's file is kept in, and how it is announced to S3. */
const importObject = (job: Pick<ImportJobRecord, 'projectId' | 'id'>) => importKeys.object(job.projectId, job.id);

export const importTooLarge = () => new AppError('importTooLarge', { mb: IMPORT_MAX_BYTES / 1024 / 1024 });

/**
 * An upload's job (state `uploading`: it waits for its file) and the presigned PUT its file goes to, of exactly
 * the announced size (the signature covers Content-Length). The import screen and the open API both start here.
 */
export async function openImportUpload(
  projectId: string,
  file: { name: string; size: number },
  editor: NewJob['editor'],
  now = new Date(),
) {
  if (file.size > IMPORT_MAX_BYTES) throw importTooLarge();
  const job = await createImportJob(
    {
      projectId,
      origin: 'upload',
      source: file.name,
      size: file.size,
      options: { mode: 'merge', deleteMissing: false, dryRun: false },
      editor,
      state: 'uploading',
    },
    now,
  );
  return {
    id: job.id,
    url: await presignPut(importObject(job), file.size, IMPORT_UPLOAD_TYPE, UPLOAD_URL_SECONDS),
    headers: { 'content-type': IMPORT_UPLOAD_TYPE },
    method: 'PUT' as const,
    expiresAt: new Date(now.getTime() + UPLOAD_URL_SECONDS * 1000).toISOString(),
  };
}

/**
 * Starts an uploaded job with its options once its file has arrived within the limit. `queued` says whether this
 * call moved it (then the caller runs the worker); a repeated start moves nothing.
 */
async function startUploadedImport(
  job: ImportJobRecord,
  options: ImportOptions,
  expectFormat?: ImportJobRecord['expectFormat'],
): Promise<{ queued: boolean; size: number }> {
  await assertImportFolder(job.projectId, options.folderId);
  const head = await headObject(importObject(job));
  // Nothing, or nothing but an empty body, arrived.
  if (!head || head.size === 0) throw new AppError('uploadMissing');
  if (head.size > IMPORT_MAX_BYTES) throw importTooLarge();
  return { queued: await queueImportJob(job, options, expectFormat), size: head.size };
}

/** How a door runs a job's worker (the services invoke it; the domain never imports the pipeline), and logs. */
export interface ImportDoor {
  run: (job: Pick<ImportJobRecord, 'projectId' | 'id'>) => Promise<void>;
  log: Pick<Logger, 'info' | 'warn'>;
}

/**
 * Starts an uploaded job (the import screen's `import.start` and the open API's `open.importStart`): its file
 * checked, it is queued with its options and its worker run. A repeated start (a lost answer, a retried call)
 * answers the job as it stands, and nothing runs twice. Answers the job as it now stands.
 */
export async function startImport(
  projectId: string,
  jobId: string,
  options: ImportOptions,
  door: ImportDoor,
  expectFormat?: ImportJobRecord['expectFormat'],
): Promise<ImportJobRecord> {
  const job = await requireImportJob(projectId, jobId);
  if (job.state !== 'uploading') return job;
  const { queued, size } = await startUploadedImport(job, options, expectFormat);
  if (queued) {
    await door.run(job);
    door.log.info('import started', { project: job.projectId, job: job.id, by: job.createdBy, size });
  }
  return requireImportJob(job.projectId, job.id);
}

/**
 * A poll of a job (`import.get`, `open.importGet`) by whoever started it (`starter`: a person's id, or a token's
 * `token:<id>`). When its run died (a timeout, out of memory) or let go after a failed commit, the starter's poll
 * has another run take the job over (it finishes the commit, or discards what was staged and runs again); a second
 * poll for the same lapse takes nothing, as taking the job is one conditional write.
 */
export async function pollImport(projectId: string, jobId: string, starter: string, door: ImportDoor): Promise<ImportJobRecord> {
  const job = await requireImportJob(projectId, jobId);
  if (leaseLapsed(job) && job.createdBy === starter) {
    door.log.warn('import job lease lapsed: invoking the worker again', { job: job.id, attempts: job.attempts });
    await door.run(job);
  }
  return job;
}

/** Stores a file the API received (the spec's swagger call) where an upload would be. */
export const storeImportFile = (projectId: string, jobId: string, text: string) =>
  putObject(importKeys.object(projectId, jobId), text, 'application/json');

/** New documents go under a folder of the project, or at the top; anything else is refused at the field. */
export async function assertImportFolder(projectId: string, folderId: string | undefined) {
  if (!folderId || folderId === projectId) return;
  const target = await getItem(keys.document(projectId, folderId), { consistent: true });
  if (target?.type !== 'folder') throw new AppError('invalidInput', {}, { fields: { folderId: 'folderId' } });
}

/** What a job a project token ran names as its editor (issue 26): `token:<tokenId>`, with the token's name. */
export const tokenEditor = (token: { id: string; name: string }) => ({ id: `token:${token.id}`, name: token.name });

/** A job for the project's list of last imports: its view and who ran it (a person, or a token by its name). */
export const toImportHistoryEntry = (job: ImportJobRecord, locale: Locale) => ({
  ...toImportJobView(job, locale),
  by: { kind: job.createdBy.startsWith('token:') ? ('token' as const) : ('person' as const), name: job.createdByName },
});

/** The last imports a list shows. */
export const IMPORT_HISTORY_MAX = 20;
