/**
 * Folders of a console: a user's personal console or a team's. Folder items live in the console's folder
 * partition. Where a project is filed is kept apart from the folder: in the personal console on each member's
 * item (every member files it their own way), in a team console on the project (the team files it once).
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import type { FolderNode, FolderView } from '@shared/schemas/project';
import { asRecord, asRecords, deleteItem, eq, exists, getItem, notExists, putItem, queryAll, skip, updateItem } from '../data/db';
import { ENTITY, keys, type FolderScope } from '../data/keys';
import { AppError } from '../core/app-error';
import { fileProject as fileMembership, membershipsOf, refileProjects } from './members';
import { fileTeamProject, projectsOfTeam } from './projects';

export type { FolderScope };

const folderRecord = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    parentId: z.string().nullable(),
    ownerId: z.string(),
    createdAt: z.string(),
    rev: z.number(),
  }),
);
type FolderItem = z.infer<typeof folderRecord>;

export const toFolderView = ({ id, name, parentId, createdAt }: FolderItem): FolderView => ({ id, name, parentId, createdAt });

export const foldersOf = async (scope: FolderScope) => asRecords(folderRecord, await queryAll(keys.foldersOf(scope)));

async function getFolder(scope: FolderScope, folderId: string): Promise<FolderItem> {
  const folder = asRecord(folderRecord, await getItem(keys.folder(scope, folderId), { consistent: true }));
  if (!folder) throw new AppError('notFound');
  return folder;
}

/** Null (the root) or a folder of the console; anything else is "not found". */
export async function assertFolder(scope: FolderScope, folderId: string | null) {
  if (folderId !== null) await getFolder(scope, folderId);
}

export async function saveFolder(scope: FolderScope, input: { id?: string; name: string; parentId: string | null }) {
  if (input.id) {
    const updated = await updateItem(
      keys.folder(scope, input.id),
      { set: { name: input.name }, bumpRev: true },
      { when: exists(), failure: () => new AppError('notFound') },
    );
    return toFolderView(folderRecord.parse(updated));
  }
  await assertFolder(scope, input.parentId);
  const folder: FolderItem = {
    id: randomUUID(),
    name: input.name,
    parentId: input.parentId,
    ownerId: scope.userId,
    createdAt: new Date().toISOString(),
    rev: 1,
  };
  await putItem({ ...keys.folder(scope, folder.id), ...ENTITY.folder, ...folder }, notExists());
  return toFolderView(folder);
}

export function buildTree(folders: FolderView[]): FolderNode[] {
  const nodes = new Map(folders.map((f) => [f.id, { ...f, children: [] as FolderNode[] }]));
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sort = (list: FolderNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name) || a.createdAt.localeCompare(b.createdAt));
    list.forEach((n) => sort(n.children));
    return list;
  };
  return sort(roots);
}

/** From the root down to `folderId`, for breadcrumbs. */
export function pathTo(folders: FolderView[], folderId: string | null): FolderView[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: FolderView[] = [];
  for (let id = folderId; id; id = byId.get(id)?.parentId ?? null) {
    const folder = byId.get(id);
    if (!folder || path.includes(folder)) break;
    path.unshift(folder);
  }
  return path;
}

/** Moves a folder under another (or to the root), refusing a move into itself or its own subtree. */
export async function moveFolder(scope: FolderScope, folderId: string, targetId: string | null) {
  const folders = (await foldersOf(scope)).map(toFolderView);
  if (!folders.some((f) => f.id === folderId)) throw new AppError('notFound');
  if (targetId !== null && !folders.some((f) => f.id === targetId)) throw new AppError('notFound');
  if (pathTo(folders, targetId).some((f) => f.id === folderId)) throw new AppError('folderCycle');
  await updateItem(keys.folder(scope, folderId), { set: { parentId: targetId }, bumpRev: true }, exists());
}

/**
 * Deletes a folder; its subfolders and the projects filed in it move up to its parent, so nothing is lost. The
 * folder item goes last: an interrupted delete leaves the folder in place and a repeat finishes the job.
 */
export async function deleteFolder(scope: FolderScope, folderId: string) {
  const folder = await getFolder(scope, folderId);
  const folders = await foldersOf(scope);
  const refile = async () => {
    if (scope.teamId) {
      const filed = (await projectsOfTeam(scope.teamId)).filter((p) => p.teamFolderId === folderId);
      await Promise.all(filed.map((p) => fileTeamProject(p.id, scope.teamId!, folder.parentId)));
    } else {
      const filed = (await membershipsOf(scope.userId)).filter((m) => m.folderId === folderId).map((m) => m.projectId);
      await refileProjects(scope.userId, filed, folderId, folder.parentId);
    }
  };
  await Promise.all([
    ...folders
      .filter((f) => f.parentId === folderId)
      .map((f) =>
        // Conditional per item: whatever was moved elsewhere meanwhile stays where it went.
        updateItem(
          keys.folder(scope, f.id),
          { set: { parentId: folder.parentId }, bumpRev: true },
          { when: eq('parentId', folderId), failure: skip },
        ),
      ),
    refile(),
  ]);
  await deleteItem(keys.folder(scope, folderId));
}

/** Files a project in one of the console's folders (null: the root). */
export async function fileProject(scope: FolderScope, projectId: string, folderId: string | null) {
  await assertFolder(scope, folderId);
  if (scope.teamId) await fileTeamProject(projectId, scope.teamId, folderId);
  else await fileMembership(scope.userId, projectId, folderId);
}
