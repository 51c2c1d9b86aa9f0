/** Test scenarios, their folders and their runs (issue 36). */
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import {
  createScenario,
  createScenarioFolder,
  deleteScenario,
  deleteScenarioFolder,
  getRun,
  projectOfScenarioId,
  requireScenario,
  runsOf,
  saveRun,
  scenarioFoldersOf,
  scenariosOf,
  toFolderView,
  toScenarioSummary,
  toScenarioView,
  updateScenario,
  updateScenarioFolder,
} from '../../domain/scenarios';
import { editorOf } from '../../domain/users';

export const scenarioHandlers = defineHandlers({
  'scenario.list': async ({ params: { id } }) => {
    const [folders, scenarios] = await Promise.all([scenarioFoldersOf(id), scenariosOf(id)]);
    return { folders: folders.map(toFolderView), scenarios: scenarios.map(toScenarioSummary) };
  },

  'scenario.get': async ({ params: { id } }) => toScenarioView(await requireScenario(id)),

  'scenario.create': async ({ body: { projectId, ...fields } }, ctx) =>
    toScenarioView(await createScenario(projectId, fields, await editorOf(ctx.caller.userId))),

  'scenario.update': async ({ body: { id, rev, ...fields } }, ctx) =>
    toScenarioView(await updateScenario(id, fields, rev, await editorOf(ctx.caller.userId))),

  'scenario.delete': async ({ query: { id } }) => {
    await deleteScenario(id);
    return null;
  },

  'scenarioFolder.create': async ({ body: { projectId, name, parentId } }) =>
    toFolderView(await createScenarioFolder(projectId, name, parentId)),

  'scenarioFolder.update': async ({ body: { id, rev, name, parentId } }) =>
    toFolderView(await updateScenarioFolder(id, name, parentId, rev)),

  'scenarioFolder.delete': async ({ query: { id } }) => {
    await deleteScenarioFolder(id);
    return null;
  },

  'scenarioRun.save': async ({ body }, ctx) => saveRun(body, await editorOf(ctx.caller.userId)),

  'scenarioRun.list': async ({ params: { id } }) => {
    await requireScenario(id);
    return runsOf(id);
  },

  'scenarioRun.get': async ({ params: { id } }) => {
    if (!projectOfScenarioId(id)) throw new AppError('notFound');
    return getRun(id);
  },
});
