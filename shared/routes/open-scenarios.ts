/**
 * The open API's test scenario routes (issue 36, `apiloom run`): a `read` or `run` token reads a project's
 * scenarios, one scenario with everything a run of it reads, and an environment's plain variables; only a `run`
 * token records a run. Served by the scenario service (its domain is already there; the open service is at its
 * budget), under the open API's addresses (./open-addresses.ts).
 */
import { openProjectParams } from '../schemas/open';
import {
  openEnvironment,
  openEnvironmentParams,
  openRunSaveBody,
  openScenarioBundle,
  openScenarioList,
  openScenarioParams,
  openScenariosQuery,
} from '../schemas/open-scenario';
import { runListItem } from '../schemas/scenario';
import { route, withToken } from './define';
import { openAddresses } from './open-addresses';

export const openScenarioRoutes = {
  /**
   * The project's test scenarios (issue 36), or a folder's (by id, name or path; its subfolders' too): what
   * `apiloom run --folder` runs.
   */
  'open.scenarios': route({
    ...openAddresses['open.scenarios'],
    service: 'scenario',
    access: withToken(['read', 'run']),
    params: openProjectParams,
    query: openScenariosQuery,
    response: openScenarioList,
  }),
  /** A scenario by id or name, with the documents, models and called scenarios a run of it reads. */
  'open.scenario': route({
    ...openAddresses['open.scenario'],
    service: 'scenario',
    access: withToken(['read', 'run']),
    params: openScenarioParams,
    response: openScenarioBundle,
  }),
  /** An environment by id or name: its base address and plain variables (never a secret's value). */
  'open.environment': route({
    ...openAddresses['open.environment'],
    service: 'scenario',
    access: withToken(['read', 'run']),
    params: openEnvironmentParams,
    response: openEnvironment,
  }),
  /** Records a run made on a CI machine in its scenario's history (place `cli`, by the token): `run` tokens only. */
  'open.scenarioRunSave': route({
    ...openAddresses['open.scenarioRunSave'],
    service: 'scenario',
    access: withToken('run', ['active']),
    params: openProjectParams,
    body: openRunSaveBody,
    response: runListItem,
  }),
} as const;
