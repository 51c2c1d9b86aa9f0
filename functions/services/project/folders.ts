/**
 * The folders of a console, and where projects are filed in them: the personal console (`teamId` absent), or a
 * team's, which every member reads and its owner and administrators arrange.
 */
import { atLeastTeamRole } from '@shared/access';
import {
  buildTree,
  deleteFolder,
  fileProject,
  foldersOf,
  moveFolder,
  pathTo,
  saveFolder,
  toFolderView,
  type FolderScope,
} from '../../domain/folders';
import { projectsOfUser, teamProjectsOfUser } from '../../domain/project-lists';
import { teamAccess } from '../../domain/teams';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { myProjectViews } from './views';

/** The console a folder call is about, once the caller may read it (or arrange it, with `arrange`). */
async function consoleOf(userId: string, teamId: string | null, arrange = false): Promise<FolderScope> {
  if (!teamId) return { userId, teamId: null };
  const { team, member } = await teamAccess(teamId, userId);
  if (!team || team.state !== 'active') throw new AppError('notFound');
  if (!member || (arrange && !atLeastTeamRole(member.role, 'admin'))) throw new AppError('forbidden');
  return { userId, teamId };
}

export const folderHandlers = defineHandlers({
  'folder.list': async ({ query }, ctx) => {
    const scope = await consoleOf(ctx.caller.userId, query.teamId);
    const [folders, mine] = await Promise.all([
      foldersOf(scope),
      scope.teamId ? teamProjectsOfUser(ctx.caller.userId, scope.teamId) : projectsOfUser(ctx.caller.userId),
    ]);
    const views = folders.map(toFolderView);
    if (query.parentId !== null && !views.some((f) => f.id === query.parentId)) throw new AppError('notFound');
    const filedHere = mine.filter(
      (p) =>
        p.project.state === 'active' &&
        p.project.teamId === scope.teamId &&
        (scope.teamId ? p.project.teamFolderId : (p.member?.folderId ?? null)) === query.parentId,
    );
    return {
      folders: buildTree(views.filter((f) => f.parentId === query.parentId)).map(({ children: _c, ...f }) => f),
      projects: await myProjectViews(filedHere),
      path: pathTo(views, query.parentId),
    };
  },

  'folder.save': async ({ body }, ctx) => saveFolder(await consoleOf(ctx.caller.userId, body.teamId, true), body),

  /** `personal`, or a team's id. */
  'folder.tree': async ({ params }, ctx) =>
    buildTree((await foldersOf(await consoleOf(ctx.caller.userId, params.id === 'personal' ? null : params.id))).map(toFolderView)),

  'folder.move': async ({ query }, ctx) => {
    const scope = await consoleOf(ctx.caller.userId, query.teamId, query.teamId !== null);
    if (query.isProject) await fileProject(scope, query.sourceId, query.folderId);
    else await moveFolder(scope, query.sourceId, query.folderId);
    return null;
  },

  'folder.delete': async ({ params, query }, ctx) => {
    await deleteFolder(await consoleOf(ctx.caller.userId, query.teamId, true), params.id);
    return null;
  },
});
