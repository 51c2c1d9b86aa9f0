/**
 * Folders of the personal console. Folder items live in the owner's folder partition; where a project is filed
 * is each member's own choice, kept on their member item, so filing never touches the project itself.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import type { FolderNode, FolderView } from '../../shared/schemas/project';
import { asRecord, asRecords, ConditionFailed, deleteItem, getItem, putItem, queryAll, updateItem } from '../data/db';
import { ENTITY, keys, type FolderScope } from '../data/keys';
import { AppError } from '../runtime/app-error';
import { fileProject as fileMembership, membershipsOf, refileProjects } from './members';

const folderRecord = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  ownerId: z.string(),
  createdAt: z.string(),
  rev: z.number(),
});
type FolderItem = z.infer<typeof folderRecord>;

const personal = (userId: string): FolderScope => ({ userId, teamId: null });

export const toFolderView = ({ id, name, parentId, createdAt }: FolderItem): FolderView => ({ id, name, parentId, createdAt });

export const foldersOf = async (userId: string) => asRecords(folderRecord, await queryAll(keys.foldersOf(personal(userId))));

export async function getFolder(userId: string, folderId: string): Promise<FolderItem> {
  const folder = asRecord(folderRecord, await getItem(keys.folder(personal(userId), folderId), { consistent: true }));
  if (!folder) throw new AppError('notFound');
  return folder;
}

/** Null (the root) or a folder of the user's; anything else is "not found". */
export async function assertFolder(userId: string, folderId: string | null) {
  if (folderId !== null) await getFolder(userId, folderId);
}

export async function saveFolder(userId: string, input: { id?: string; name: string; parentId: string | null }) {
  if (input.id) {
    try {
      const updated = await updateItem(keys.folder(personal(userId), input.id), { set: { name: input.name }, bumpRev: true }, { ifExists: true });
      return toFolderView(folderRecord.parse(updated));
    } catch (err) {
      if (err instanceof ConditionFailed) throw new AppError('notFound');
      throw err;
    }
  }
  await assertFolder(userId, input.parentId);
  const folder: FolderItem = {
    id: randomUUID(),
    name: input.name,
    parentId: input.parentId,
    ownerId: userId,
    createdAt: new Date().toISOString(),
    rev: 1,
  };
  await putItem({ ...keys.folder(personal(userId), folder.id), ...ENTITY.folder, ...folder }, { ifNotExists: true });
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
export async function moveFolder(userId: string, folderId: string, targetId: string | null) {
  const folders = (await foldersOf(userId)).map(toFolderView);
  if (!folders.some((f) => f.id === folderId)) throw new AppError('notFound');
  if (targetId !== null && !folders.some((f) => f.id === targetId)) throw new AppError('notFound');
  if (pathTo(folders, targetId).some((f) => f.id === folderId)) throw new AppError('folderCycle');
  await updateItem(keys.folder(personal(userId), folderId), { set: { parentId: targetId }, bumpRev: true }, { ifExists: true });
}

/**
 * Deletes a folder; its subfolders and the projects filed in it move up to its parent, so nothing is lost. The
 * folder item goes last: an interrupted delete leaves the folder in place and a repeat finishes the job.
 */
export async function deleteFolder(userId: string, folderId: string) {
  const folder = await getFolder(userId, folderId);
  const [folders, memberships] = await Promise.all([foldersOf(userId), membershipsOf(userId)]);
  const childFolders = folders.filter((f) => f.parentId === folderId);
  const filedHere = memberships.filter((m) => m.folderId === folderId).map((m) => m.projectId);
  // Conditional per item: whatever was moved elsewhere meanwhile stays where it went.
  const ignoreMoved = (err: unknown) => {
    if (!(err instanceof ConditionFailed)) throw err;
  };
  await Promise.all([
    ...childFolders.map((f) =>
      updateItem(
        keys.folder(personal(userId), f.id),
        { set: { parentId: folder.parentId }, bumpRev: true },
        { expression: '#parent = :here', names: { '#parent': 'parentId' }, values: { ':here': folderId } },
      ).catch(ignoreMoved),
    ),
    refileProjects(userId, filedHere, folderId, folder.parentId),
  ]);
  await deleteItem(keys.folder(personal(userId), folderId));
}

/** Files one of the user's projects in one of their folders (null: the root). */
export async function fileProject(userId: string, projectId: string, folderId: string | null) {
  await assertFolder(userId, folderId);
  await fileMembership(userId, projectId, folderId);
}
