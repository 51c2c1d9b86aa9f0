/** What the console reads and changes about projects and folders. */
import type { RouteId } from '@shared/routes';
import { apiQuery, useApiMutation, useApiQuery, type CallOptions } from '../../../lib/api';

/** Every list a project change can affect. */
const PROJECT_LISTS: RouteId[] = [
  'folder.list',
  'folder.tree',
  'project.personal',
  'project.team',
  'project.created',
  'project.search',
  'project.favorites',
  'project.archives',
  'project.recycler',
  'project.editable',
  'project.get',
];

/** `teamId` picks a team's console; without it, the personal one. */
export const useFolderContents = (folderId: string | null, teamId: string | null = null) =>
  useApiQuery('folder.list', { query: { ...(folderId ? { parentId: folderId } : {}), ...(teamId ? { teamId } : {}) } });
export const useFolderTree = (teamId: string | null = null) => useApiQuery('folder.tree', { params: { id: teamId ?? 'personal' } });
/** The caller's teams: where a personal project can be moved to. */
export const useMyTeams = (enabled = true) => useApiQuery('team.all', undefined, { enabled });
/** The team projects the caller reaches: all of them for the team's owner and administrators. */
export const useTeamProjects = (teamId: string) => useApiQuery('project.team', { params: { teamId } });
export const useFavorites = (enabled: boolean) => useApiQuery('project.favorites', undefined, { enabled });
/** Across consoles, or (with `teamId`) every archived or deleted project of one team the caller operates. */
export const useArchived = (enabled: boolean, teamId?: string) =>
  useApiQuery('project.archives', { query: teamId ? { teamId } : {} }, { enabled });
export const useRecycled = (enabled: boolean, teamId?: string) =>
  useApiQuery('project.recycler', { query: teamId ? { teamId } : {} }, { enabled });
export const useProjectSearch = (keyword: string, enabled = true) => useApiQuery('project.search', { query: { keyword } }, { enabled });
export const projectQuery = (id: string, options: CallOptions = {}) => apiQuery('project.get', { params: { id } }, options);
export const useProject = (id: string, options: CallOptions & { enabled?: boolean } = {}) =>
  useApiQuery('project.get', { params: { id } }, options);
/** Projects the caller can edit (or operate), across consoles: where an import or a saved request can go. */
export const useEditableProjects = (enabled = true) => useApiQuery('project.editable', { query: {} }, { enabled });
export const useProjectMembers = (id: string) => useApiQuery('project.members', { params: { id } });

/** A change to projects or folders: every list is refreshed after it, and a failure is shown by the caller. */
export const useProjectChange = <Id extends RouteId>(id: Id, extra: RouteId[] = []) =>
  useApiMutation(id, { invalidates: [...PROJECT_LISTS, ...extra], ignoreMessage: true });
