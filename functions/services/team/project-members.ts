/**
 * Members of a project, in one room: the list, leaving, roles, removal, copying from another project, user groups bound to it,
 * invitation links, and the people the caller may add. A direct role wins over group bindings; `none` keeps one
 * member of a bound group out. The creator's role changes only by a transfer.
 */
import { atLeast, stronger, type MemberRole } from '@shared/access';
import { projectAccess } from '../../domain/access-facts';
import { createInvitation, expiresAtIso, liveInvitation } from '../../domain/invitations';
import {
  assignMember,
  getMember,
  leaveProject,
  memberRecordsOf,
  membersOfProject,
  removeMember,
  type MemberEventBy,
} from '../../domain/members';
import { teamProjectsOfUser } from '../../domain/project-lists';
import { getProject, isVisible, toProjectView } from '../../domain/projects';
import { addTeamMember, bindingOps, getGroup, getTeam, getTeamMember, teamMembersOf, teamMembershipsOf } from '../../domain/teams';
import { usersByIds, type UserRecord } from '../../domain/users';
import { transactOrConflict } from '../../domain/transactions';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { scopedView } from '../project/views';

/** The people who share at least one team with the user (never the user base at large). */
async function colleaguesOf(userId: string): Promise<Set<string>> {
  const teams = await teamMembershipsOf(userId);
  const members = await Promise.all(teams.map((t) => teamMembersOf(t.teamId)));
  return new Set(members.flat().map((m) => m.userId));
}

/** Whether someone may be made a member: in the project's team, or (a personal project) a colleague of the caller. */
async function assertAddable(project: { teamId: string | null }, callerId: string, userId: string) {
  if (project.teamId) {
    if (!(await getTeamMember(project.teamId, userId))) throw new AppError('notTeamMember');
  } else if (!(await colleaguesOf(callerId)).has(userId)) {
    throw new AppError('userNotVisible');
  }
}

/** `a***@example.com`, `138****5678`: enough to tell colleagues apart. */
const maskEmail = (email: string | null) => (email ? email.replace(/^(.)[^@]*(@.*)$/, '$1***$2') : null);
const maskPhone = (phone: string | null) => (phone ? phone.replace(/^(\+?\d{3})\d*(\d{4})$/, '$1****$2') : null);

const matches = (user: UserRecord, needle: string) =>
  !needle || [user.nickname, user.email ?? '', user.phone ?? ''].some((field) => field.toLowerCase().includes(needle));

