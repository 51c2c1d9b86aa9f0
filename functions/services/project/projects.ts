/** Projects: create, edit, read, and the lists of the console. */
import { randomUUID } from 'node:crypto';
import { atLeast } from '../../../shared/access';
import { isFavorite } from '../../domain/favorites';
import { assertFolder } from '../../domain/folders';
import { addMemberOp, memberItem } from '../../domain/members';
import { createProject, toProjectView, updateProjectInfo, type ProjectRecord } from '../../domain/projects';
import { getUser } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';
import { inTeam, listMine, scopedView } from './views';

export const projectHandlers = defineHandlers({
  'project.create': async ({ body }, ctx) => {
    const [, creator] = await Promise.all([assertFolder(ctx.caller.userId, body.folderId), getUser(ctx.caller.userId)]);
    const now = new Date();
    const project: ProjectRecord = {
      id: randomUUID(),
      name: body.name,
      description: body.description,
      visibility: body.visibility,
      ownerId: ctx.caller.userId,
      teamId: null,
      state: 'active',
      archivedAt: null,
      recycledAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      updatedBy: ctx.caller.userId,
      updatedByName: creator?.nickname ?? '',
      rev: 1,
    };
    const member = memberItem(project.id, ctx.caller.userId, 'creator', body.folderId, now);
    await createProject(project, [addMemberOp(member)]);
    return toProjectView(project, { role: 'creator', member });
  },

  'project.update': async ({ body }, ctx) => {
    const { item } = ctx.project;
    const editor = await getUser(ctx.caller.userId);
    const changes = { name: body.name, description: body.description, visibility: body.visibility };
    const updated = await updateProjectInfo(item, changes, body.rev, { id: ctx.caller.userId, name: editor?.nickname ?? '' });
    return scopedView(updated, ctx.project, await isFavorite(item.id, ctx.caller.userId));
  },

  'project.get': async (_input, ctx) => scopedView(ctx.project.item, ctx.project, await isFavorite(ctx.project.item.id, ctx.caller?.userId)),

  'project.created': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.ownerId === ctx.caller.userId && inTeam(query.teamId)(p)),

  'project.personal': async (_input, ctx) => listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.teamId === null),

  'project.team': async ({ params }, ctx) => listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.teamId === params.teamId),

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
