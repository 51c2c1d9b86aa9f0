/**
 * What the team screens read and change: teams, their members and user groups, invitations, and the members and
 * group bindings of one project (all served by the team service).
 */
import type { RouteId } from '@shared/routes';
import { invalidate, useApiMutation, useApiQuery, type CallOptions } from '../../../lib/api';
import type { InviteKind } from '../../../paths';

/** Every read a change to a team, its members or its groups can affect. */
const TEAM_READS: RouteId[] = [
  'team.all',
  'team.get',
  'team.own',
  'team.members',
  'team.groupMembers',
  'member.projects',
  'project.team',
  'folder.list',
];

/** Every read a change to a project's members or bound groups can affect. */
const PROJECT_MEMBER_READS: RouteId[] = ['project.members', 'project.get', 'member.projects', 'project.team', 'project.visibleUsers'];

export const useTeams = () => useApiQuery('team.all');
export const useTeam = (id: string, options: CallOptions = {}) => useApiQuery('team.get', { params: { id } }, options);
/** The caller's role in the team and what it lets them do: the screens show only what works. */
export const useTeamStanding = (id: string, options: CallOptions & { enabled?: boolean } = {}) =>
  useApiQuery('team.own', { params: { id } }, options);
export const useTeamMembers = (id: string, enabled = true) => useApiQuery('team.members', { params: { id } }, { enabled });
/** The team projects one member reaches, and how (for the team's owner and administrators). */
export const useMemberProjects = (teamId: string, memberId: string) => useApiQuery('member.projects', { query: { teamId, memberId } });

export const useProjectMembers = (projectId: string) => useApiQuery('project.members', { params: { id: projectId } });
/** People the caller may add to a project: members of the caller's teams, filtered by name, email or phone. */
export const useVisibleUsers = (keyword: string, enabled = true) =>
  useApiQuery('project.visibleUsers', { query: { keyword } }, { enabled, staleTime: 30_000 });
/** Projects the caller can edit, across consoles (those they manage are the sources members can be copied from). */
export const useEditableProjects = () => useApiQuery('project.editable', { query: {} });

/** A change to a team; the caller shows a failure, at a field or as a toast. */
export const useTeamChange = <Id extends RouteId>(id: Id, extra: RouteId[] = []) =>
  useApiMutation(id, { invalidates: [...TEAM_READS, ...extra], ignoreMessage: true });

/** A change to a project's members, groups or invitations. */
export const useMemberChange = <Id extends RouteId>(id: Id) =>
  useApiMutation(id, { invalidates: PROJECT_MEMBER_READS, ignoreMessage: true });

/**
 * Leaving or disbanding a team: nothing is refreshed with it, since the team's own pages would only be refused
 * now; the caller leaves those pages first, then calls `refreshAfterLeaving`.
 */
export const useTeamExit = (id: 'team.quit' | 'team.disband') => useApiMutation(id, { ignoreMessage: true });
export const refreshAfterLeaving = () =>
  invalidate(
    ...TEAM_READS,
    'project.personal',
    'project.search',
    'project.favorites',
    'project.created',
    'project.editable',
    'project.archives',
    'project.recycler',
  );

/** What an invitation code leads to, before joining; a failure is shown by the page, not as a toast. */
export const useInvitation = (kind: InviteKind, code: string, enabled: boolean) =>
  useApiQuery(
    kind === 'team' ? 'team.invitation' : 'project.invitation',
    { params: { code } },
    { enabled, ignoreMessage: true, staleTime: 0 },
  );

/** Joining by invitation; the caller goes on to the team or project it answers with. */
export const useJoinTeam = () => useApiMutation('team.join', { invalidates: TEAM_READS, ignoreMessage: true });
export const useJoinProject = () =>
  useApiMutation('project.join', {
    invalidates: [...TEAM_READS, ...PROJECT_MEMBER_READS, 'project.personal', 'project.search', 'folder.list'],
    ignoreMessage: true,
  });