export const projectMemberHandlers = defineHandlers({
  'project.members': async (_input, ctx) => membersOfProject(ctx.project.item),

  /**
   * A member leaves; the creator must transfer the project first, and someone who reaches it through their team
   * or group leaves that instead.
   */
  'project.quit': async (_input, ctx) => {
    const { item, member } = ctx.project;
    if (item.ownerId === ctx.caller.userId) fail('creatorCannotQuit');
    if (!member || member.role === 'none') fail('notDirectMember');
    await leaveProject(item.id, ctx.caller.userId);
    return null;
  },

  'member.assign': async ({ params: { userId, role } }, ctx) => {
    const project = ctx.project.item;
    if (userId === project.ownerId) fail('creatorRoleFixed');
    if (!(await getMember(project.id, userId))) await assertAddable(project, ctx.caller.userId, userId);
    await assignMember(project.id, userId, role, await memberEventBy(ctx.caller.userId, userId));
    return (await membersOfProject(project)).find((m) => m.userId === userId)!;
  },

  'member.remove': async ({ params: { projectId, userId } }, ctx) => {
    if (userId === ctx.project.item.ownerId) fail('creatorRoleFixed');
    await removeMember(projectId, userId, await memberEventBy(ctx.caller.userId, userId));
    return null;
  },

  /** Members of `from` get the same roles on `to`; its creator keeps theirs, and a team project takes only team members. */
  'member.clone': async ({ query }, ctx) => {
    const from = await projectAccess(query.from, ctx.caller.userId);
    if (!from.project || !isVisible(from.project)) throw new AppError('notFound');
    if (!atLeast(from.role, 'admin')) throw new AppError('forbidden');
    const to = ctx.project.item;
    const [members, teamMembers] = await Promise.all([memberRecordsOf(from.project.id), to.teamId ? teamMembersOf(to.teamId) : undefined]);
    const inTeam = teamMembers && new Set(teamMembers.map((m) => m.userId));
    const copies = members.filter((m) => m.userId !== to.ownerId && (!inTeam || inTeam.has(m.userId)));
    for (const m of copies) {
      // Someone whose account is being deleted is refused (`notFound`) and not copied; the others still are.
      await assignMember(to.id, m.userId, m.role === 'creator' ? 'edit' : m.role).catch((err: unknown) => {
        if (!(err instanceof AppError && err.key === 'notFound')) throw err;
      });
    }
    return (await membersOfProject(to)).filter((m) => copies.some((c) => c.userId === m.userId));
  },

  /** The team projects a member reaches, with their role and how they reach it. */
  'member.projects': async ({ query }) => {
    const [reached, member] = await Promise.all([
      teamProjectsOfUser(query.memberId, query.teamId),
      getTeamMember(query.teamId, query.memberId),
    ]);
    if (!member) throw new AppError('notTeamMember');
    return reached
      .filter((p) => p.project.state !== 'recycled')
      .map((p) => ({
        projectId: p.project.id,
        name: p.project.name,
        role: p.role,
        via: p.member && p.member.role !== 'none' ? ('direct' as const) : atLeast(p.role, 'admin') ? ('team' as const) : ('group' as const),
      }));
  },

  'group.bind': async ({ params: { groupId, role } }, ctx) => {
    const project = ctx.project.item;
    if (!project.teamId) fail('notTeamProject');
    await getGroup(project.teamId!, groupId);
    await transactOrConflict(bindingOps({ ...project, teamId: project.teamId! }, groupId, role));
    return scopedView({ ...project, groupRoles: { ...project.groupRoles, [groupId]: role }, rev: project.rev + 1 }, ctx.project);
  },

  'group.unbind': async ({ params: { groupId } }, ctx) => {
    const project = ctx.project.item;
    if (!project.teamId) fail('notTeamProject');
    await transactOrConflict(bindingOps({ ...project, teamId: project.teamId! }, groupId, undefined));
    const { [groupId]: _gone, ...groupRoles } = project.groupRoles;
    return scopedView({ ...project, groupRoles, rev: project.rev + 1 }, ctx.project);
  },

  'project.invite': async ({ params }, ctx) => {
    const project = ctx.project.item;
    const invitation = await createInvitation({
      kind: 'project',
      teamId: project.teamId,
      groupId: null,
      projectId: project.id,
      role: params.role,
      createdBy: ctx.caller.userId,
    });
    return { code: invitation.code, expiresAt: expiresAtIso(invitation) };
  },

  'project.invitation': async ({ params }) => {
    const invitation = await liveInvitation(params.code, 'project');
    const project = await getProject(invitation.projectId!);
    if (!project || project.state !== 'active') throw new AppError('invitationInvalid');
    const [users, team] = await Promise.all([usersByIds([invitation.createdBy]), project.teamId ? getTeam(project.teamId) : undefined]);
    return {
      kind: 'project' as const,
      teamId: project.teamId,
      teamName: team?.name ?? null,
      projectId: project.id,
      projectName: project.name,
      groupName: null,
      role: invitation.role,
      invitedBy: users.get(invitation.createdBy)?.nickname ?? '',
      expiresAt: expiresAtIso(invitation),
    };
  },

  /**
   * Joins with the invitation's role; a member keeps a stronger role they already have. A team project's
   * members are team members, so joining one joins its team too (as a developer).
   */
  'project.join': async ({ params }, ctx) => {
    const invitation = await liveInvitation(params.code, 'project');
    const project = await getProject(invitation.projectId!);
    if (!project || project.state !== 'active') throw new AppError('invitationInvalid');
    if (project.teamId) await addTeamMember(project.teamId, ctx.caller.userId, 'developer', null);
    const current = await getMember(project.id, ctx.caller.userId);
    if (project.ownerId !== ctx.caller.userId && current?.role !== 'creator') {
      const role = stronger<MemberRole>(current?.role, invitation.role as MemberRole)!;
      if (role !== current?.role)
        await assignMember(project.id, ctx.caller.userId, role, await memberEventBy(ctx.caller.userId, ctx.caller.userId));
    }
    const facts = await projectAccess(project.id, ctx.caller.userId);
    return toProjectView(facts.project ?? project, { role: facts.role ?? 'view', member: facts.member });
  },

  'project.visibleUsers': async ({ query }, ctx) => {
    const ids = [...(await colleaguesOf(ctx.caller.userId))].filter((id) => id !== ctx.caller.userId);
    const users = await usersByIds(ids);
    const needle = query.keyword.toLowerCase();
    return [...users.values()]
      .filter((u) => matches(u, needle))
      .sort((a, b) => a.nickname.localeCompare(b.nickname))
      .slice(0, 50)
      .map((u) => ({ userId: u.id, nickname: u.nickname, avatar: u.avatar, email: maskEmail(u.email), phone: maskPhone(u.phone) }));
  },
});

/** The actor and the member of a member event, by name (one read of both). */
async function memberEventBy(actorId: string, userId: string): Promise<MemberEventBy> {
  const users = await usersByIds([actorId, userId]);
  const nameOf = (id: string) => users.get(id)?.nickname;
  return { actor: { id: actorId, name: nameOf(actorId) }, userName: nameOf(userId) };
}
