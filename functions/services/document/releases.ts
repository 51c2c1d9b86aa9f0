/** Releases: publishing (a frozen snapshot), the list, and deleting one. The next version offered is the changes service's. */
import { deleteRelease, listReleases, publishRelease, toReleaseView } from '../../domain/releases';
import { defineHandlers } from '../../runtime/service';
import { editorOf } from '../../domain/users';

export const releaseHandlers = defineHandlers({
  'release.publish': async ({ body }, ctx) => {
    const release = await publishRelease(ctx.project.item, body.version, body.desc, await editorOf(ctx.caller.userId));
    ctx.log.info('release published', { projectId: release.projectId, version: release.version, documents: release.documentCount });
    return toReleaseView(release);
  },

  'release.list': async ({ params }) => (await listReleases(params.id)).map(toReleaseView),

  'release.delete': async ({ params }) => {
    await deleteRelease(params.projectId, params.version);
    return null;
  },
});
