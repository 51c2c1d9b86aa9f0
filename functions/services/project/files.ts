/** Images and attachments of a project's documents: presigned uploads, then a check of what actually arrived. */
import { finishUpload, startUpload } from '../../domain/files';
import { defineHandlers } from '../../runtime/service';

export const fileHandlers = defineHandlers({
  'project.attachment': async ({ body }, ctx) => startUpload(ctx.project.item.id, body),

  'project.attachmentFinish': async ({ params, body }, ctx) => {
    const file = await finishUpload(ctx.project.item.id, params.fileId, body);
    ctx.log.info('file uploaded', { project: ctx.project.item.id, file: file.fileId, kind: file.kind, size: file.size });
    return file;
  },
});
