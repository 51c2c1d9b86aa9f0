/**
 * Test scenarios (issue 36): a project's scenarios in folders of their own beside the document tree, and their
 * runs. Editors create, edit and delete scenarios and folders and record runs; whoever reads the project reads
 * them and their runs (a public project's guests too, as they read environments).
 *
 * A service of its own (`scenario`): nothing here is on a document route's path, and the engine it will carry for
 * server runs stays out of the other bundles. Scenario, folder and run ids carry their project id.
 */
import { idParams } from '../schemas/project';
import {
  runListItem,
  runSaveBody,
  runView,
  scenarioCreateBody,
  scenarioFolderCreateBody,
  scenarioFolderUpdateBody,
  scenarioFolderView,
  scenarioIdParams,
  scenarioIdQuery,
  scenarioListView,
  scenarioUpdateBody,
  scenarioView,
} from '../schemas/scenario';
import { body, documentBody, documentParam, onProject, param, query, route } from './define';
import { listOf, nothing } from './responses';

const editable = { states: ['active'] } as const;
const inQuery = (field: string) => ({ ...query(field), document: true }) as const;

export const scenarioRoutes = {
  /** A project's scenario folders and scenarios (`id`: the project), each with its last runs' outcomes. */
  'scenario.list': route({
    method: 'GET',
    path: '/project/scenario/all/{id}',
    service: 'scenario',
    access: onProject(param('id'), 'view', { publicRead: true }),
    params: idParams,
    response: scenarioListView,
  }),
  /** One scenario with its steps, and the state of every document its steps refer to (deleted ones flagged). */
  'scenario.get': route({
    method: 'GET',
    path: '/project/scenario/detail/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: scenarioView,
  }),
  'scenario.create': route({
    method: 'PUT',
    path: '/project/scenario',
    service: 'scenario',
    access: onProject(body('projectId'), 'edit', editable),
    body: scenarioCreateBody,
    response: scenarioView,
  }),
  /** Name, folder and steps, against the revision the editor read. */
  'scenario.update': route({
    method: 'POST',
    path: '/project/scenario',
    service: 'scenario',
    access: onProject(documentBody('id'), 'edit', editable),
    body: scenarioUpdateBody,
    response: scenarioView,
  }),
  'scenario.delete': route({
    method: 'DELETE',
    path: '/project/scenario',
    service: 'scenario',
    access: onProject(inQuery('id'), 'edit', editable),
    query: scenarioIdQuery,
    response: nothing,
  }),

  'scenarioFolder.create': route({
    method: 'PUT',
    path: '/project/scenario/folder',
    service: 'scenario',
    access: onProject(body('projectId'), 'edit', editable),
    body: scenarioFolderCreateBody,
    response: scenarioFolderView,
  }),
  'scenarioFolder.update': route({
    method: 'POST',
    path: '/project/scenario/folder',
    service: 'scenario',
    access: onProject(documentBody('id'), 'edit', editable),
    body: scenarioFolderUpdateBody,
    response: scenarioFolderView,
  }),
  /** A folder that is empty (no scenario, no folder in it). */
  'scenarioFolder.delete': route({
    method: 'DELETE',
    path: '/project/scenario/folder',
    service: 'scenario',
    access: onProject(inQuery('id'), 'edit', editable),
    query: scenarioIdQuery,
    response: nothing,
  }),

  /** Records a run made in a browser or by the CLI: who, when, where, the environment, every step's result. */
  'scenarioRun.save': route({
    method: 'PUT',
    path: '/project/scenario/run',
    service: 'scenario',
    access: onProject(documentBody('scenarioId'), 'edit', editable),
    body: runSaveBody,
    response: runListItem,
  }),
  /** A scenario's runs, newest first (`id`: the scenario), without their step results. */
  'scenarioRun.list': route({
    method: 'GET',
    path: '/project/scenario/run/all/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: listOf(runListItem),
  }),
  /** One run with every step's result. */
  'scenarioRun.get': route({
    method: 'GET',
    path: '/project/scenario/run/detail/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: runView,
  }),
} as const;
