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
  newImportJobId,
  openImportUpload,
  pollImport,
  startImport,
  storeImportFile,
  toImportJobView,
  type ImportDoor,
  type ImportJobRecord,
} from '../../domain/import-jobs';
import { stampHashesOf } from '../../domain/import-stamp-hashes';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';

const run = (job: Pick<ImportJobRecord, 'projectId' | 'id'>) => invokeWorker('import', { projectId: job.projectId, jobId: job.id });
/** How this door runs the worker and logs, for the domain's import verbs. */
const door = (ctx: { log: ImportDoor['log'] }): ImportDoor => ({ run, log: ctx.log });

/** The choices alone, out of a request that also names the project, the job or the URL. */
const optionsOf = (input: ImportOptions) => importOptions.parse(input);

export const importHandlers = defineHandlers({
  'import.upload': async ({ body }, ctx) => openImportUpload(ctx.project.item.id, body, await editorOf(ctx.caller.userId)),

  'import.start': async ({ body }, ctx) =>
    toImportJobView(await startImport(ctx.project.item.id, body.id, optionsOf(body), door(ctx)), ctx.locale),

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

  'import.get': async ({ params }, ctx) =>
    toImportJobView(await pollImport(ctx.project.item.id, params.id, ctx.caller.userId, door(ctx)), ctx.locale),
});
