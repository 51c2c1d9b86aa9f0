/**
 * Projects and their lifecycle (spec sections 4 and 7): lists, favourites, archive and recycle bin, transfer,
 * clone, and the images and attachments of their documents. Everything a creator may do, a team owner
 * or administrator may do too (`admin`), except handing the project to someone else.
 */
import { storedFile, uploadFinishBody, uploadFinishParams, uploadRequestBody, uploadTicket } from '../schemas/file';
import {
  cloneQuery,
  idParams,
  idSchema,
  projectCreateBody,
  projectList,
  projectUpdateBody,
  projectView,
  searchQuery,
  teamIdParams,
  teamQuery,
} from '../schemas/project';
import { body, onProject, param, route, SIGNED_IN } from './define';
import { nothing } from './responses';
import { pathParams } from './path-params';

export const projectRoutes = {
  'project.create': route({
    method: 'PUT',
    path: '/project',
    service: 'project',
    access: SIGNED_IN,
    body: projectCreateBody,
    response: projectView,
  }),
  'project.update': route({
    method: 'POST',
    path: '/project',
    service: 'project',
    access: onProject(body('id'), 'edit', { states: ['active'] }),
    body: projectUpdateBody,
    response: projectView,
  }),
  'project.created': route({
    method: 'GET',
    path: '/project/created',
    service: 'project',
    access: SIGNED_IN,
    query: teamQuery,
    response: projectList,
  }),
  'project.personal': route({ method: 'GET', path: '/project/personal', service: 'project', access: SIGNED_IN, response: projectList }),
  'project.team': route({
    method: 'GET',
    path: '/project/team/{teamId}',
    service: 'project',
    access: SIGNED_IN,
    params: teamIdParams,
    response: projectList,
  }),
  'project.get': route({
    method: 'GET',
    path: '/project/{id}',
    service: 'project',
    access: onProject(param('id'), 'view', { publicRead: true, shareToken: true }),
    params: idParams,
    response: projectView,
  }),
  'project.search': route({
    method: 'GET',
    path: '/project/search',
    service: 'project',
    access: SIGNED_IN,
    query: searchQuery,
    response: projectList,
  }),
  'project.editable': route({
    method: 'GET',
    path: '/project/editable',
    service: 'project',
    access: SIGNED_IN,
    query: teamQuery,
    response: projectList,
  }),
  'project.recycle': route({
    method: 'DELETE',
    path: '/project/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin'),
    params: idParams,
    response: nothing,
  }),
  'project.recycler': route({
    method: 'GET',
    path: '/project/recycler',
    service: 'project',
    access: SIGNED_IN,
    query: teamQuery,
    response: projectList,
  }),
  'project.recyclerRevert': route({
    method: 'POST',
    path: '/project/recycler/revert/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin', { states: ['recycled'] }),
    params: idParams,
    response: projectView,
  }),
  'project.destroy': route({
    method: 'DELETE',
    path: '/project/destroy/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin', { states: ['recycled'] }),
    params: idParams,
    response: nothing,
  }),
  'project.favorAdd': route({
    method: 'PUT',
    path: '/project/favor/{id}',
    service: 'project',
    access: onProject(param('id'), 'view'),
    params: idParams,
    response: nothing,
  }),
  /** Signed-in is enough: anyone may drop a favourite, even of a project they can no longer read. */
  'project.favorRemove': route({
    method: 'DELETE',
    path: '/project/favor/{id}',
    service: 'project',
    access: SIGNED_IN,
    params: idParams,
    response: nothing,
  }),
  'project.favorites': route({ method: 'GET', path: '/project/favor', service: 'project', access: SIGNED_IN, response: projectList }),
  'project.archive': route({
    method: 'POST',
    path: '/project/archive/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin', { states: ['active'] }),
    params: idParams,
    response: projectView,
  }),
  'project.archives': route({
    method: 'GET',
    path: '/project/archive',
    service: 'project',
    access: SIGNED_IN,
    query: teamQuery,
    response: projectList,
  }),
  'project.archiveRevert': route({
    method: 'POST',
    path: '/project/archive/revert/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin', { states: ['archived'] }),
    params: idParams,
    response: projectView,
  }),
  'project.archiveDelete': route({
    method: 'DELETE',
    path: '/project/archive/{id}',
    service: 'project',
    access: onProject(param('id'), 'admin', { states: ['archived'] }),
    params: idParams,
    response: nothing,
  }),
  /** Only the creator hands a project to someone else, never a team administrator. */
  'project.transfer': route({
    method: 'POST',
    path: '/project/transfer/{a}/{b}',
    service: 'project',
    access: onProject(param('projectId'), 'creator'),
    ...pathParams({ a: ['projectId', idSchema], b: ['userId', idSchema] }),
    response: projectView,
  }),
  /**
   * Moves a personal project into a team (the caller must be its creator and a member of the team). Members other
   * than the creator are removed and must be added again (spec section 4).
   */
  'project.move': route({
    method: 'POST',
    path: '/project/move/{a}/{b}',
    service: 'project',
    access: onProject(param('projectId'), 'creator', { states: ['active'] }),
    ...pathParams({ a: ['projectId', idSchema], b: ['teamId', idSchema] }),
    response: projectView,
  }),
  'project.clone': route({
    method: 'POST',
    path: '/project/clone/{id}',
    service: 'project',
    access: onProject(param('id'), 'edit'),
    params: idParams,
    query: cloneQuery,
    response: projectView,
  }),
  /**
   * Images and attachments of documents. The first call answers with a presigned PUT (S3 enforces the announced
   * size); the second checks the bytes that arrived (size, magic bytes) and publishes the file under /files/.
   */
  'project.attachment': route({
    method: 'POST',
    path: '/project/attachment/{id}',
    service: 'project',
    access: onProject(param('id'), 'edit', { states: ['active'] }),
    params: idParams,
    body: uploadRequestBody,
    response: uploadTicket,
  }),
  'project.attachmentFinish': route({
    method: 'POST',
    path: '/project/attachment/{id}/{fileId}',
    service: 'project',
    access: onProject(param('id'), 'edit', { states: ['active'] }),
    params: uploadFinishParams,
    body: uploadFinishBody,
    response: storedFile,
  }),
} as const;
