/**
 * Environments, variables and global parameters (spec sections 2, 3 and 7; issue 24). Editors manage them;
 * whoever reads the project (a public project's guests too) reads them, to run requests. The reader of a share of
 * the whole project reads its global parameters (they show in every HTTP API document's view); a share of some
 * documents reads them as empty (issue 37). Nothing else here is a share's.
 *
 * A service of their own (`environment`): the document function's bundle is at its size budget (400 KB, issue 9),
 * and these routes share nothing with the document tree but the project's partition.
 *
 * Environment and variable ids carry their project id (shared/schemas/environment.ts), so the routes that name only
 * an environment or a variable locate their project without a read, as document routes do.
 */
import {
  environmentCreateBody,
  environmentIdParams,
  environmentIdQuery,
  environmentIdSchema,
  environmentUpdateBody,
  environmentView,
  globalParamsBody,
  globalParamsView,
  variableCreateBody,
  variableIdParams,
  variableUpdateBody,
  variableView,
} from '../schemas/environment';
import { projectIdParams } from '../schemas/document';
import { idParams, idSchema } from '../schemas/project';
import { body, documentBody, documentParam, onProject, param, query, route } from './define';
import { pathParams } from './path-params';
import { listOf, nothing } from './responses';

const editable = { states: ['active'] } as const;
const inQuery = (field: string) => ({ ...query(field), document: true }) as const;

export const environmentRoutes = {
  'globalParam.get': route({
    method: 'GET',
    path: '/project/document/global-param/{projectId}',
    service: 'environment',
    access: onProject(param('projectId'), 'view', { publicRead: true, shareToken: true }),
    params: projectIdParams,
    response: globalParamsView,
  }),
  'globalParam.save': route({
    method: 'POST',
    path: '/project/document/global-param',
    service: 'environment',
    access: onProject(body('projectId'), 'edit', editable),
    body: globalParamsBody,
    response: globalParamsView,
  }),

  /** Every environment of a project (`id`: the project), with its variables. */
  'env.list': route({
    method: 'GET',
    path: '/project/document/env/all/{id}',
    service: 'environment',
    access: onProject(param('id'), 'view', { publicRead: true }),
    params: idParams,
    response: listOf(environmentView),
  }),
  'env.get': route({
    method: 'GET',
    path: '/project/document/env/detail/{id}',
    service: 'environment',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: environmentIdParams,
    response: environmentView,
  }),
  'env.create': route({
    method: 'PUT',
    path: '/project/document/env',
    service: 'environment',
    access: onProject(body('projectId'), 'edit', editable),
    body: environmentCreateBody,
    response: environmentView,
  }),
  /** Name, base address, default variable and global parameters, against the revision the editor read. */
  'env.update': route({
    method: 'POST',
    path: '/project/document/env',
    service: 'environment',
    access: onProject(documentBody('id'), 'edit', editable),
    body: environmentUpdateBody,
    response: environmentView,
  }),
  'env.delete': route({
    method: 'DELETE',
    path: '/project/document/env',
    service: 'environment',
    access: onProject(inQuery('id'), 'edit', editable),
    query: environmentIdQuery,
    response: nothing,
  }),
  /**
   * Copies environment `b` of project `a` into a new environment of the same project, named "<name> copy", with
   * its variables (new ids; secrets still without a stored value) and its global parameters. Read as project and
   * environment, like `/project/document/variable/{a}/{b}`; copying across projects is not offered (a project's
   * environments are its own, and access is checked on one project).
   */
  'env.duplicate': route({
    method: 'PUT',
    path: '/project/document/env/duplicate/{a}/{b}',
    service: 'environment',
    access: onProject(param('projectId'), 'edit', editable),
    ...pathParams({ a: ['projectId', idSchema], b: ['envId', environmentIdSchema] }),
    response: environmentView,
  }),

  'variable.create': route({
    method: 'PUT',
    path: '/project/document/variable',
    service: 'environment',
    access: onProject(documentBody('envId'), 'edit', editable),
    body: variableCreateBody,
    response: variableView,
  }),
  'variable.update': route({
    method: 'POST',
    path: '/project/document/variable',
    service: 'environment',
    access: onProject(documentBody('id'), 'edit', editable),
    body: variableUpdateBody,
    response: variableView,
  }),
  /** The variables of environment `b` of project `a`. */
  'variable.list': route({
    method: 'GET',
    path: '/project/document/variable/{a}/{b}',
    service: 'environment',
    access: onProject(param('projectId'), 'view', { publicRead: true }),
    ...pathParams({ a: ['projectId', idSchema], b: ['envId', environmentIdSchema] }),
    response: listOf(variableView),
  }),
  'variable.delete': route({
    method: 'DELETE',
    path: '/project/document/variable/{id}',
    service: 'environment',
    access: onProject(documentParam('id'), 'edit', editable),
    params: variableIdParams,
    response: nothing,
  }),
} as const;
