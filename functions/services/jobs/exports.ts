/**
 * Export jobs (issue 23): the start records the job and invokes the export worker (asynchronously in AWS, in
 * process after the answer locally); the client polls the job for its progress and its download link. The
 * writers never load here: they live in the worker's bundle, which also answers a format it has no writer for.
 */
import { createExportJob, requireExportJob, toExportJobView } from '../../domain/export-jobs';
import { getRelease } from '../../domain/releases';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';

export const exportHandlers = defineHandlers({
  'export.start': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const share = ctx.project.share;
    if (share && !share.allowExport) throw new AppError('exportNotAllowed');
    // A release named in the body, or by the header (or the share's: the access check read it then).
    const version = body.version ?? ctx.project.release?.version ?? null;
    if (version && version !== ctx.project.release?.version) {
      // A share of the live project exports the live project; a share of a release, that release only.
      if (share) throw new AppError('forbidden');
      if (!(await getRelease(projectId, version))) throw new AppError('releaseNotFound');
    }
    const job = await createExportJob({
      projectId,
      format: body.format,
      docIds: body.docIds?.length ? body.docIds : null,
      version,
      language: body.language ?? ctx.locale,
      shareId: share?.id ?? null,
      createdBy: ctx.caller?.userId ?? '',
    });
    await invokeWorker('export', { projectId, jobId: job.id });
    ctx.log.info('export started', { project: projectId, job: job.id, format: job.format });
    return { id: job.id, state: job.state };
  },

  'export.get': async ({ params }, ctx) => {
    const job = await requireExportJob(ctx.project.item.id, params.id);
    // A share reader polls the jobs started through their share, and no one else's.
    if (ctx.project.share && job.shareId !== ctx.project.share.id) throw new AppError('notFound');
    return toExportJobView(job, ctx.locale);
  },
});
