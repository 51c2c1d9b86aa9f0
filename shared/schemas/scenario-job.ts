/**
 * Server runs of a test scenario (issue 36): a run is a job of the `run-scenario` worker, its state and progress in
 * the table, its results kept in the scenario's run history (`scenarioRun.get` with the job's `runId`) once done.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { scenarioIdSchema } from './scenario';

/** Server runs of one project going at once; one more is refused (`scenarioRunsBusy`). */
export const SCENARIO_RUNS_AT_ONCE = 3;

export const SCENARIO_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type ScenarioJobState = (typeof SCENARIO_JOB_STATES)[number];

/** Where a job came from: a person's start, or a schedule. */
export const SCENARIO_JOB_PLACES = ['server', 'schedule'] as const;

export const scenarioRunStartBody = lazy(() =>
  z.object({
    scenarioId: scenarioIdSchema,
    /** The environment the run uses (its base URL, variables and run secrets); empty: none. */
    environmentId: z.string().trim().max(100).default(''),
    /** Runs without a data set: this many iterations (a data set runs once per row). */
    iterations: z.number().int().min(1).max(10_000).default(1),
    /** Stop at the first failed step. */
    bail: z.boolean().default(false),
  }),
);
export type ScenarioRunStart = z.output<typeof scenarioRunStartBody>;

export const scenarioJobView = lazy(() =>
  z.object({
    id: z.string(),
    scenarioId: z.string(),
    environmentId: z.string(),
    place: z.enum(SCENARIO_JOB_PLACES),
    state: z.enum(SCENARIO_JOB_STATES),
    progress: z.object({ iterationsDone: z.number(), iterations: z.number(), requests: z.number() }),
    /** The run in the scenario's history, once done (`scenarioRun.get`). */
    runId: z.string().nullable(),
    error: z.object({ code: z.number(), message: z.string() }).nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type ScenarioJobView = z.output<typeof scenarioJobView>;
