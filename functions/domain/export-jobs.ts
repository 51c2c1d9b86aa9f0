/**
 * Export jobs (issue 23): one item per job in its project's partition (exportKeys.job); its file is served a
 * day, the item kept a day longer (TTL). A job moves queued -> running -> done | failed under the lease every job kind runs under (domain/jobs.ts):
 * a second invocation of the worker never runs a job twice, a run that died (a Lambda timeout) leaves a lapsed
 * lease the next invocation takes over, and a run thought dead and taken over finds its next write refused and
 * stands down (`LeaseLost`).
 */
import * as z from 'zod';
import { OMISSION_KINDS, omissionText, type ExportOmission, type OmissionKind } from '@shared/export-omissions';
import { ERRORS, type ErrorKey } from '@shared/errors';
import { lazy } from '@shared/lazy';
import { translate, type Locale } from '@shared/messages';
import { EXPORT_FILE_SECONDS, EXPORT_FORMATS, EXPORT_LINK_SECONDS, EXPORT_STATES, type ExportJobView } from '@shared/schemas/export';
import { LOCALES } from '@shared/constants';
import { getItem } from '../data/db';
import { defineEntity } from '../data/entity';
import { exportKeys } from '../data/keys';
import { presignGet } from '../data/s3';
import { AppError } from '../core/app-error';
import { newDocumentId } from './documents';
import { jobLease } from './jobs';

/** How long a run may go without renewing its lease before another invocation may take the job. */
const EXPORT_LEASE_MS = 16 * 60_000;

export const exportJobRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    state: z.enum(EXPORT_STATES),
    format: z.enum(EXPORT_FORMATS),
    /** Chosen documents; null: the whole tree. */
    docIds: z.array(z.string()).nullable(),
    /** The release read instead of the live tree. */
    version: z.string().nullable(),
    language: z.enum(LOCALES),
    /** The share a reader exported through: only what it holds is read, and only that reader's token polls the job. */
    shareId: z.string().nullable(),
    progress: z.object({ done: z.number(), total: z.number() }),
    /** The stored file, once done. */
    objectKey: z.string().nullable(),
    fileName: z.string().nullable(),
    size: z.number().nullable(),
    /** What the format could not hold (the writer's list, its first entries) and how many of each kind, all of them. */
    omissions: z
      .object({
        first: z.array(z.object({ kind: z.enum(OMISSION_KINDS), document: z.string(), detail: z.string().optional() })),
        counts: z.partialRecord(z.enum(OMISSION_KINDS), z.number()),
      })
      .optional(),
    error: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    startedAt: z.string().nullable(),
    leaseUntil: z.number().nullable(),
    attempts: z.number(),
    finishedAt: z.string().nullable(),
    /** When the file stops being served (ms): a day after the start, to the second whatever S3's lifecycle does. */
    fileExpiresAt: z.number(),
    /** DynamoDB's TTL (s): a day later still, so that a late poll hears the file expired rather than "not found". */
    expiresAt: z.number(),
  }),
);
export type ExportJobRecord = z.infer<typeof exportJobRecord>;

export const exportJobEntity = defineEntity({
  name: 'exportJob',
  schema: exportJobRecord,
  key: (j: Pick<ExportJobRecord, 'projectId' | 'id'>) => exportKeys.job(j.projectId, j.id),
});
/** Export's lease (domain/jobs.ts): every write of a run holds only while the job is the attempt it took. */
export const exportLease = jobLease('export', exportJobEntity, EXPORT_LEASE_MS);

export type NewExportJob = Pick<ExportJobRecord, 'projectId' | 'format' | 'docIds' | 'version' | 'language' | 'shareId' | 'createdBy'>;

/** A new job, queued at once (an export has nothing to upload). */
export async function createExportJob(job: NewExportJob, now = new Date()): Promise<ExportJobRecord> {
  const record: ExportJobRecord = {
    ...job,
    id: newDocumentId(job.projectId),
    state: 'queued',
    progress: { done: 0, total: 0 },
    objectKey: null,
    fileName: null,
    size: null,
    error: null,
    createdAt: now.toISOString(),
    startedAt: null,
    leaseUntil: null,
    attempts: 0,
    finishedAt: null,
    fileExpiresAt: now.getTime() + EXPORT_FILE_SECONDS * 1000,
    expiresAt: Math.floor(now.getTime() / 1000) + 2 * EXPORT_FILE_SECONDS,
  };
  await exportLease.create(record);
  return record;
}

export const getExportJob = async (projectId: string, jobId: string) =>
  exportJobEntity.parse(await getItem(exportKeys.job(projectId, jobId), { consistent: true }));

export async function requireExportJob(projectId: string, jobId: string): Promise<ExportJobRecord> {
  const job = await getExportJob(projectId, jobId);
  if (!job) throw new AppError('notFound');
  return job;
}

/** How many of a writer's omissions a job keeps to show (the counts cover all). */
const OMISSIONS_KEPT = 200;

/** A writer's omissions as a job keeps them. */
export function keptOmissions(list: readonly ExportOmission[] | undefined): ExportJobRecord['omissions'] {
  if (!list?.length) return undefined;
  const counts: Partial<Record<OmissionKind, number>> = {};
  for (const o of list) counts[o.kind] = (counts[o.kind] ?? 0) + 1;
  return { first: list.slice(0, OMISSIONS_KEPT).map((o) => ({ ...o, document: o.document.slice(0, 200) })), counts };
}

/** Whether a job's file is past its day (S3's lifecycle sweeps later; reads hold to the second). */
const isExportExpired = (job: Pick<ExportJobRecord, 'fileExpiresAt'>, now = Date.now()) => job.fileExpiresAt <= now;

/** What the client sees of a job, in its language, with a fresh short-lived link once it is done. */
export async function toExportJobView(job: ExportJobRecord, locale: Locale, now = Date.now()): Promise<ExportJobView> {
  if (isExportExpired(job, now)) throw new AppError('exportExpired');
  const errorKey = job.error?.key as ErrorKey | undefined;
  const ready = job.state === 'done' && job.objectKey && job.fileName;
  return {
    id: job.id,
    format: job.format,
    state: job.state,
    progress: job.progress,
    url: ready ? await presignGet(job.objectKey!, job.fileName!, EXPORT_LINK_SECONDS) : null,
    fileName: job.fileName,
    size: job.size,
    omissions: job.omissions
      ? {
          counts: job.omissions.counts,
          first: job.omissions.first.map((o) => ({ document: o.document, message: omissionText(locale, o) })),
        }
      : null,
    error:
      job.error && errorKey && errorKey in ERRORS
        ? { code: ERRORS[errorKey].code, message: translate(locale, `error.${errorKey}`, job.error.params) }
        : null,
  };
}
