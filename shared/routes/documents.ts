/** Documents of a project (spec section 7). Reads of a public project are open to anyone; edits need the edit role. */
import {
  binEntry,
  copyBody,
  documentCreateBody,
  documentIdParams,
  documentIdSchema,
  documentReadParams,
  documentNode,
  documentTreeNode,
  documentUpdateBody,
  documentView,
  historyEntry,
  historyEntryView,
  historyIdParams,
  historyParams,
  keywordQuery,
  nodeIdParams,
  nodeRef,
  projectIdParams,
  recentChange,
  searchHit,
} from '../schemas/document';
import { body, documentBody, documentParam, onProject, param, route } from './define';
import { listOf, nothing, orNull } from './responses';
import { pathParams } from './path-params';

const editable = { states: ['active'] } as const;

export const documentRoutes = {
  'document.tree': route({
    method: 'GET',
    path: '/project/document/children/all/{projectId}',
    service: 'document',
    access: onProject(param('projectId'), 'view', { publicRead: true }),
    params: projectIdParams,
    response: listOf(documentTreeNode),
  }),
  'document.children': route({
    method: 'GET',
    path: '/project/document/children/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'view', { publicRead: true, shareToken: true }),
    params: nodeIdParams,
    response: listOf(documentNode),
  }),
  'document.child0': route({
    method: 'GET',
    path: '/project/document/{id}/child0',
    service: 'document',
    access: onProject(documentParam('id'), 'view', { publicRead: true, shareToken: true }),
    params: nodeIdParams,
    response: orNull(documentNode),
  }),
  'document.get': route({
    method: 'GET',
    path: '/project/document/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'view', { publicRead: true, shareToken: true }),
    params: documentReadParams,
    response: documentView,
  }),
  'document.create': route({
    method: 'PUT',
    path: '/project/document',
    service: 'document',
    access: onProject(body('projectId'), 'edit', editable),
    body: documentCreateBody,
    response: documentView,
  }),
  'document.update': route({
    method: 'POST',
    path: '/project/document',
    service: 'document',
    access: onProject(documentBody('id'), 'edit', editable),
    body: documentUpdateBody,
    response: documentView,
  }),
  /** To the project's document bin (see `document.bin`), taking its whole subtree with it. */
  'document.delete': route({
    method: 'DELETE',
    path: '/project/document/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'edit', editable),
    params: documentIdParams,
    response: nothing,
  }),
  /** Moves a document under `parentId` (a folder, or the project for the top level), right after `preId` ('0': first). */
  'document.resort': route({
    method: 'POST',
    path: '/project/document/re-sort/{a}/{b}/{c}',
    service: 'document',
    access: onProject(documentParam('docId'), 'edit', editable),
    ...pathParams({ a: ['docId', documentIdSchema], b: ['parentId', nodeRef], c: ['preId', nodeRef] }),
    response: documentNode,
  }),
  'document.copy': route({
    method: 'POST',
    path: '/project/document/copy',
    service: 'document',
    access: onProject(documentBody('id'), 'edit', editable),
    body: copyBody,
    response: documentNode,
  }),
  'document.search': route({
    method: 'GET',
    path: '/project/document/search/{projectId}',
    service: 'document',
    access: onProject(param('projectId'), 'view', { publicRead: true }),
    params: projectIdParams,
    query: keywordQuery,
    response: listOf(searchHit),
  }),
  /** The project's latest saves, newest first (at most RECENT_CHANGES_SHOWN), for its overview page. */
  'document.recent': route({
    method: 'GET',
    path: '/project/document/recent/{projectId}',
    service: 'document',
    access: onProject(param('projectId'), 'view'),
    params: projectIdParams,
    response: listOf(recentChange),
  }),
  'document.history': route({
    method: 'GET',
    path: '/project/document/history/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'view'),
    params: documentIdParams,
    response: listOf(historyEntry),
  }),
  'document.historyGet': route({
    method: 'GET',
    path: '/project/document/history/{id}/{historyId}',
    service: 'document',
    access: onProject(documentParam('id'), 'view'),
    params: historyParams,
    response: historyEntryView,
  }),
  /** Restores the version an entry preserves; the restore is itself a new save with its own entry. */
  'document.historyRevert': route({
    method: 'POST',
    path: '/project/document/history/reversion/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'edit', editable),
    params: historyIdParams,
    response: documentView,
  }),
  /**
   * Beyond the spec (issue 27): the document bin of a project, mirroring the project recycler (`GET
   * /project/recycler`, `POST /project/recycler/revert/{id}`). Editors list and restore; a viewer never sees it.
   */
  'document.bin': route({
    method: 'GET',
    path: '/project/document/recycler/{projectId}',
    service: 'document',
    access: onProject(param('projectId'), 'edit'),
    params: projectIdParams,
    response: listOf(binEntry),
  }),
  /** Beyond the spec (issue 27): puts a binned document back where it was (the top level if its parent is gone). */
  'document.binRestore': route({
    method: 'POST',
    path: '/project/document/recycler/revert/{id}',
    service: 'document',
    access: onProject(documentParam('id'), 'edit', editable),
    params: documentIdParams,
    response: documentNode,
  }),
} as const;
