/**
 * THE route table. Four readers and no second copy: each service's Lambda router (validation and access before
 * the handler), the CDK stack (one function per service, one API route per entry), the local gateway, and the web
 * client's typed `call(routeId, input)`. Paths are exactly those of spec/calls.txt, in API Gateway `{param}` form.
 */
import * as z from 'zod';
import {
  codeSent,
  loginBody,
  loginResult,
  registerBody,
  sendCodeParams,
  updatePasswordBody,
  updateUserBody,
  userDetail,
} from './schemas/account';
import {
  cloneQuery,
  folderContents,
  folderListQuery,
  folderMoveQuery,
  folderNode,
  folderSaveBody,
  folderTreeParams,
  folderView,
  idParams,
  moveParams,
  projectCreateBody,
  projectList,
  projectMember,
  projectUpdateBody,
  projectView,
  searchQuery,
  teamIdParams,
  teamQuery,
  transferParams,
  type ProjectRole,
  type ProjectState,
} from './schemas/project';
import { storedFile, uploadFinishBody, uploadFinishParams, uploadRequestBody, uploadTicket } from './schemas/file';
import {
  copyBody,
  documentCreateBody,
  documentIdParams,
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
  projectIdParams,
  resortParams,
  searchHit,
} from './schemas/document';

export const SERVICES = ['user', 'project', 'document'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route; the runtime's access check is the only place that interprets this.
 * - `public`: anyone (a valid token is still read, so handlers may personalise);
 * - `user`: any signed-in user;
 * - `project`: a member of the project named by `project` (where its id sits in the input) holding at least
 *   `role`, while the project is in one of `states` (default active or archived). `publicRead` also admits
 *   anyone, signed in or not, to a public project. Team and share rules join this union with those features.
 */
export interface ProjectAccess {
  kind: 'project';
  role: ProjectRole;
  /** Where the project id sits; `document`: the field holds a document (or history) id that names its project. */
  project: { in: 'params' | 'query' | 'body'; field: string; document?: true };
  states?: readonly ProjectState[];
  publicRead?: boolean;
}
export type Access = { kind: 'public' } | { kind: 'user' } | ProjectAccess;

export const PUBLIC = { kind: 'public' } as const;
export const SIGNED_IN = { kind: 'user' } as const;
export const DEFAULT_PROJECT_STATES: readonly ProjectState[] = ['active', 'archived'];

const member = <const R extends ProjectRole>(
  role: R,
  opts: { field?: string; in?: ProjectAccess['project']['in']; document?: true; states?: readonly ProjectState[]; publicRead?: boolean } = {},
) =>
  ({
    kind: 'project',
    role,
    project: { in: opts.in ?? 'params', field: opts.field ?? 'id', ...(opts.document ? { document: true as const } : {}) },
    ...(opts.states ? { states: opts.states } : {}),
    ...(opts.publicRead ? { publicRead: true } : {}),
  }) as const;

export interface RouteDef {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: Access;
  /** `form` routes take application/x-www-form-urlencoded bodies (spec section 7: POST /login). */
  bodyType?: 'json' | 'form';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const route = <const R extends RouteDef>(def: R) => def;
const nothing = z.null();

export const routes = {
  'user.register': route({
    method: 'POST',
    path: '/user/register',
    service: 'user',
    access: PUBLIC,
    body: registerBody,
    response: loginResult,
  }),
  'code.register': route({
    method: 'POST',
    path: '/common/code/REGISTER/{target}',
    service: 'user',
    access: PUBLIC,
    params: sendCodeParams,
    response: codeSent,
  }),
  'login.create': route({
    method: 'POST',
    path: '/login',
    service: 'user',
    access: PUBLIC,
    bodyType: 'form',
    body: loginBody,
    response: loginResult,
  }),
  'login.delete': route({ method: 'DELETE', path: '/login', service: 'user', access: PUBLIC, response: nothing }),
  'user.detail': route({ method: 'GET', path: '/user/detail', service: 'user', access: SIGNED_IN, response: userDetail }),
  'user.update': route({
    method: 'POST',
    path: '/user',
    service: 'user',
    access: SIGNED_IN,
    body: updateUserBody,
    response: userDetail,
  }),
  'user.updatePassword': route({
    method: 'POST',
    path: '/user/update-password',
    service: 'user',
    access: SIGNED_IN,
    body: updatePasswordBody,
    response: nothing,
  }),

  // Projects (spec section 7)
  'project.create': route({ method: 'PUT', path: '/project', service: 'project', access: SIGNED_IN, body: projectCreateBody, response: projectView }),
  'project.update': route({
    method: 'POST',
    path: '/project',
    service: 'project',
    access: member('edit', { in: 'body', states: ['active'] }),
    body: projectUpdateBody,
    response: projectView,
  }),
  'project.created': route({ method: 'GET', path: '/project/created', service: 'project', access: SIGNED_IN, query: teamQuery, response: projectList }),
  'project.personal': route({ method: 'GET', path: '/project/personal', service: 'project', access: SIGNED_IN, response: projectList }),
  'project.team': route({ method: 'GET', path: '/project/team/{teamId}', service: 'project', access: SIGNED_IN, params: teamIdParams, response: projectList }),
  'project.get': route({
    method: 'GET',
    path: '/project/{id}',
    service: 'project',
    access: member('view', { publicRead: true }),
    params: idParams,
    response: projectView,
  }),
  'project.search': route({ method: 'GET', path: '/project/search', service: 'project', access: SIGNED_IN, query: searchQuery, response: projectList }),
  'project.editable': route({ method: 'GET', path: '/project/editable', service: 'project', access: SIGNED_IN, query: teamQuery, response: projectList }),
  'project.recycle': route({ method: 'DELETE', path: '/project/{id}', service: 'project', access: member('creator'), params: idParams, response: nothing }),
  'project.recycler': route({ method: 'GET', path: '/project/recycler', service: 'project', access: SIGNED_IN, query: teamQuery, response: projectList }),
  'project.recyclerRevert': route({
    method: 'POST',
    path: '/project/recycler/revert/{id}',
    service: 'project',
    access: member('creator', { states: ['recycled'] }),
    params: idParams,
    response: projectView,
  }),
  'project.destroy': route({
    method: 'DELETE',
    path: '/project/destroy/{id}',
    service: 'project',
    access: member('creator', { states: ['recycled'] }),
    params: idParams,
    response: nothing,
  }),
  'project.favorAdd': route({ method: 'PUT', path: '/project/favor/{id}', service: 'project', access: member('view'), params: idParams, response: nothing }),
  /** Signed-in is enough: anyone may drop a favourite, even of a project they can no longer read. */
  'project.favorRemove': route({ method: 'DELETE', path: '/project/favor/{id}', service: 'project', access: SIGNED_IN, params: idParams, response: nothing }),
  'project.favorites': route({ method: 'GET', path: '/project/favor', service: 'project', access: SIGNED_IN, response: projectList }),
  'project.archive': route({
    method: 'POST',
    path: '/project/archive/{id}',
    service: 'project',
    access: member('creator', { states: ['active'] }),
    params: idParams,
    response: projectView,
  }),
  'project.archives': route({ method: 'GET', path: '/project/archive', service: 'project', access: SIGNED_IN, query: teamQuery, response: projectList }),
  'project.archiveRevert': route({
    method: 'POST',
    path: '/project/archive/revert/{id}',
    service: 'project',
    access: member('creator', { states: ['archived'] }),
    params: idParams,
    response: projectView,
  }),
  'project.archiveDelete': route({
    method: 'DELETE',
    path: '/project/archive/{id}',
    service: 'project',
    access: member('creator', { states: ['archived'] }),
    params: idParams,
    response: nothing,
  }),
  'project.transfer': route({
    method: 'POST',
    path: '/project/transfer/{a}/{b}',
    service: 'project',
    access: member('creator', { field: 'a' }),
    params: transferParams,
    response: projectView,
  }),
  /** Files the project in one of the caller's folders (`b`; `0` is the root). Each member keeps their own filing. */
  'project.move': route({
    method: 'POST',
    path: '/project/move/{a}/{b}',
    service: 'project',
    access: member('view', { field: 'a' }),
    params: moveParams,
    response: projectView,
  }),
  'project.clone': route({
    method: 'POST',
    path: '/project/clone/{id}',
    service: 'project',
    access: member('edit'),
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
    access: member('edit', { states: ['active'] }),
    params: idParams,
    body: uploadRequestBody,
    response: uploadTicket,
  }),
  'project.attachmentFinish': route({
    method: 'POST',
    path: '/project/attachment/{id}/{fileId}',
    service: 'project',
    access: member('edit', { states: ['active'] }),
    params: uploadFinishParams,
    body: uploadFinishBody,
    response: storedFile,
  }),

  'project.members': route({
    method: 'GET',
    path: '/project/members/{id}',
    service: 'project',
    access: member('view'),
    params: idParams,
    response: z.array(projectMember),
  }),
  /** A member leaves; the creator must transfer the project first. */
  'project.quit': route({ method: 'POST', path: '/project/member/quit/{id}', service: 'project', access: member('view'), params: idParams, response: nothing }),

  // Documents (spec section 7). Reads of a public project are open to anyone; edits need the edit role.
  'document.tree': route({
    method: 'GET',
    path: '/project/document/children/all/{projectId}',
    service: 'document',
    access: member('view', { field: 'projectId', publicRead: true }),
    params: projectIdParams,
    response: z.array(documentTreeNode),
  }),
  'document.children': route({
    method: 'GET',
    path: '/project/document/children/{id}',
    service: 'document',
    access: member('view', { document: true, publicRead: true }),
    params: nodeIdParams,
    response: z.array(documentNode),
  }),
  'document.child0': route({
    method: 'GET',
    path: '/project/document/{id}/child0',
    service: 'document',
    access: member('view', { document: true, publicRead: true }),
    params: nodeIdParams,
    response: documentNode.nullable(),
  }),
  'document.get': route({
    method: 'GET',
    path: '/project/document/{id}',
    service: 'document',
    access: member('view', { document: true, publicRead: true }),
    params: documentIdParams,
    response: documentView,
  }),
  'document.create': route({
    method: 'PUT',
    path: '/project/document',
    service: 'document',
    access: member('edit', { in: 'body', field: 'projectId', states: ['active'] }),
    body: documentCreateBody,
    response: documentView,
  }),
  'document.update': route({
    method: 'POST',
    path: '/project/document',
    service: 'document',
    access: member('edit', { in: 'body', document: true, states: ['active'] }),
    body: documentUpdateBody,
    response: documentView,
  }),
  /** A folder takes its whole subtree with it. */
  'document.delete': route({
    method: 'DELETE',
    path: '/project/document/{id}',
    service: 'document',
    access: member('edit', { document: true, states: ['active'] }),
    params: documentIdParams,
    response: nothing,
  }),
  /** Moves `a` under `b` (a folder, or the project for the top level), right after `c` ('0': first). */
  'document.resort': route({
    method: 'POST',
    path: '/project/document/re-sort/{a}/{b}/{c}',
    service: 'document',
    access: member('edit', { field: 'a', document: true, states: ['active'] }),
    params: resortParams,
    response: documentNode,
  }),
  'document.copy': route({
    method: 'POST',
    path: '/project/document/copy',
    service: 'document',
    access: member('edit', { in: 'body', document: true, states: ['active'] }),
    body: copyBody,
    response: documentNode,
  }),
  'document.search': route({
    method: 'GET',
    path: '/project/document/search/{projectId}',
    service: 'document',
    access: member('view', { field: 'projectId', publicRead: true }),
    params: projectIdParams,
    query: keywordQuery,
    response: z.array(searchHit),
  }),
  'document.history': route({
    method: 'GET',
    path: '/project/document/history/{id}',
    service: 'document',
    access: member('view', { document: true }),
    params: documentIdParams,
    response: z.array(historyEntry),
  }),
  'document.historyGet': route({
    method: 'GET',
    path: '/project/document/history/{id}/{historyId}',
    service: 'document',
    access: member('view', { document: true }),
    params: historyParams,
    response: historyEntryView,
  }),
  /** Restores the version an entry preserves; the restore is itself a new save with its own entry. */
  'document.historyRevert': route({
    method: 'POST',
    path: '/project/document/history/reversion/{id}',
    service: 'document',
    access: member('edit', { document: true, states: ['active'] }),
    params: historyIdParams,
    response: documentView,
  }),

  // Folders of the console
  'folder.list': route({ method: 'GET', path: '/project/folder', service: 'project', access: SIGNED_IN, query: folderListQuery, response: folderContents }),
  'folder.save': route({ method: 'POST', path: '/project/folder', service: 'project', access: SIGNED_IN, body: folderSaveBody, response: folderView }),
  'folder.tree': route({
    method: 'GET',
    path: '/project/folder/tree/{id}',
    service: 'project',
    access: SIGNED_IN,
    params: folderTreeParams,
    response: z.array(folderNode),
  }),
  'folder.move': route({ method: 'POST', path: '/project/folder/move', service: 'project', access: SIGNED_IN, query: folderMoveQuery, response: nothing }),
  'folder.delete': route({ method: 'DELETE', path: '/project/folder/{id}', service: 'project', access: SIGNED_IN, params: idParams, response: nothing }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a handler receives after validation. */
export interface RouteInput<Id extends RouteId> {
  params: Infer<Routes[Id] extends { params: infer P } ? P : undefined>;
  query: Infer<Routes[Id] extends { query: infer Q } ? Q : undefined>;
  body: Infer<Routes[Id] extends { body: infer B } ? B : undefined>;
}

/** What a caller sends (before transforms). Keys with nothing to send may be omitted. */
export type RouteRequest<Id extends RouteId> = {
  [K in 'params' | 'query' | 'body' as Routes[Id] extends Record<K, z.ZodType> ? K : never]: InferIn<
    Routes[Id] extends Record<K, infer S> ? S : never
  >;
};

export type RouteResponse<Id extends RouteId> = z.output<Routes[Id]['response']>;

/** `METHOD /path` exactly as API Gateway names a route (its `routeKey`). */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const routeEntries = Object.entries(routes) as [RouteId, RouteDef][];

export const routeIdsOf = (service: ServiceName) =>
  routeEntries.filter(([, r]) => r.service === service).map(([id]) => id);

/** Fills `{param}` placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Catch-all API route: unknown paths still reach a handler so they answer with a catalogued error. */
export const FALLBACK_SERVICE: ServiceName = 'user';
export const CATCH_ALL_PATH = '/{proxy+}';
export const CATCH_ALL_ROUTE_KEY = `ANY ${CATCH_ALL_PATH}`;
