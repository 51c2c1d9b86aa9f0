/**
 * The open API's service (issue 26): /open/v1 for CI and tools with a project token. It starts and polls the very
 * import and export jobs of the screens (the same workers, options and reports), and reads the tree and single
 * documents through the export's snapshot and writers. A service of its own: the project bundle is at its 400 KB
 * budget, and this one carries the OpenAPI and markdown writers. It also serves the editors' token routes.
 */
import { openRoutes } from '@shared/routes/open';
import { tokenRoutes } from '@shared/routes/tokens';
import { importOptions } from '@shared/schemas/import';
import { createExportJob, requireExportJob, toExportJobView } from '../../domain/export-jobs';
import {
  IMPORT_HISTORY_MAX,
  importJobsOf,
  leaseLapsed,
  openImportUpload,
  requireImportJob,
  startUploadedImport,
  toImportHistoryEntry,
  toImportJobView,
  tokenEditor,
} from '../../domain/import-jobs';
import { projectAndTeamChecks } from '../../runtime/access';
import { AppError } from '../../core/app-error';
import { createService, defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';
import openApiFile from './openapi.json';
import { openDocumentOf, openTreeOf } from './reads';
import { changesBetween } from '../../domain/compat';
import { tokenHandlers } from './tokens';

/** The token a handler's request came with (the access check put it there). */
function tokenOf(ctx: { project: { token?: { id: string; name: string } } }) {
  const { token } = ctx.project;
  if (!token) throw new AppError('notLoggedIn');
  return token;
}

export const openHandlers = defineHandlers({
  'open.tree': async (_, ctx) => openTreeOf(ctx.project.item),

  'open.document': async ({ params, query }, ctx) => openDocumentOf(ctx.project.item, params.docId, query.as, ctx.locale),

  'open.importUpload': async ({ body }, ctx) => openImportUpload(ctx.project.item.id, body, tokenEditor(tokenOf(ctx))),

  'open.importStart': async ({ body }, ctx) => {
    const job = await requireImportJob(ctx.project.item.id, body.id);
    // Started already (a retried call): the job as it stands, and nothing runs twice.
    if (job.state !== 'uploading') return toImportJobView(job, ctx.locale);
    const format = body.format === 'auto' ? undefined : body.format;
    const { queued, size } = await startUploadedImport(job, importOptions.parse(body), format);
    if (queued) {
      await invokeWorker('import', { projectId: job.projectId, jobId: job.id });
      ctx.log.info('import started by token', { project: job.projectId, job: job.id, token: tokenOf(ctx).id, size });
    }
    return toImportJobView(await requireImportJob(job.projectId, job.id), ctx.locale);
  },

  'open.importGet': async ({ params }, ctx) => {
    const job = await requireImportJob(ctx.project.item.id, params.id);
    // A run that died is taken over on its starter's poll, as on the screen (import.get).
    if (leaseLapsed(job) && job.createdBy === tokenEditor(tokenOf(ctx)).id) {
      ctx.log.warn('import job lease lapsed: invoking the worker again', { job: job.id, attempts: job.attempts });
      await invokeWorker('import', { projectId: job.projectId, jobId: job.id });
    }
    return toImportJobView(job, ctx.locale);
  },

  'open.imports': async (_, ctx) => {
    const jobs = await importJobsOf(ctx.project.item.id);
    return { imports: jobs.slice(0, IMPORT_HISTORY_MAX).map((job) => toImportHistoryEntry(job, ctx.locale)) };
  },

  'open.exportStart': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const job = await createExportJob({
      projectId,
      format: body.format,
      docIds: body.docIds?.length ? body.docIds : null,
      version: null,
      language: body.language ?? ctx.locale,
      shareId: null,
      createdBy: tokenEditor(tokenOf(ctx)).id,
    });
    await invokeWorker('export', { projectId, jobId: job.id });
    return { id: job.id, state: job.state };
  },

  'open.exportGet': async ({ params }, ctx) => toExportJobView(await requireExportJob(ctx.project.item.id, params.id), ctx.locale),

  'open.changes': async ({ params, query }) => changesBetween(params.projectId, query.from, query.to),

  'open.openapi': async () => openApiFile as Record<string, unknown>,
});

/** The open API, and the editors' routes about its tokens (signed in, as every other editor route). */
export const handler = createService(
  'open',
  { ...openRoutes, ...tokenRoutes },
  { ...openHandlers, ...tokenHandlers },
  projectAndTeamChecks,
);
