/** Releases: the next version offered, publishing (a frozen snapshot), the list, and deleting one. */
import { nextSemver } from '@shared/compat/engine';
import { changesBetween, changesSinceLatestRelease } from '../../domain/compat';
import { deleteRelease, listReleases, nextVersionAfter, publishRelease, toReleaseView } from '../../domain/releases';
import { defineHandlers } from '../../runtime/service';
import { editorOf } from '../../domain/users';

export const releaseHandlers = defineHandlers({
  /**
   * Semver from the verdict against the latest release (issue 35): major when anything breaks, minor when something
   * was added, patch otherwise. A version that is no semver goes on as before.
   */
  'release.nextVersion': async ({ params }) => {
    const since = await changesSinceLatestRelease(params.id);
    if (!since) return { version: nextVersionAfter(undefined) };
    if (!/^v?\d+\.\d+\.\d+/.test(since.previous)) return { version: nextVersionAfter(since.previous), bump: since.report.bump };
    return { version: nextSemver(since.previous, since.report.bump), bump: since.report.bump };
  },

  'release.changes': async ({ params, query }) => changesBetween(params.id, query.from, query.to),

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
