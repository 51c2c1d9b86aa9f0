/**
 * Import jobs (issue 22): the file goes straight to S3 by a presigned PUT (or the worker fetches a URL, or the
 * spec's swagger call's body is stored the same way), the import worker runs the job (asynchronously), and the
 * client polls the job. The importers themselves never load here: they live in the worker's bundle.
 */
import { IMPORT_MAX_BYTES } from '@shared/constants';
import { importOptions, type ImportOptions } from '@shared/schemas/import';
import {
  assertImportFolder,
  createImportJob,
  importTooLarge,
  leaseLapsed,
  newImportJobId,
  openImportUpload,
  requireImportJob,
  startUploadedImport,
  storeImportFile,
  toImportJobView,
  type ImportJobRecord,
} from '../../domain/import-jobs';
import { stampHashesOf } from '../../domain/import-stamp-hashes';
import { getUser } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';

async function editorOf(userId: string) {
  const user = await getUser(userId);
  return { id: userId, name: user?.nickname ?? '' };
}

const run = (job: Pick<ImportJobRecord, 'projectId' | 'id'>) => invokeWorker('import', { projectId: job.projectId, jobId: job.id });

/** The choices alone, out of a request that also names the project, the job or the URL. */
const optionsOf = (input: ImportOptions) => importOptions.parse(input);

export const importHandlers = defineHandlers({
  'import.upload': async ({ body }, ctx) => openImportUpload(ctx.project.item.id, body, await editorOf(ctx.caller.userId)),

  'import.start': async ({ body }, ctx) => {
    const job = await requireImportJob(ctx.project.item.id, body.id);
    // Started already (a repeated call): the job as it stands, and nothing runs twice.
    if (job.state !== 'uploading') return toImportJobView(job, ctx.locale);
    const { queued, size } = await startUploadedImport(job, optionsOf(body));
    if (queued) {
      await run(job);
      ctx.log.info('import started', { project: job.projectId, job: job.id, size });
    }
    return toImportJobView(await requireImportJob(job.projectId, job.id), ctx.locale);
  },

  'import.url': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const options = optionsOf(body);
    await assertImportFolder(projectId, options.folderId);
    const job = await createImportJob({
      projectId,
      origin: 'url',
      source: body.url,
      url: body.url,
      options,
      editor: await editorOf(ctx.caller.userId),
      state: 'queued',
    });
    await run(job);
    return toImportJobView(job, ctx.locale);
  },

  'import.swagger': async ({ query, body }, ctx) => {
    const projectId = ctx.project.item.id;
    const options = optionsOf({ mode: query.mode, deleteMissing: false, dryRun: false, folderId: query.folderId });
    await assertImportFolder(projectId, options.folderId);
    const text = JSON.stringify(body);
    if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw importTooLarge();
    const id = newImportJobId(projectId);
    // The body first, then the job that reads it: a job never exists without its file.
    await storeImportFile(projectId, id, text);
    const job = await createImportJob({
      id,
      projectId,
      origin: 'body',
      source: 'swagger',
      size: Buffer.byteLength(text),
      options,
      editor: await editorOf(ctx.caller.userId),
      state: 'queued',
    });
    await run(job);
    return toImportJobView(job, ctx.locale);
  },

  'import.stamps': async ({ query }, ctx) => ({ stamps: await stampHashesOf(ctx.project.item.id, query.source) }),

  'import.get': async ({ params }, ctx) => {
    const job = await requireImportJob(ctx.project.item.id, params.id);
    // Its run died (a timeout, out of memory) or let go after a failed commit: the owner's poll has another run
    // take the job over (it finishes the commit, or discards what was staged and runs again). A second
    // invocation for the same lapse takes nothing: taking the job is one conditional write.
    if (leaseLapsed(job) && job.createdBy === ctx.caller.userId) {
      ctx.log.warn('import job lease lapsed: invoking the worker again', { job: job.id, attempts: job.attempts });
      await run(job);
    }
    return toImportJobView(job, ctx.locale);
  },
});
