/** The members of a team: the list, roles, groups, removal. */
import { atLeastTeamRole } from '@shared/access';
import { getGroup, getTeamMember, groupsOf, moveToGroup, removeTeamMember, setTeamRole, teamMembersOf } from '../../domain/teams';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { groupView, memberViews } from './views';

async function memberView(teamId: string, userId: string) {
  const [member, groups] = await Promise.all([getTeamMember(teamId, userId), groupsOf(teamId)]);
  if (!member) throw new AppError('notTeamMember');
  return (await memberViews([member], groups))[0]!;
}

export const teamMemberHandlers = defineHandlers({
  'team.members': async ({ params }) => {
    const [members, groups] = await Promise.all([teamMembersOf(params.id), groupsOf(params.id)]);
    return {
      members: await memberViews(members, groups),
      groups: groups.map((g) => groupView(g, members)).sort((a, b) => a.name.localeCompare(b.name)),
    };
  },

  'team.groupMembers': async ({ params: { teamId, groupId } }) => {
    const [members, groups] = await Promise.all([teamMembersOf(teamId), groupsOf(teamId)]);
    if (!groups.some((g) => g.id === groupId)) throw new AppError('notFound');
    return memberViews(
      members.filter((m) => m.groupId === groupId),
      groups,
    );
  },

  'team.grantAdmin': async ({ params: { teamId, userId } }) => {
    await setTeamRole(teamId, userId, 'admin');
    return memberView(teamId, userId);
  },

  'team.revokeAdmin': async ({ params: { teamId, userId } }) => {
    await setTeamRole(teamId, userId, 'developer');
    return memberView(teamId, userId);
  },

  /** Administrators remove developers; only the owner removes an administrator. Access ends on the next request. */
  'team.removeMember': async ({ params: { teamId, userId } }, ctx) => {
    const target = await getTeamMember(teamId, userId);
    if (!target) throw new AppError('notTeamMember');
    if (target.role === 'owner') fail('ownerRoleFixed');
    if (target.role === 'admin' && !atLeastTeamRole(ctx.team.member.role, 'owner')) fail('forbidden');
    await removeTeamMember(teamId, userId);
    ctx.log.info('team member removed', { teamId, userId });
    return null;
  },

  'team.moveMember': async ({ params: { teamId, userId, groupId } }) => {
    const group = groupId === '0' ? null : groupId;
    if (group) await getGroup(teamId, group);
    await moveToGroup(teamId, userId, group);
    return memberView(teamId, userId);
  },
});
