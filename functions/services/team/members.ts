/** The members of a team: the list, roles, groups, removal. */
import { atLeastTeamRole } from '@shared/access';
import { getGroup, getTeamMember, groupsOf, moveToGroup, removeTeamMember, setTeamRole, teamMembersOf } from '../../domain/teams';
import { AppError, fail } from '../../runtime/app-error';
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

  'team.groupMembers': async ({ params }) => {
    const [members, groups] = await Promise.all([teamMembersOf(params.a), groupsOf(params.a)]);
    if (!groups.some((g) => g.id === params.b)) throw new AppError('notFound');
    return memberViews(
      members.filter((m) => m.groupId === params.b),
      groups,
    );
  },

  'team.grantAdmin': async ({ params }) => {
    await setTeamRole(params.a, params.b, 'admin');
    return memberView(params.a, params.b);
  },

  'team.revokeAdmin': async ({ params }) => {
    await setTeamRole(params.a, params.b, 'developer');
    return memberView(params.a, params.b);
  },

  /** Administrators remove developers; only the owner removes an administrator. Access ends on the next request. */
  'team.removeMember': async ({ params }, ctx) => {
    const target = await getTeamMember(params.a, params.b);
    if (!target) throw new AppError('notTeamMember');
    if (target.role === 'owner') fail('ownerRoleFixed');
    if (target.role === 'admin' && !atLeastTeamRole(ctx.team.member.role, 'owner')) fail('forbidden');
    await removeTeamMember(params.a, params.b);
    ctx.log.info('team member removed', { teamId: params.a, userId: params.b });
    return null;
  },

  'team.moveMember': async ({ params }) => {
    const groupId = params.c === '0' ? null : params.c;
    if (groupId) await getGroup(params.a, groupId);
    await moveToGroup(params.a, params.b, groupId);
    return memberView(params.a, params.b);
  },
});
