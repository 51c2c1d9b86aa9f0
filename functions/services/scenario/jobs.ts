/**
 * Server runs of test scenarios (issue 36): the start checks the scenario and environment, takes one of the
 * project's places for a run with the job (or refuses, `scenarioRunsBusy`) and invokes the `run-scenario` worker
 * (asynchronously in AWS, after the answer locally); the client polls the job. A poll that finds the run's lease
 * lapsed (its function died) invokes the worker again, which resumes from the first iteration not done.
 */
import { AppError } from '../../core/app-error';
import { getEnvironment } from '../../domain/environments';
import { leaseLapsed } from '../../domain/jobs';
import { createScenarioJob, requireScenarioJob, toScenarioJobView } from '../../domain/scenario-runs';
import { projectOfScenarioId, requireScenario } from '../../domain/scenarios';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';
import { invokeWorker } from '../../runtime/workers';

export const scenarioJobHandlers = defineHandlers({
  'scenarioJob.start': async ({ body }, ctx) => {
    const scenario = await requireScenario(body.scenarioId);
    if (body.environmentId && !(await getEnvironment(scenario.projectId, body.environmentId))) {
      throw new AppError('scenarioRunEnvironment');
    }
    const job = await createScenarioJob({
      projectId: scenario.projectId,
      scenarioId: scenario.id,
      environmentId: body.environmentId,
      iterations: body.iterations,
      bail: body.bail,
      place: 'server',
      by: await editorOf(ctx.caller.userId),
    });
    await invokeWorker('run-scenario', { projectId: job.projectId, jobId: job.id });
    ctx.log.info('scenario run started', { project: job.projectId, job: job.id });
    return toScenarioJobView(job, ctx.locale);
  },

  'scenarioJob.get': async ({ params: { id } }, ctx) => {
    if (!projectOfScenarioId(id)) throw new AppError('notFound');
    const job = await requireScenarioJob(id);
    if (leaseLapsed(job)) {
      ctx.log.warn('scenario run lease lapsed: invoking the worker again', { job: job.id, attempts: job.attempts });
      await invokeWorker('run-scenario', { projectId: job.projectId, jobId: job.id });
    }
    return toScenarioJobView(job, ctx.locale);
  },
});
