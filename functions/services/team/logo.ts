/**
 * The team's own image (its logo): uploaded and checked as an avatar is, and kept under the team's id where
 * projects keep theirs (`/files/<teamId>/<fileId>`). Ids are random UUIDs, so a team's files never meet a
 * project's or an account's; they go when the team is disbanded (purgeTeam in domain/project-purge.ts).
 */
import { finishUpload, startUpload } from '../../domain/files';
import { fail } from '../../runtime/app-error';
import { defineHandlers } from '../../runtime/service';

export const logoHandlers = defineHandlers({
  'team.logoUpload': async ({ params, body }) => {
    if (body.kind !== 'image') fail('fileTypeRefused');
    return startUpload(params.teamId, body);
  },

  'team.logoUploadFinish': async ({ params, body }, ctx) => {
    if (body.kind !== 'image') fail('fileTypeRefused');
    const file = await finishUpload(params.teamId, params.fileId, body);
    ctx.log.info('team logo uploaded', { team: params.teamId, file: file.fileId, size: file.size });
    return file;
  },
});
