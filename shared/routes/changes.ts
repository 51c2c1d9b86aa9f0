/**
 * The compatibility report (issue 35): what changed between two versions of a project's API and whether it breaks
 * its clients, for the screens (the report, and the publish dialog's next version, which follows semver from the
 * verdict) and for the open API (a project token's `read`). Their own service: the engine and its catalogue of checks
 * in zh and en would take the document and open bundles past their budgets, and only these routes need them.
 */
import {
  acceptFindingBody,
  changesParams,
  changesView,
  compareQuery,
  compatLiveView,
  compatPolicyView,
  openChangesParams,
  policyParams,
  policySeveritiesBody,
  unacceptFindingBody,
} from '../schemas/compat';
import { nextVersion } from '../schemas/share';
import { idParams } from '../schemas/project';
import { body, onProject, param, route, withToken } from './define';
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
  /** The project's compatibility policy: readers see it, editors change it (issue 35). */
  'compat.policy': route({
    method: 'GET',
    path: '/project-compat-policy/{projectId}',
    service: 'changes',
    access: onProject(param('projectId'), 'view'),
    params: policyParams,
    response: compatPolicyView,
  }),
  /**
   * The live project's APIs and models with the policy, for the import preview's verdict (issue 35): what applying a
   * file would break, worked out in the browser's worker before anything is sent. For who may import into it.
   */
  'compat.live': route({
    method: 'GET',
    path: '/project-compat-live/{projectId}',
    service: 'changes',
    access: onProject(param('projectId'), 'edit', { states: ['active'] }),
    params: policyParams,
    response: compatLiveView,
  }),
  /** Checks whose severity the project changed or turned off, as a whole map (a check left out: the engine's own). */
  'compat.severities': route({
    method: 'POST',
    path: '/project-compat-policy/severities',
    service: 'changes',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: policySeveritiesBody,
    response: compatPolicyView,
  }),
  /** One finding accepted with a reason: shown as accepted, counted in no verdict, failing no `push --fail-on`. */
  'compat.accept': route({
    method: 'POST',
    path: '/project-compat-policy/accept',
    service: 'changes',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: acceptFindingBody,
    response: compatPolicyView,
  }),
  'compat.unaccept': route({
    method: 'POST',
    path: '/project-compat-policy/unaccept',
    service: 'changes',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: unacceptFindingBody,
    response: compatPolicyView,
  }),
} as const;
