/**
 * The compatibility report (issue 35): what changed between two versions of a project's API and whether it breaks
 * its clients, for the screens (the report, and the publish dialog's next version, which follows semver from the
 * verdict) and for the open API (a project token's `read`). Their own service: the engine and its catalogue of checks
 * in zh and en would take the document and open bundles past their budgets, and only these routes need them.
 */
import { changesParams, changesView, compareQuery, openChangesParams } from '../schemas/compat';
import { nextVersion } from '../schemas/share';
import { idParams } from '../schemas/project';
import { onProject, param, route, withToken } from './define';
import { openAddresses } from './open-addresses';

export const changesRoutes = {
  'release.nextVersion': route({
    method: 'GET',
    path: '/project-release/next-version/{id}',
    service: 'changes',
    access: onProject(param('id'), 'edit'),
    params: idParams,
    response: nextVersion,
  }),
  /** The compatibility report (issue 35) between two releases, or a release and the live project (`live`). */
  'release.changes': route({
    method: 'GET',
    path: '/project-release/changes/{id}',
    service: 'changes',
    access: onProject(param('id'), 'view', { publicRead: true }),
    params: changesParams,
    query: compareQuery,
    response: changesView,
  }),
  /** The compatibility report (issue 35): what changed between two releases, or a release and `live`. */
  'open.changes': route({
    ...openAddresses['open.changes'],
    service: 'changes',
    access: withToken('read'),
    params: openChangesParams,
    query: compareQuery,
    response: changesView,
  }),
} as const;
