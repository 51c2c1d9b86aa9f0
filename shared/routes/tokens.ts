/**
 * Project tokens (issue 26): editors make, list and revoke the tokens CI and tools call the open API with, and see
 * the project's last imports (the Sync panel: by whom or by which token, what changed). The tokens' own routes are
 * the open API's (open.ts).
 */
import {
  importHistory,
  importHistoryParams,
  projectTokenCreateBody,
  projectTokenCreated,
  projectTokenList,
  projectTokenListParams,
  projectTokenParams,
  projectTokenRevoked,
} from '../schemas/open';
import { body, documentParam, onProject, param, route } from './define';

export const tokenRoutes = {
  /** A new token: its secret is in this answer and nowhere else, ever. */
  'token.create': route({
    method: 'POST',
    path: '/project/token',
    service: 'project',
    access: onProject(body('projectId'), 'edit', { states: ['active'] }),
    body: projectTokenCreateBody,
    response: projectTokenCreated,
  }),
  'token.list': route({
    method: 'GET',
    path: '/project/token/list/{projectId}',
    service: 'project',
    access: onProject(param('projectId'), 'edit'),
    params: projectTokenListParams,
    response: projectTokenList,
  }),
  /** Revoked at once: the token's next request is refused. A token id carries its project id. */
  'token.revoke': route({
    method: 'DELETE',
    path: '/project/token/{id}',
    service: 'project',
    access: onProject(documentParam('id'), 'edit'),
    params: projectTokenParams,
    response: projectTokenRevoked,
  }),
  /** The project's last imports, newest first (kept 30 days, as jobs are). */
  'import.history': route({
    method: 'GET',
    path: '/project/import/history/{projectId}',
    service: 'project',
    access: onProject(param('projectId'), 'edit'),
    params: importHistoryParams,
    response: importHistory,
  }),
} as const;
