/**
 * Server runs of test scenarios (issue 36): an editor starts a run on the server with an environment, and whoever
 * reads the project follows it; the run itself is a job of the `run-scenario` worker (shared/jobs.ts), its results
 * kept in the scenario's history like a browser's or the CLI's.
 */
import { scenarioIdParams } from '../schemas/scenario';
import { scenarioJobView, scenarioRunStartBody } from '../schemas/scenario-job';
import { documentBody, documentParam, onProject, route } from './define';

export const scenarioJobRoutes = {
  /** Starts a run of the scenario on the server; refused past the project's runs at once (`scenarioRunsBusy`). */
  'scenarioJob.start': route({
    method: 'PUT',
    path: '/project/scenario/job',
    service: 'scenario',
    access: onProject(documentBody('scenarioId'), 'edit', { states: ['active'] }),
    body: scenarioRunStartBody,
    response: scenarioJobView,
  }),
  /** A server run's state and progress (`id`: the job); its results are the run `runId` once done. */
  'scenarioJob.get': route({
    method: 'GET',
    path: '/project/scenario/job/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: scenarioJobView,
  }),
} as const;
