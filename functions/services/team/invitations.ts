/** Invitations to a team (optionally into a group): create, show, join. */
import { createInvitation, expiresAtIso, liveInvitation } from '../../domain/invitations';
import { addTeamMember, getGroup, getTeam, getTeamMember } from '../../domain/teams';
import { usersByIds } from '../../domain/users';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { teamView } from './views';

async function invite(teamId: string, groupId: string | undefined, userId: string) {
  if (groupId) await getGroup(teamId, groupId);
  const invitation = await createInvitation({
    kind: 'team',
    teamId,
    groupId: groupId ?? null,
    projectId: null,
    role: 'developer',
    createdBy: userId,
  });
  return { code: invitation.code, expiresAt: expiresAtIso(invitation) };
}

/** The team behind a live team invitation; a team being disbanded reads like an expired code. */
async function invitedTeam(code: string) {
  const invitation = await liveInvitation(code, 'team');
  const team = await getTeam(invitation.teamId!);
  if (!team || team.state !== 'active') throw new AppError('invitationInvalid');
  return { invitation, team };
}

export const invitationHandlers = defineHandlers({
  'team.invite': async ({ params }, ctx) => invite(params.teamId, undefined, ctx.caller.userId),
  'team.inviteToGroup': async ({ params }, ctx) => invite(params.teamId, params.groupId, ctx.caller.userId),

  'team.invitation': async ({ params }) => {
    const { invitation, team } = await invitedTeam(params.code);
    const [users, group] = await Promise.all([
      usersByIds([invitation.createdBy]),
      invitation.groupId ? getGroup(team.id, invitation.groupId).catch(() => undefined) : undefined,
    ]);
    return {
      kind: 'team' as const,
      teamId: team.id,
      teamName: team.name,
      projectId: null,
      projectName: null,
      groupName: group?.name ?? null,
      role: invitation.role,
      invitedBy: users.get(invitation.createdBy)?.nickname ?? '',
      expiresAt: expiresAtIso(invitation),
    };
  },

  /** Joins as a developer (into the invitation's group, if it still exists); someone already in stays as they are. */
  'team.join': async ({ params }, ctx) => {
    const { invitation, team } = await invitedTeam(params.code);
    const group = invitation.groupId ? await getGroup(team.id, invitation.groupId).catch(() => undefined) : undefined;
    await addTeamMember(team.id, ctx.caller.userId, 'developer', group?.id ?? null);
    const member = await getTeamMember(team.id, ctx.caller.userId);
    return teamView(team, member?.role ?? 'developer');
  },
});
