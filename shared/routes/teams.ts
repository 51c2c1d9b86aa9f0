/**
 * Teams (spec section 7): the team, its members and their roles, user groups, invitations. The owner alone hands
 * the team over, names administrators and disbands it; administrators manage members, groups and invitations.
 */
import { storedFile, teamUploadFinishParams, teamUploadParams, uploadFinishBody, uploadRequestBody, uploadTicket } from '../schemas/file';
import { idSchema } from '../schemas/project';
import {
  groupCreateBody,
  groupName,
  groupView,
  inviteCodeParams,
  invitation,
  invitationPreview,
  teamCreateBody,
  teamMembersView,
  teamMemberView,
  teamParams,
  teamStanding,
  teamUpdateBody,
  teamView,
} from '../schemas/team';
import { body, onTeam, param, route, SIGNED_IN } from './define';
import { listOf, nothing } from './responses';
import { pathParams } from './path-params';

/** The team and one of its groups, or one of its members. */
const teamGroup = pathParams({ a: ['teamId', idSchema], b: ['groupId', idSchema] });
const teamMember = pathParams({ a: ['teamId', idSchema], b: ['userId', idSchema] });

export const teamRoutes = {
  'team.create': route({ method: 'PUT', path: '/team', service: 'team', access: SIGNED_IN, body: teamCreateBody, response: teamView }),
  'team.update': route({
    method: 'POST',
    path: '/team',
    service: 'team',
    access: onTeam(body('id'), 'admin'),
    body: teamUpdateBody,
    response: teamView,
  }),
  /** Hidden at once; its projects are destroyed by the purge job, which resumes where a run stops. */
  'team.disband': route({
    method: 'DELETE',
    path: '/team/{id}',
    service: 'team',
    access: onTeam(param('id'), 'owner'),
    params: teamParams,
    response: nothing,
  }),
  'team.all': route({ method: 'GET', path: '/team/all', service: 'team', access: SIGNED_IN, response: listOf(teamView) }),
  'team.own': route({
    method: 'GET',
    path: '/team/own/{id}',
    service: 'team',
    access: onTeam(param('id'), 'developer'),
    params: teamParams,
    response: teamStanding,
  }),
  'team.get': route({
    method: 'GET',
    path: '/team/{id}',
    service: 'team',
    access: onTeam(param('id'), 'developer'),
    params: teamParams,
    response: teamView,
  }),
  /** A member leaves; the owner must hand the team over first. */
  'team.quit': route({
    method: 'POST',
    path: '/team/quit/{id}',
    service: 'team',
    access: onTeam(param('id'), 'developer'),
    params: teamParams,
    response: nothing,
  }),
  'team.members': route({
    method: 'GET',
    path: '/team/{id}/members',
    service: 'team',
    access: onTeam(param('id'), 'developer'),
    params: teamParams,
    response: teamMembersView,
  }),
  'team.groupMembers': route({
    method: 'GET',
    path: '/team/{a}/{b}/members',
    service: 'team',
    access: onTeam(param('teamId'), 'developer'),
    ...teamGroup,
    response: listOf(teamMemberView),
  }),
  'team.groupCreate': route({
    method: 'PUT',
    path: '/team/group',
    service: 'team',
    access: onTeam(body('teamId'), 'admin'),
    body: groupCreateBody,
    response: groupView,
  }),
  'team.groupRename': route({
    method: 'POST',
    path: '/team/group/info/{a}/{b}/{c}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...pathParams({ a: ['teamId', idSchema], b: ['groupId', idSchema], c: ['name', groupName] }),
    response: groupView,
  }),
  /** Its members stay in the team, ungrouped; its project bindings go. */
  'team.groupDelete': route({
    method: 'DELETE',
    path: '/team/group/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...teamGroup,
    response: nothing,
  }),
  'team.grantAdmin': route({
    method: 'POST',
    path: '/team/grant-admin/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'owner'),
    ...teamMember,
    response: teamMemberView,
  }),
  'team.revokeAdmin': route({
    method: 'POST',
    path: '/team/revoke-admin/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'owner'),
    ...teamMember,
    response: teamMemberView,
  }),
  'team.invite': route({
    method: 'POST',
    path: '/team/invitation/{a}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...pathParams({ a: ['teamId', idSchema] }),
    response: invitation,
  }),
  'team.inviteToGroup': route({
    method: 'POST',
    path: '/team/invitation/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...teamGroup,
    response: invitation,
  }),
  /** Shows what a code leads to before joining (for the invitation page). */
  'team.invitation': route({
    method: 'GET',
    path: '/team/join/{code}',
    service: 'team',
    access: SIGNED_IN,
    params: inviteCodeParams,
    response: invitationPreview,
  }),
  'team.join': route({
    method: 'POST',
    path: '/team/join/{code}',
    service: 'team',
    access: SIGNED_IN,
    params: inviteCodeParams,
    response: teamView,
  }),
  /** Never the owner; administrators remove developers, the owner removes anyone else. */
  'team.removeMember': route({
    method: 'DELETE',
    path: '/team/member/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...teamMember,
    response: nothing,
  }),
  /** To a member; the former owner stays as an administrator. */
  'team.transfer': route({
    method: 'POST',
    path: '/team/transfer/{a}/{b}',
    service: 'team',
    access: onTeam(param('teamId'), 'owner'),
    ...teamMember,
    response: teamView,
  }),
  /** Puts a member into a group (`groupId` `0`: no group). */
  'team.moveMember': route({
    method: 'POST',
    path: '/team/member/move/{a}/{b}/{c}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    ...pathParams({ a: ['teamId', idSchema], b: ['userId', idSchema], c: ['groupId', idSchema] }),
    response: teamMemberView,
  }),
  /**
   * The team's own image (its logo), uploaded like an avatar: a presigned PUT, then a check of the bytes that
   * arrived. Kept under the team's id, not in a project, so a team needs none and the logo outlives its projects;
   * it goes when the team is disbanded.
   */
  'team.logoUpload': route({
    method: 'POST',
    path: '/team/logo/{teamId}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    params: teamUploadParams,
    body: uploadRequestBody,
    response: uploadTicket,
  }),
  'team.logoUploadFinish': route({
    method: 'POST',
    path: '/team/logo/{teamId}/{fileId}',
    service: 'team',
    access: onTeam(param('teamId'), 'admin'),
    params: teamUploadFinishParams,
    body: uploadFinishBody,
    response: storedFile,
  }),
} as const;
