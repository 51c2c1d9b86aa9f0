/** The team's own image (its logo), kept with the team and gone when it is disbanded (purgeTeam). */
import { ownImage } from '../../domain/files';
import { defineHandlers } from '../../runtime/service';

export const logoHandlers = defineHandlers({
  'team.logoUpload': async ({ params, body }) => ownImage.start(params.teamId, body),

  'team.logoUploadFinish': async ({ params, body }, ctx) => {
    const file = await ownImage.finish(params.teamId, params.fileId, body);
    ctx.log.info('team logo uploaded', { team: params.teamId, file: file.fileId, size: file.size });
    return file;
  },
});
