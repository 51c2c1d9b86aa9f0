/**
 * The open API's service (issue 26): /open/v1 for CI and tools with a project token. It starts and polls the very
 * import and export jobs of the screens (the same workers, options and reports), and reads the tree and single
 * documents through the export's snapshot and writers. A service of its own: the project bundle is at its 400 KB
 * budget, and this one carries the OpenAPI and markdown writers (in a chunk the first document read loads). It also
 * serves the editors' token routes.
 */
import { openRoutes } from '@shared/routes/open';
import { tokenRoutes } from '@shared/routes/tokens';
import { importOptions } from '@shared/schemas/import';
import { createExportJob, requireExportJob, toExportJobView } from '../../domain/export-jobs';
import {
  IMPORT_HISTORY_MAX,
  importJobsOf,
  openImportUpload,
  pollImport,
  startImport,
  toImportHistoryEntry,
  toImportJobView,
  tokenEditor,
  type ImportDoor,
} from '../../domain/import-jobs';
import { projectAndTeamChecks } from '../../runtime/access';
import { AppError } from '../../core/app-error';
import { createService, defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';
import { openTreeOf } from './reads';
import { tokenHandlers } from './tokens';

/** The token a handler's request came with (the access check put it there). */
function tokenOf(ctx: { project: { token?: { id: string; name: string } } }) {
  const { token } = ctx.project;
  if (!token) throw new AppError('notLoggedIn');
  return token;
}

/** How this door runs the import worker and logs, for the domain's import verbs. */
const door = (ctx: { log: ImportDoor['log'] }): ImportDoor => ({
  run: (job) => invokeWorker('import', { projectId: job.projectId, jobId: job.id }),
  log: ctx.log,
});

export const openHandlers = defineHandlers({
  'open.tree': async (_, ctx) => openTreeOf(ctx.project.item),

  // The export's writers and js-yaml load with the first document read: a cold start for any other route skips them.
  'open.document': async ({ params, query }, ctx) =>
    (await import('./document-writer')).openDocumentOf(ctx.project.item, params.docId, query.as, ctx.locale),

  'open.importUpload': async ({ body }, ctx) => openImportUpload(ctx.project.item.id, body, tokenEditor(tokenOf(ctx))),

  'open.importStart': async ({ body }, ctx) => {
    const format = body.format === 'auto' ? undefined : body.format;
    return toImportJobView(await startImport(ctx.project.item.id, body.id, importOptions.parse(body), door(ctx), format), ctx.locale);
  },

  // A run that died is taken over on its starter's poll, as on the screen (import.get).
  'open.importGet': async ({ params }, ctx) =>
    toImportJobView(await pollImport(ctx.project.item.id, params.id, tokenEditor(tokenOf(ctx)).id, door(ctx)), ctx.locale),

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

  // Imported on first read: its unzipping and parse (the bundle carries it gzipped) are no cold start's work.
  'open.openapi': async () => (await import('./openapi.json')).default as Record<string, unknown>,
});

/** The open API, and the editors' routes about its tokens (signed in, as every other editor route). */
export const handler = createService(
  'open',
  { ...openRoutes, ...tokenRoutes },
  { ...openHandlers, ...tokenHandlers },
  projectAndTeamChecks,
);
