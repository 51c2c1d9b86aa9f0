/** The project service: projects, their lifecycle, favourites, cloning, transfer, and console folders. */
import { randomUUID } from 'node:crypto';
import type { ProjectView } from '../../../shared/schemas/project';
import { ConditionFailed, deleteItem, getItem, putItem, transact, updateItem } from '../../data/db';
import { ENTITY, keys } from '../../data/keys';
import {
  atLeast,
  favoritesOfUser,
  getMember,
  memberRecord,
  membersOf,
  projectRecord,
  projectsOfUser,
  toProjectView,
  type MyProject,
  type ProjectItem,
} from '../../data/projects';
import { getUser } from '../../data/users';
import { AppError, fail } from '../../runtime/app-error';
import { createService } from '../../runtime/service';
import { finishUpload, startUpload } from './attachments';
import { cloneProject } from './clone';
import {
  assertFolder,
  buildTree,
  deleteFolder,
  fileProject,
  foldersOf,
  moveFolder,
  pathTo,
  saveFolder,
  toFolderView,
} from './folders';
import { archive, destroy, recycle, restore, unarchive } from './lifecycle';

const newest = (a: ProjectView, b: ProjectView) => b.updatedAt.localeCompare(a.updatedAt) || a.name.localeCompare(b.name);

/** Lists are the user's projects, filtered; recycled projects only ever appear in the recycle bin. */
async function listMine(userId: string, keep: (p: MyProject) => boolean): Promise<ProjectView[]> {
  const now = new Date();
  return (await projectsOfUser(userId))
    .filter(keep)
    .map((p) => toProjectView(p.project, { role: p.role, member: p.member, favorite: p.favorite, now }))
    .sort(newest);
}

const inTeam = (teamId: string | null) => (p: MyProject) => p.project.teamId === teamId;
const viewOf = (project: ProjectItem, ctx: { project: { role: MyProject['role']; member?: MyProject['member'] } }, favorite = false) =>
  toProjectView(project, { role: ctx.project.role, member: ctx.project.member, favorite });

/** One item read: is this project among the caller's favourites? */
async function isFavorite(projectId: string, userId: string | undefined) {
  return userId ? (await getItem(keys.favorite(projectId, userId))) !== undefined : false;
}

