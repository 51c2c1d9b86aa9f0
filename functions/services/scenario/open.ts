/**
 * The open API's test scenario routes (issue 36): what `apiloom run` reads to run a scenario on a CI machine, and
 * the run it posts back to the scenario's history (as the CLI's, by the token, which only a `run` token may do).
 * What a run reads (domain/scenario-sources.ts) loads on the first of these reads (issue 39): the screens' routes,
 * which the service's cold starts mostly serve, never use it.
 */
import { AppError } from '../../core/app-error';
import { tokenEditor } from '../../domain/import-jobs';
import { projectOfScenarioId, saveRun } from '../../domain/scenarios';
import { defineHandlers } from '../../runtime/service';

/** The token a handler's request came with (the access check put it there). */
function tokenOf(ctx: { project: { token?: { id: string; name: string } } }) {
  const { token } = ctx.project;
  if (!token) throw new AppError('notLoggedIn');
  return token;
}

const runSources = () => import('../../domain/scenario-sources');

export const openScenarioHandlers = defineHandlers({
  'open.scenarios': async ({ query }, ctx) => (await runSources()).scenarioList(ctx.project.item.id, query.folder),

  'open.scenario': async ({ params }, ctx) => {
    const { findScenario, scenarioBundle } = await runSources();
    return scenarioBundle(await findScenario(ctx.project.item.id, params.scenario));
  },

  'open.environment': async ({ params }, ctx) => (await runSources()).runEnvironment(ctx.project.item.id, params.environment),

  'open.scenarioRunSave': async ({ body }, ctx) => {
    // The path's project is the one the token may write: a scenario of another is not found here.
    if (projectOfScenarioId(body.scenarioId) !== ctx.project.item.id) throw new AppError('notFound');
    const run = await saveRun({ ...body, place: 'cli' }, tokenEditor(tokenOf(ctx)));
    ctx.log.info('scenario run recorded', { project: ctx.project.item.id, scenario: body.scenarioId, run: run.id });
    return run;
  },
});
