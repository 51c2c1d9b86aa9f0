/** A team itself: create, edit, read, leave, hand over, disband. */
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import {
  createTeam,
  getGroup,
  getTeamMember,
  markTeamDisbanded,
  removeTeamMember,
  teamMembershipsOf,
  teamsByIds,
  transferTeam,
  updateTeam,
} from '../../domain/teams';
import { getUser } from '../../domain/users';
import { standing, teamView } from './views';

export const teamHandlers = defineHandlers({
  'team.create': async ({ body }, ctx) => teamView(await createTeam(body, ctx.caller.userId), 'owner'),

  'team.update': async ({ body }, ctx) => {
    const editor = await getUser(ctx.caller.userId);
    const changes = { name: body.name, description: body.description, avatar: body.avatar };
    return teamView(await updateTeam(ctx.team.team, changes, body.rev, editor?.nickname ?? ''), ctx.team.member.role);
  },

  'team.disband': async (_input, ctx) => {
    await markTeamDisbanded(ctx.team.team);
    ctx.log.info('team disbanded', { teamId: ctx.team.team.id });
    return null;
  },

  'team.all': async (_input, ctx) => {
    const memberships = await teamMembershipsOf(ctx.caller.userId);
    const teams = new Map((await teamsByIds(memberships.map((m) => m.teamId))).filter((t) => t.state === 'active').map((t) => [t.id, t]));
    const views = await Promise.all(memberships.flatMap((m) => (teams.has(m.teamId) ? [teamView(teams.get(m.teamId)!, m.role)] : [])));
    return views.sort((a, b) => a.name.localeCompare(b.name));
  },

  'team.get': async (_input, ctx) => teamView(ctx.team.team, ctx.team.member.role),

  'team.own': async (_input, ctx) => {
    const { member } = ctx.team;
    const group = member.groupId ? await getGroup(member.teamId, member.groupId).catch(() => undefined) : undefined;
    return standing(member, group);
  },

  'team.quit': async (_input, ctx) => {
    if (ctx.team.member.role === 'owner') fail('ownerCannotQuit');
    await removeTeamMember(ctx.team.team.id, ctx.caller.userId);
    return null;
  },

  'team.transfer': async ({ params: { teamId, userId } }, ctx) => {
    if (userId === ctx.caller.userId) fail('alreadyOwner');
    if (!(await getTeamMember(teamId, userId))) throw new AppError('notTeamMember');
    return teamView(await transferTeam(ctx.team.team, userId), 'admin');
  },
});
