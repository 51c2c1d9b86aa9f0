/**
 * One run of an export job (issue 23): take the job, read the project into Apiloom's project file (snapshot.ts),
 * hand it to the format's writer, store the file under exports/ (expired after a day) and mark the job done. A
 * format without a writer, a release that is gone, anything that fails: the job fails with a localised reason and
 * nothing is stored (a file stored before the job could be marked done is removed again). A second invocation finds
 * the job taken and does nothing; one after a run that died takes the lapsed lease and writes the same file again,
 * and the run thought dead, should it still be going, finds its next write refused and stands down (`LeaseLost`):
 * it neither stores, nor fails, nor finishes a job that is no longer its own.
 */
import { nestNodes, serialLabels } from '@shared/serial-numbers';
import { FILE_ID_PATTERN, FILES_PATH, isImageType, sniffFileType } from '@shared/files';
import { exportKeys, keys } from '../../data/keys';
import { deleteObject, getObjectBytes, isMissing, putObjectBytes, putObjectParts } from '../../data/s3';
import { exportLease, getExportJob, keptOmissions, type ExportJobRecord } from '../../domain/export-jobs';
import { LeaseLost } from '../../domain/jobs';
import { AppError } from '../../core/app-error';
import type { Logger } from '../../core/logger';
import { WRITERS } from '../../export';
import type { ExportFormat, ExportImage } from '../../export/types';
import { readProjectFile } from '../../domain/project-file';

export interface RunOptions {
  log: Logger;
  /** Figures for the bench: milliseconds per stage. */
  timings?: Record<string, number>;
}

/** What the file name adds before its extension, so that tools recognise it (Postman's own names). */
const NAME_SUFFIX: Record<ExportFormat, string> = {
  apiloom: '.apiloom',
  'openapi-json': '.openapi',
  'openapi-yaml': '.openapi',
  postman: '.postman_collection',
  'postman-environment': '.postman_environment',
  markdown: '',
  html: '',
  pdf: '',
  docx: '',
};

/** What file systems refuse in a name: control characters and the reserved punctuation. */
const unsafeInName = (c: string) => c.charCodeAt(0) < 0x20 || c === '\u007f' || '<>:"/\\|?*'.includes(c);

/** A file name from the project's name: what file systems refuse replaced, at most 100 characters. */
export const exportFileName = (projectName: string, format: ExportFormat, extension: string) =>
  `${
    [...projectName]
      .map((c) => (unsafeInName(c) ? '_' : c))
      .join('')
      .trim()
      .slice(0, 100) || 'export'
  }${NAME_SUFFIX[format]}.${extension}`;

const stage = async <T>(opts: RunOptions, name: string, work: () => Promise<T>): Promise<T> => {
  const started = performance.now();
  try {
    return await work();
  } finally {
    if (opts.timings) opts.timings[name] = (opts.timings[name] ?? 0) + performance.now() - started;
  }
};

/** The image a document shows, when `src` is one of this project's own published files; nothing else is read. */
export function imageReader(projectId: string) {
  const own = new RegExp(`^(?:https?://[^/]+)?${FILES_PATH}/${projectId}/([^/?#]+)$`);
  return async (src: string): Promise<ExportImage | undefined> => {
    const fileId = own.exec(src)?.[1];
    if (!fileId || !FILE_ID_PATTERN.test(fileId)) return undefined;
    try {
      const bytes = await getObjectBytes(keys.fileObject(projectId, fileId));
      const type = sniffFileType(bytes);
      return isImageType(type) ? { bytes, contentType: type } : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw err;
    }
  };
}

export async function runExportJob(event: { projectId: string; jobId: string }, opts: RunOptions): Promise<void> {
  const found = await getExportJob(event.projectId, event.jobId);
  if (!found) return;
  const job = await exportLease.take(found);
  if (!job) {
    opts.log.info('export job not taken', { job: event.jobId, state: found.state });
    return;
  }
  try {
    await runTaken(job, opts);
  } catch (err) {
    if (err instanceof LeaseLost) {
      opts.log.warn('export job taken over by another run: standing down', { job: job.id, attempts: job.attempts });
      return;
    }
    if (err instanceof AppError) {
      await exportLease.fail(job, err.key, err.params as Record<string, string | number>);
      return;
    }
    opts.log.error('export job failed', { job: job.id, error: (err as Error).message, stack: (err as Error).stack });
    await exportLease.fail(job, 'exportFailed');
  }
}

async function runTaken(job: ExportJobRecord, opts: RunOptions) {
  const writer = WRITERS[job.format];
  const exportedAt = new Date().toISOString();
  const { file, serialStyle } = await stage(opts, 'read', () =>
    readProjectFile(job, exportedAt, (done, total) => exportLease.renew(job, { progress: { done, total } })),
  );
  // The project's 序号样式 numbers the exported tree as the app numbers it.
  const serials = serialLabels(nestNodes(file.nodes), serialStyle);
  const output = await stage(opts, 'write', () =>
    writer(file, { language: job.language, serials, exportedAt, readImage: imageReader(job.projectId) }),
  );
  const objectKey = exportKeys.object(job.projectId, job.id, output.extension);
  const total = file.nodes.length;
  // Still this run's job (the lease renewed) before anything is stored: a run taken over while it wrote stores nothing.
  const stillOurs = () => exportLease.renew(job, { progress: { done: total, total } });
  let size: number;
  if (output.body instanceof Uint8Array) {
    const body = output.body;
    await stillOurs();
    await stage(opts, 'store', () => putObjectBytes(objectKey, body, output.contentType));
    size = body.length;
  } else {
    // Word and PDF come in pieces, made as they are stored (S3 parts): the file is never held whole. The upload is
    // completed only once the lease is renewed; one abandoned or refused leaves no object behind.
    const pieces = output.body;
    size = await stage(opts, 'write and store', () => putObjectParts(objectKey, pieces, output.contentType, stillOurs));
  }
  try {
    await exportLease.finish(job, {
      objectKey,
      fileName: exportFileName(file.project.name ?? '', job.format, output.extension),
      size,
      omissions: keptOmissions(output.omissions),
      progress: { done: total, total },
    });
  } catch (err) {
    // The run that took the job over writes the same key: its file stays. Otherwise no file outlives a failed job.
    if (!(err instanceof LeaseLost))
      await deleteObject(objectKey).catch((e: Error) => opts.log.warn('export file left', { key: objectKey, error: e.message }));
    throw err;
  }
}
