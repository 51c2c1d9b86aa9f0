/**
 * Share links and frozen releases (spec section 7). Managing shares and publishing are for editors; deleting a
 * release is for the creator and the team's owner and administrators. A share's content, and the assertion of its
 * password, are open to anyone who has the link.
 */
import {
  releasePublishBody,
  releaseView,
  shareAssertionBody,
  shareContent,
  shareCreateBody,
  shareIdParams,
  shareTokenResult,
  shareUpdateBody,
  shareView,
  releaseVersion,
} from '../schemas/share';
import { idParams, idSchema } from '../schemas/project';
import { ANYONE, body, onProject, param, route } from './define';
import { listOf, nothing } from './responses';
import { pathParams } from './path-params';

/** A share id carries its project id, like a document id: `{ document: true }` finds it without a read. */
const shareParam = (field: string) => ({ in: 'params', field, document: true }) as const;
const editable = { states: ['active'] } as const;

export const shareRoutes = {
  'share.create': route({
    method: 'PUT',
    path: '/project/document/share-item',
    service: 'document',
    access: onProject(body('projectId'), 'edit', editable),
    body: shareCreateBody,
    response: shareView,
  }),
  'share.update': route({
    method: 'POST',
    path: '/project/document/share-item',
    service: 'document',
    access: onProject(body('projectId'), 'edit', editable),
    body: shareUpdateBody,
    response: shareView,
  }),
  'share.list': route({
    method: 'GET',
    path: '/project/document/share-item/list/{id}',
    service: 'document',
    access: onProject(param('id'), 'edit'),
    params: idParams,
    response: listOf(shareView),
  }),
  'share.delete': route({
    method: 'DELETE',
    path: '/project/document/share-item/{id}',
    service: 'document',
    access: onProject(shareParam('id'), 'edit'),
    params: shareIdParams,
    response: nothing,
  }),
  /** The share's name, expiry, project and scoped tree, with a share token; 45016 while a password is wanted. */
  'share.content': route({
    method: 'GET',
    path: '/project/document/share-item/content/{id}',
    service: 'document',
    access: ANYONE,
    params: shareIdParams,
    response: shareContent,
  }),
  /** Checks a share's password (form body) and answers with a share token; guesses are limited. */
  'share.assert': route({
    method: 'POST',
    path: '/project/document/share-code/assertion/{id}',
    service: 'document',
    access: ANYONE,
    bodyType: 'form',
    params: shareIdParams,
    body: shareAssertionBody,
    response: shareTokenResult,
  }),

  'release.publish': route({
    method: 'POST',
    path: '/project-release/publish',
    service: 'document',
    access: onProject(body('projectId'), 'edit', editable),
    body: releasePublishBody,
    response: releaseView,
  }),
  'release.list': route({
    method: 'GET',
    path: '/project-release/list/{id}',
    service: 'document',
    access: onProject(param('id'), 'view', { publicRead: true }),
    params: idParams,
    response: listOf(releaseView),
  }),
  'release.delete': route({
    method: 'DELETE',
    path: '/project-release/{a}/{b}',
    service: 'document',
    access: onProject(param('projectId'), 'admin'),
    ...pathParams({ a: ['projectId', idSchema], b: ['version', releaseVersion] }),
    response: nothing,
  }),
} as const;