export const handler = createService('project', {
  'project.create': async ({ body }, ctx) => {
    const [, creator] = await Promise.all([assertFolder(ctx.caller.userId, body.folderId), getUser(ctx.caller.userId)]);
    const now = new Date();
    const project: ProjectItem = {
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
    const member = memberRecord(project.id, ctx.caller.userId, 'creator', body.folderId, now);
    await transact([
      { put: projectRecord(project), cond: { ifNotExists: true } },
      { put: member, cond: { ifNotExists: true } },
    ]);
    return toProjectView(project, { role: 'creator', member });
  },

  /** Conditional on the revision the editor read, like a document save: concurrent edits never overwrite silently. */
  'project.update': async ({ body }, ctx) => {
    const { item } = ctx.project;
    const editor = await getUser(ctx.caller.userId);
    try {
      const updated = await updateItem<ProjectItem & Record<string, unknown>>(
        keys.project(item.id),
        {
          set: {
            name: body.name,
            description: body.description,
            visibility: body.visibility,
            updatedAt: new Date().toISOString(),
            updatedBy: ctx.caller.userId,
            updatedByName: editor?.nickname ?? '',
          },
          bumpRev: true,
        },
        { expression: '#s = :active AND #rev = :rev', names: { '#s': 'state', '#rev': 'rev' }, values: { ':active': 'active', ':rev': body.rev } },
      );
      return viewOf(updated, ctx, await isFavorite(item.id, ctx.caller.userId));
    } catch (err) {
      if (!(err instanceof ConditionFailed)) throw err;
      const current = err.current as (ProjectItem & Record<string, unknown>) | undefined;
      if (!current || current.state !== 'active') return fail('wrongState');
      return fail('staleRevision', { editor: current.updatedByName ?? '' }, { rev: current.rev, updatedBy: current.updatedBy ?? null, updatedAt: current.updatedAt });
    }
  },

  'project.get': async (_input, ctx) =>
    viewOf(ctx.project.item, ctx, await isFavorite(ctx.project.item.id, ctx.caller?.userId)),

  'project.created': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && p.project.ownerId === ctx.caller.userId && (query.teamId === null || p.project.teamId === query.teamId)),

  'project.personal': async (_input, ctx) => listMine(ctx.caller.userId, (p) => p.project.state === 'active' && inTeam(null)(p)),

  'project.team': async ({ params }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && inTeam(params.teamId)(p)),

  'project.search': async ({ query }, ctx) => {
    const needle = query.keyword.toLowerCase();
    return listMine(
      ctx.caller.userId,
      (p) =>
        p.project.state === 'active' &&
        (query.teamId === null || p.project.teamId === query.teamId) &&
        (p.project.name.toLowerCase().includes(needle) || p.project.description.toLowerCase().includes(needle)),
    );
  },

  'project.editable': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'active' && atLeast(p.role, 'edit') && (query.teamId === null || p.project.teamId === query.teamId)),

  'project.archives': async ({ query }, ctx) =>
    listMine(ctx.caller.userId, (p) => p.project.state === 'archived' && (query.teamId === null || p.project.teamId === query.teamId)),

  /** Only creators see the bin: members of a deleted project simply no longer have it. */
  'project.recycler': async ({ query }, ctx) =>
    listMine(
      ctx.caller.userId,
      (p) => p.project.state === 'recycled' && p.role === 'creator' && (query.teamId === null || p.project.teamId === query.teamId),
    ),

  'project.favorites': async (_input, ctx) => {
    const now = new Date();
    return (await favoritesOfUser(ctx.caller.userId))
      .filter((p) => p.project.state === 'active' || p.project.state === 'archived')
      .map((p) => toProjectView(p.project, { role: p.role, member: p.member, favorite: true, now }));
  },

  'project.favorAdd': async ({ params }, ctx) => {
    const now = new Date().toISOString();
    await putItem({
      ...keys.favorite(params.id, ctx.caller.userId),
      ...ENTITY.favorite,
      ...keys.favoritesOfUser(ctx.caller.userId),
      gsi1sk: now,
      projectId: params.id,
      userId: ctx.caller.userId,
      favoredAt: now,
    });
    return null;
  },

  'project.favorRemove': async ({ params }, ctx) => {
    await deleteItem(keys.favorite(params.id, ctx.caller.userId));
    return null;
  },

  'project.archive': async (_input, ctx) => viewOf(await archive(ctx.project.item), ctx),
  'project.archiveRevert': async (_input, ctx) => viewOf(await unarchive(ctx.project.item), ctx),
  'project.archiveDelete': async (_input, ctx) => {
    await recycle(ctx.project.item);
    return null;
  },
  'project.recycle': async (_input, ctx) => {
    await recycle(ctx.project.item);
    return null;
  },
  'project.recyclerRevert': async (_input, ctx) => viewOf(await restore(ctx.project.item), ctx),
  'project.destroy': async (_input, ctx) => {
    await destroy(ctx.project.item);
    return null;
  },

  'project.transfer': async ({ params }, ctx) => {
    const { item } = ctx.project;
    if (params.b === item.ownerId) fail('alreadyOwner');
    const target = await getMember(item.id, params.b);
    if (!target) fail('memberRequired');
    const now = new Date().toISOString();
    try {
      await transact([
        {
          update: keys.project(item.id),
          spec: { set: { ownerId: params.b, updatedAt: now }, bumpRev: true },
          cond: { ifRev: item.rev },
        },
        { update: keys.member(item.id, params.b), spec: { set: { role: 'creator' } }, cond: { ifExists: true } },
        // The former owner stays on the project as an editor.
        { update: keys.member(item.id, ctx.caller.userId), spec: { set: { role: 'edit' } }, cond: { ifExists: true } },
      ]);
    } catch (err) {
      if (err instanceof ConditionFailed) fail('conflict');
      throw err;
    }
    const member = ctx.project.member ? { ...ctx.project.member, role: 'edit' as const } : undefined;
    return toProjectView({ ...item, ownerId: params.b, updatedAt: now, rev: item.rev + 1 }, { role: 'edit', member });
  },

  'project.move': async ({ params }, ctx) => {
    const folderId = params.b === '0' ? null : params.b;
    const { member } = ctx.project;
    if (!member) return fail('forbidden');
    await fileProject(ctx.caller.userId, ctx.project.item.id, folderId);
    return toProjectView(ctx.project.item, { role: ctx.project.role, member: { ...member, folderId } });
  },

  'project.clone': async ({ query }, ctx) => {
    const copy = await cloneProject(ctx.project.item, query.name, ctx.caller.userId);
    ctx.log.info('project cloned', { from: ctx.project.item.id, to: copy.id });
    return toProjectView(copy, { role: 'creator' });
  },

  'project.attachment': async ({ body }, ctx) => startUpload(ctx.project.item.id, body),

  'project.attachmentFinish': async ({ params, body }, ctx) => {
    const file = await finishUpload(ctx.project.item.id, params.fileId, body);
    ctx.log.info('file uploaded', { project: ctx.project.item.id, file: file.fileId, kind: file.kind, size: file.size });
    return file;
  },

  'project.members': async (_input, ctx) => membersOf(ctx.project.item),

  'project.quit': async (_input, ctx) => {
    const { item, member } = ctx.project;
    if (item.ownerId === ctx.caller.userId) fail('creatorCannotQuit');
    if (!member) fail('forbidden');
    await transact([
      { delete: keys.member(item.id, ctx.caller.userId), cond: { ifExists: true } },
      { delete: keys.favorite(item.id, ctx.caller.userId) },
    ]);
    return null;
  },

  'folder.list': async ({ query }, ctx) => {
    const [folders, mine] = await Promise.all([foldersOf(ctx.caller.userId), projectsOfUser(ctx.caller.userId)]);
    const views = folders.map(toFolderView);
    if (query.parentId !== null && !views.some((f) => f.id === query.parentId)) throw new AppError('notFound');
    const now = new Date();
    return {
      folders: buildTree(views.filter((f) => f.parentId === query.parentId)).map(({ children: _c, ...f }) => f),
      projects: mine
        .filter((p) => p.project.state === 'active' && p.project.teamId === null && (p.member?.folderId ?? null) === query.parentId)
        .map((p) => toProjectView(p.project, { role: p.role, member: p.member, favorite: p.favorite, now }))
        .sort(newest),
      path: pathTo(views, query.parentId),
    };
  },

  'folder.save': async ({ body }, ctx) => saveFolder(ctx.caller.userId, body),

  'folder.tree': async (_input, ctx) => buildTree((await foldersOf(ctx.caller.userId)).map(toFolderView)),

  'folder.move': async ({ query }, ctx) => {
    if (query.isProject) {
      await fileProject(ctx.caller.userId, query.sourceId, query.folderId);
    } else {
      await moveFolder(ctx.caller.userId, query.sourceId, query.folderId);
    }
    return null;
  },

  'folder.delete': async ({ params }, ctx) => {
    await deleteFolder(ctx.caller.userId, params.id);
    return null;
  },
});
