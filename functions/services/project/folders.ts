/** The folders of the personal console, and where each project is filed in them. */
import { buildTree, deleteFolder, fileProject, foldersOf, moveFolder, pathTo, saveFolder, toFolderView } from '../../domain/folders';
import { projectsOfUser } from '../../domain/project-lists';
import { AppError, fail } from '../../runtime/app-error';
import { defineHandlers } from '../../runtime/service';
import { myProjectViews, scopedView } from './views';

export const folderHandlers = defineHandlers({
  'folder.list': async ({ query }, ctx) => {
    const [folders, mine] = await Promise.all([foldersOf(ctx.caller.userId), projectsOfUser(ctx.caller.userId)]);
    const views = folders.map(toFolderView);
    if (query.parentId !== null && !views.some((f) => f.id === query.parentId)) throw new AppError('notFound');
    return {
      folders: buildTree(views.filter((f) => f.parentId === query.parentId)).map(({ children: _c, ...f }) => f),
      projects: myProjectViews(mine.filter((p) => p.project.state === 'active' && p.project.teamId === null && (p.member?.folderId ?? null) === query.parentId)),
      path: pathTo(views, query.parentId),
    };
  },

  'folder.save': async ({ body }, ctx) => saveFolder(ctx.caller.userId, body),

  'folder.tree': async (_input, ctx) => buildTree((await foldersOf(ctx.caller.userId)).map(toFolderView)),

  'folder.move': async ({ query }, ctx) => {
    if (query.isProject) await fileProject(ctx.caller.userId, query.sourceId, query.folderId);
    else await moveFolder(ctx.caller.userId, query.sourceId, query.folderId);
    return null;
  },

  'folder.delete': async ({ params }, ctx) => {
    await deleteFolder(ctx.caller.userId, params.id);
    return null;
  },

  /** Files the project in one of the caller's folders (`b`; `0` is the root). */
  'project.move': async ({ params }, ctx) => {
    const folderId = params.b === '0' ? null : params.b;
    const { member } = ctx.project;
    if (!member) return fail('forbidden');
    await fileProject(ctx.caller.userId, ctx.project.item.id, folderId);
    return scopedView(ctx.project.item, { ...ctx.project, member: { ...member, folderId } });
  },
});
