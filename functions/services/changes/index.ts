/**
 * The changes service (issue 35): the compatibility report between two versions of a project, for the screens and
 * the open API, the next version the publish dialog offers, which follows semver from the report's verdict, and
 * the project's policy (severities changed or turned off, findings accepted with a reason) that every report obeys.
 */
import { nextSemver } from '@shared/compat/engine';
import { changesRoutes } from '@shared/routes/changes';
import { changesBetween, changesSinceLatestRelease, liveForPreview } from '../../domain/compat';
import { acceptFinding, policyView, setSeverities, unacceptFinding } from '../../domain/compat-policy';
import { editorOf } from '../../domain/users';
import { nextVersionAfter } from '../../domain/releases';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService, defineHandlers } from '../../runtime/service';

const changesHandlers = defineHandlers({
  /**
   * Semver from the verdict against the latest release: major when anything breaks, minor when something was added,
   * patch otherwise. A version that is no semver goes on as before.
   */
  'release.nextVersion': async ({ params }) => {
    const since = await changesSinceLatestRelease(params.id);
    if (!since) return { version: nextVersionAfter(undefined) };
    if (!/^v?\d+\.\d+\.\d+/.test(since.previous)) return { version: nextVersionAfter(since.previous), bump: since.report.bump };
    return { version: nextSemver(since.previous, since.report.bump), bump: since.report.bump };
  },

  'release.changes': async ({ params, query }) => changesBetween(params.id, query.from, query.to),

  'open.changes': async ({ params, query }) => changesBetween(params.projectId, query.from, query.to),

  'compat.policy': async ({ params }) => policyView(params.projectId),

  'compat.live': async ({ params }) => liveForPreview(params.projectId),

  'compat.severities': async ({ body }, ctx) => setSeverities(body.projectId, body.severities, body.rev, await editorOf(ctx.caller.userId)),

  'compat.accept': async ({ body }, ctx) =>
    acceptFinding(body.projectId, body.key, body.reason, body.rev, await editorOf(ctx.caller.userId)),

  'compat.unaccept': async ({ body }, ctx) => unacceptFinding(body.projectId, body.key, body.rev, await editorOf(ctx.caller.userId)),
});

export const handler = createService('changes', changesRoutes, changesHandlers, projectAndTeamChecks);
