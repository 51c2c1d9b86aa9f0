/** Projects: create, edit, read, and the lists of the console. */
import { atLeast } from '@shared/access';
import { isFavorite } from '../../domain/favorites';
import { assertFolder } from '../../domain/folders';
import { addMemberOp, memberItem, memberRecordsOf } from '../../domain/members';
import { teamProjectsOfUser } from '../../domain/project-lists';
import { createProject, moveProjectToTeam, newProjectRecord, toProjectView, updateProjectInfo } from '../../domain/projects';
import { teamAccess } from '../../domain/teams';
import { AppError, fail } from '../../core/app-error';
import { readSnapshot } from '../../domain/releases';
import { getUser } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';
import { inTeam, listMine, myProjectViews, scopedView } from './views';

export const projectHandlers = defineHandlers({
  /** A personal project, or (with `teamId`) a team project, which any member of the team may create. */
  'project.create': async ({ body }, ctx) => {
    const scope = { userId: ctx.caller.userId, teamId: body.teamId };
    if (body.teamId) {
      const { team, member } = await teamAccess(body.teamId, ctx.caller.userId);
      if (!team || team.state !== 'active') throw new AppError('notFound');
      if (!member) throw new AppError('notTeamMember');
    }
    const [, creator] = await Promise.all([assertFolder(scope, body.folderId), getUser(ctx.caller.userId)]);
    const now = new Date();
    const project = newProjectRecord(
      {
        name: body.name,
        description: body.description,
        visibility: body.visibility,
        ownerId: ctx.caller.userId,
        teamId: body.teamId,
        updatedBy: ctx.caller.userId,
        updatedByName: creator?.nickname ?? '',
        // A team files the project for everyone; a person files a personal project on their membership.
        teamFolderId: body.teamId ? body.folderId : null,
      },
      now,
    );
    const member = memberItem(project.id, ctx.caller.userId, 'creator', body.teamId ? null : body.folderId, now);
    await createProject(project, [addMemberOp(member)]);
    return toProjectView(project, { role: 'creator', member });
  },

  'project.update': async ({ body }, ctx) => {
    const { item } = ctx.project;
    const editor = await getUser(ctx.caller.userId);
    const changes = {
      name: body.name,
      description: body.description,
      visibility: body.visibility,
      mockEnabled: body.mockEnabled,
      mockToken: body.mockToken,
      serialStyle: body.serialStyle,
    };
    const updated = await updateProjectInfo(item, changes, body.rev, { id: ctx.caller.userId, name: editor?.nickname ?? '' });
    return scopedView(updated, ctx.project, await isFavorite(item.id, ctx.caller.userId));
  },

  /** As the release being read froze it (its name and description), when one is. */
  'project.get': async (_input, ctx) => {
    const frozen = ctx.project.release ? (await readSnapshot(ctx.project.release)).project : undefined;
    const item = frozen ? { ...ctx.project.item, name: frozen.name, description: frozen.description } : ctx.project.item;
    return scopedView(item, ctx.project, await isFavorite(item.id, ctx.caller?.userId));
  },

  'project.created': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.ownerId === ctx.caller.userId && inTeam(query.teamId)(p)),

  'project.personal': async (_input, ctx) => listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.teamId === null),

  /** Every project of the team for its owner and administrators; those a developer reaches, for them. */
  'project.team': async ({ params }, ctx) =>
    myProjectViews((await teamProjectsOfUser(ctx.caller.userId, params.teamId)).filter((p) => p.project.state === 'active')),

  /** Into a team the creator belongs to; members other than the creator are removed (spec section 4). */
  'project.move': async ({ params }, ctx) => {
    const project = ctx.project.item;
    if (project.teamId) fail('wrongState');
    const { team, member } = await teamAccess(params.teamId, ctx.caller.userId);
    if (!team || team.state !== 'active') throw new AppError('notFound');
    if (!member) throw new AppError('notTeamMember');
    const others = (await memberRecordsOf(project.id)).filter((m) => m.userId !== project.ownerId).map((m) => m.userId);
    const moved = await moveProjectToTeam(project, team.id, others);
    ctx.log.info('project moved to a team', { projectId: project.id, teamId: team.id, membersRemoved: others.length });
    return scopedView(moved, { ...ctx.project, member: ctx.project.member ? { ...ctx.project.member, folderId: null } : undefined });
  },

  'project.search': async ({ query }, ctx) => {
    const needle = query.keyword.toLowerCase();
    return listMine(
      ctx.caller.userId,
      (p) =>
        p.project.state === 'active' &&
        inTeam(query.teamId)(p) &&
        (p.project.name.toLowerCase().includes(needle) || p.project.description.toLowerCase().includes(needle)),
    );
  },

  'project.editable': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && atLeast(p.role, 'edit') && inTeam(query.teamId)(p)),
});
