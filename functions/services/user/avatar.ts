/**
 * The account's own image (its avatar): uploaded and checked as a document's image is, and kept under the
 * account's id where projects keep theirs (`/files/<owner>/<fileId>`). Ids are random UUIDs, so an account's
 * files never meet a project's; they go when the account does (domain/account-removal.ts).
 */
import { finishUpload, startUpload } from '../../domain/files';
import { fail } from '../../runtime/app-error';
import { defineHandlers } from '../../runtime/service';

export const avatarHandlers = defineHandlers({
  'user.avatarUpload': async ({ body }, ctx) => {
    if (body.kind !== 'image') fail('fileTypeRefused');
    return startUpload(ctx.caller.userId, body);
  },

  'user.avatarUploadFinish': async ({ params, body }, ctx) => {
    if (body.kind !== 'image') fail('fileTypeRefused');
    const file = await finishUpload(ctx.caller.userId, params.fileId, body);
    ctx.log.info('avatar uploaded', { file: file.fileId, size: file.size });
    return file;
  },
});
