/**
 * Run secrets of environments (issue 36): editors set, replace and delete them; whoever may read the project's
 * environments (members, not a public project's guests) sees their names, never a value: no route answers one.
 */
import { environmentIdParams } from '../schemas/environment';
import { runSecretDeleteQuery, runSecretSetBody, runSecretView } from '../schemas/run-secret';
import { documentBody, documentParam, onProject, query, route } from './define';
import { listOf, nothing } from './responses';

const editable = { states: ['active'] } as const;

export const runSecretRoutes = {
  /** An environment's run secrets by name (`id`: the environment). */
  'runSecret.list': route({
    method: 'GET',
    path: '/project/document/env/secret/all/{id}',
    service: 'environment',
    access: onProject(documentParam('id'), 'view'),
    params: environmentIdParams,
    response: listOf(runSecretView),
  }),
  /** Sets a run secret, or replaces its value. */
  'runSecret.set': route({
    method: 'PUT',
    path: '/project/document/env/secret',
    service: 'environment',
    access: onProject(documentBody('envId'), 'edit', editable),
    body: runSecretSetBody,
    response: runSecretView,
  }),
  'runSecret.delete': route({
    method: 'DELETE',
    path: '/project/document/env/secret',
    service: 'environment',
    access: onProject({ ...query('envId'), document: true }, 'edit', editable),
    query: runSecretDeleteQuery,
    response: nothing,
  }),
} as const;
