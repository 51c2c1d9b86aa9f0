/**
 * Project members (the list, leaving, adding and removing), user groups bound to projects, project
 * invitations, and the people a caller may add (spec section 7, "Members and invitations"). Managing members is for the creator and the team's owner and
 * administrators (`admin`); the creator's own role never changes. Served by the team service, with the rest of
 * who may do what.
 */
import { idParams, idSchema, projectMember, projectView } from '../schemas/project';
import {
  assignableRole,
  inviteCodeParams,
  invitation,
  invitationPreview,
  inviteRole,
  memberCloneQuery,
  memberProject,
  memberProjectsQuery,
  visibleUser,
  visibleUsersQuery,
} from '../schemas/team';
import { onProject, onTeam, param, query, route, SIGNED_IN } from './define';
import { listOf, nothing } from './responses';
import { pathParams } from './path-params';

export const memberRoutes = {
  /** Adds someone to the project with a role, or changes their role. */
  'member.assign': route({
    method: 'PUT',
    path: '/project/member/{a}/{b}/{c}',
    service: 'team',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['userId', idSchema], c: ['role', assignableRole] }),
    response: projectMember,
  }),
  'member.remove': route({
    method: 'DELETE',
    path: '/project/member/{a}/{b}',
    service: 'team',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['userId', idSchema] }),
    response: nothing,
  }),
  /** Copies members and their roles from `from` to `to`; the caller manages both (checked for `from` too). */
  'member.clone': route({
    method: 'POST',
    path: '/project/member/clone',
    service: 'team',
    access: onProject(query('to'), 'admin'),
    query: memberCloneQuery,
    response: listOf(projectMember),
  }),
  /** The team projects a member reaches and with which role (the team's member page). */
  'member.projects': route({
    method: 'GET',
    path: '/project/member',
    service: 'team',
    access: onTeam(query('teamId'), 'admin'),
    query: memberProjectsQuery,
    response: listOf(memberProject),
  }),
  'group.bind': route({
    method: 'POST',
    path: '/project/group/bind/{a}/{b}/{c}',
    service: 'team',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['groupId', idSchema], c: ['role', assignableRole] }),
    response: projectView,
  }),
  'group.unbind': route({
    method: 'POST',
    path: '/project/group/unbind/{a}/{b}',
    service: 'team',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['groupId', idSchema] }),
    response: projectView,
  }),
  'project.invite': route({
    method: 'PUT',
    path: '/project/invitation/{a}/{b}',
    service: 'team',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['role', inviteRole] }),
    response: invitation,
  }),
  /** Shows what a code leads to before joining (for the invitation page). */
  'project.invitation': route({
    method: 'GET',
    path: '/project/invitation/join/{code}',
    service: 'team',
    access: SIGNED_IN,
    params: inviteCodeParams,
    response: invitationPreview,
  }),
  'project.join': route({
    method: 'POST',
    path: '/project/invitation/join/{code}',
    service: 'team',
    access: SIGNED_IN,
    params: inviteCodeParams,
    response: projectView,
  }),
  /** People the caller may add: members of the caller's teams, never the whole user base. */
  'project.visibleUsers': route({
    method: 'GET',
    path: '/project/visible-users',
    service: 'team',
    access: SIGNED_IN,
    query: visibleUsersQuery,
    response: listOf(visibleUser),
  }),
  /** Who is on the project, and leaving it (beside who may manage them). */
  'project.members': route({
    method: 'GET',
    path: '/project/members/{id}',
    service: 'team',
    access: onProject(param('id'), 'view'),
    params: idParams,
    response: listOf(projectMember),
  }),
  /** A member leaves; the creator must transfer the project first. */
  'project.quit': route({
    method: 'POST',
    path: '/project/member/quit/{id}',
    service: 'team',
    access: onProject(param('id'), 'view'),
    params: idParams,
    response: nothing,
  }),
} as const;
