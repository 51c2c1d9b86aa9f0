/** The account's own image (its avatar), kept with the account and gone with it (domain/account-removal.ts). */
import { ownImage } from '../../domain/files';
import { defineHandlers } from '../../runtime/service';

export const avatarHandlers = defineHandlers({
  'user.avatarUpload': async ({ body }, ctx) => ownImage.start(ctx.caller.userId, body),

  'user.avatarUploadFinish': async ({ params, body }, ctx) => {
    const file = await ownImage.finish(ctx.caller.userId, params.fileId, body);
    ctx.log.info('avatar uploaded', { file: file.fileId, size: file.size });
    return file;
  },
});
