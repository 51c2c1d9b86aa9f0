/**
 * The open API's test scenario routes (issue 36, `apiloom run`): what a CI machine reads to run a scenario itself
 * (the scenario, the documents and models its steps need, the scenarios it calls, an environment's plain
 * variables) and the run it posts back. A `read` or `run` token reads; only a `run` token records a run.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import type { ApiContent } from './api-content';
import type { ParamItem } from './params';
import { idSchema } from './project';
import { runSummarySchema, stepResult, RUN_KEPT_STEPS, scenarioIdSchema, type ScenarioContent } from './scenario';

/** A scenario, folder or environment named by its id or by its name (a folder also by its path, `Smoke/Orders`). */
const reference = lazy(() => z.string().trim().min(1).max(500));

export const openScenarioParams = lazy(() => z.object({ projectId: idSchema, scenario: reference }));
export const openScenariosQuery = lazy(() => z.object({ folder: reference.optional() }));
export const openEnvironmentParams = lazy(() => z.object({ projectId: idSchema, environment: reference }));

export const openScenarioListItem = lazy(() =>
  z.object({ id: z.string(), name: z.string(), folderId: z.string(), folderPath: z.string(), stepCount: z.number() }),
);
/** The project's scenarios (or a folder's, its subfolders' included), by folder path then name. */
export const openScenarioList = lazy(() => z.object({ scenarios: z.array(openScenarioListItem) }));
export type OpenScenarioList = z.output<typeof openScenarioList>;

/** A document a step refers to, as the engine looks it up: its content when it is a live API document. */
export const openScenarioDocument = lazy(() =>
  z.object({
    id: z.string(),
    state: z.enum(['ok', 'deleted', 'binned', 'missing', 'notApi']),
    title: z.string(),
    content: z.custom<ApiContent>().optional(),
  }),
);

/**
 * Everything one run of a scenario reads, in one answer: the scenario, every document its steps (and the scenarios
 * it calls, followed transitively) refer to, the models those documents' responses refer to, and the called scenarios.
 */
export const openScenarioBundle = lazy(() =>
  z.object({
    scenario: openScenarioListItem.extend({ content: z.custom<ScenarioContent>() }),
    documents: z.array(openScenarioDocument),
    models: z.array(z.object({ id: z.string(), rows: z.custom<ParamItem[]>() })),
    called: z.array(z.object({ id: z.string(), name: z.string(), content: z.custom<ScenarioContent>() })),
  }),
);
export type OpenScenarioBundle = z.output<typeof openScenarioBundle>;

/** An environment as a CI run uses it: its base address and its plain variables (a secret's value never leaves). */
export const openEnvironment = lazy(() =>
  z.object({ id: z.string(), name: z.string(), baseUrl: z.string(), variables: z.record(z.string(), z.string()) }),
);
export type OpenEnvironment = z.output<typeof openEnvironment>;

/** A run made on a CI machine: recorded in the scenario's history as the CLI's, by the token. */
export const openRunSaveBody = lazy(() =>
  z.object({
    scenarioId: scenarioIdSchema,
    environmentId: z.string().max(100).default(''),
    environmentName: z.string().max(100).default(''),
    summary: runSummarySchema,
    results: z.array(stepResult).max(RUN_KEPT_STEPS),
  }),
);
export type OpenRunSaveBody = z.output<typeof openRunSaveBody>;
