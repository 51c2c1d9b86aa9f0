/**
 * The folders of a console (spec section 7): each person files projects in their own folders; a team console has
 * the team's folders (read by every member, arranged by its owner and administrators). `teamId` picks the console.
 */
import {
  folderContents,
  folderDeleteQuery,
  folderListQuery,
  folderMoveQuery,
  folderNode,
  folderSaveBody,
  folderTreeParams,
  folderView,
  idParams,
} from '../schemas/project';
import { route, SIGNED_IN } from './define';
import { listOf, nothing } from './responses';

export const folderRoutes = {
  'folder.list': route({
    method: 'GET',
    path: '/project/folder',
    service: 'project',
    access: SIGNED_IN,
    query: folderListQuery,
    response: folderContents,
  }),
  'folder.save': route({
    method: 'POST',
    path: '/project/folder',
    service: 'project',
    access: SIGNED_IN,
    body: folderSaveBody,
    response: folderView,
  }),
  'folder.tree': route({
    method: 'GET',
    path: '/project/folder/tree/{id}',
    service: 'project',
    access: SIGNED_IN,
    params: folderTreeParams,
    response: listOf(folderNode),
  }),
  'folder.move': route({
    method: 'POST',
    path: '/project/folder/move',
    service: 'project',
    access: SIGNED_IN,
    query: folderMoveQuery,
    response: nothing,
  }),
  'folder.delete': route({
    method: 'DELETE',
    path: '/project/folder/{id}',
    service: 'project',
    access: SIGNED_IN,
    params: idParams,
    query: folderDeleteQuery,
    response: nothing,
  }),
} as const;
