/**
 * Server runs of test scenarios (issue 36): a run is a job of the `run-scenario` worker under the lease every job
 * kind runs under (domain/jobs.ts), one item in its project's partition (scenarioKeys.job). Its id is the id of the
 * run it keeps in the scenario's history, so keeping the run twice (a run that died between keeping it and
 * finishing the job, taken over) keeps it once.
 *
 * A run survives its function's time limit the way imports do: the results of each finished iteration go to S3 as
 * parts (scenarioKeys.jobPartObject) before the job's progress says they are done, so a run taken over, or invoked
 * again after letting go, resumes from the first iteration not done. Once the last iteration is done the parts
 * become the run (`saveRun`) and go.
 *
 * A project has SCENARIO_RUNS_AT_ONCE places for runs (scenarioKeys.runSlot): a job is created in the same
 * transaction that takes a free place, so two starts racing for the last place cannot both win. A place is held
 * until its job ends or, should the job be lost, until the run's longest time is over.
 */
import * as z from 'zod';
import { ERRORS, type ErrorKey } from '@shared/errors';
import { lazy } from '@shared/lazy';
import { translate, type Locale } from '@shared/messages';
import type { DocumentLookup, ScenarioSources } from '@shared/scenarios/engine';
import { RUN_LIMITS } from '@shared/scenarios/engine';
import { stepResult, type RunSaveBody, type StoredStepResult } from '@shared/schemas/scenario';
import { SCENARIO_JOB_PLACES, SCENARIO_JOB_STATES, SCENARIO_RUNS_AT_ONCE, type ScenarioJobView } from '@shared/schemas/scenario-job';
import type { ParamItem } from '@shared/schemas/params';
import { ConditionFailed, deleteItem, eq, getItem, lt, notExists, or, transact } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys, scenarioKeys } from '../data/keys';
import { deleteObjects, getObjectText, putObject } from '../data/s3';
import { AppError } from '../core/app-error';
import { isBinned } from './document-bin';
import { getNode, readDocumentContentOfRev } from './documents';
import { jobLease, type TakenJob } from './jobs';
import { getScenario, getRun, newScenarioId, readScenarioContent, saveRun } from './scenarios';

/** A run renews its lease at least this often (a heartbeat beside its progress); a run silent for a lease is dead. */
export const SCENARIO_JOB_LEASE_MS = 2 * 60_000;
/** How long a place is held at most: the run's 30 minutes, and a lease's time for a lost run to be noticed. */
const SLOT_HOLD_MS = RUN_LIMITS.durationMs + 2 * SCENARIO_JOB_LEASE_MS;
/** A job is kept a week (DynamoDB's TTL); its run stays in the history. */
const JOB_KEPT_SECONDS = 7 * 86_400;

const tally = lazy(() =>
  z.object({
    requests: z.number(),
    steps: z.object({ passed: z.number(), failed: z.number(), skipped: z.number() }),
    checks: z.object({ passed: z.number(), failed: z.number() }),
  }),
);
export type ScenarioJobTally = z.infer<typeof tally>;
export const emptyTally = (): ScenarioJobTally => ({
  requests: 0,
  steps: { passed: 0, failed: 0, skipped: 0 },
  checks: { passed: 0, failed: 0 },
});

export const scenarioJobRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    scenarioId: z.string(),
    environmentId: z.string(),
    place: z.enum(SCENARIO_JOB_PLACES),
    /** The schedule that fired the run ('' for a person's start). */
    scheduleId: z.string(),
    /** Iterations when the scenario has no data set. */
    iterations: z.number(),
    bail: z.boolean(),
    state: z.enum(SCENARIO_JOB_STATES),
    progress: z.object({ iterationsDone: z.number(), iterations: z.number(), requests: z.number() }),
    /** What the finished iterations add up to (their results are in `parts` objects). */
    tally,
    parts: z.number(),
    /** When the first run took the job (ms): the 30 minutes count from here, across every resumption. */
    firstStartedAt: z.number().nullable(),
    /** The place (scenarioKeys.runSlot) the job holds. */
    slot: z.number(),
    runId: z.string().nullable(),
    error: z.object({ key: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])) }).nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    startedAt: z.string().nullable(),
    leaseUntil: z.number().nullable(),
    attempts: z.number(),
    finishedAt: z.string().nullable(),
    expiresAt: z.number(),
  }),
);
export type ScenarioJobRecord = z.infer<typeof scenarioJobRecord>;

export const scenarioJobEntity = defineEntity({
  name: 'scenarioJob',
  schema: scenarioJobRecord,
  key: (j: Pick<ScenarioJobRecord, 'projectId' | 'id'>) => scenarioKeys.job(j.projectId, j.id),
});
export const scenarioRunLease = jobLease('scenarioRun', scenarioJobEntity, SCENARIO_JOB_LEASE_MS);

const runSlotRecord = lazy(() => z.object({ projectId: z.string(), slot: z.number(), jobId: z.string(), heldUntil: z.number() }));
export const scenarioRunSlotEntity = defineEntity({
  name: 'scenarioRunSlot',
  schema: runSlotRecord,
  key: (s: { projectId: string; slot: number }) => scenarioKeys.runSlot(s.projectId, s.slot),
});

export interface NewScenarioJob {
  projectId: string;
  scenarioId: string;
  environmentId: string;
  iterations: number;
  bail: boolean;
  place: ScenarioJobRecord['place'];
  scheduleId?: string;
  by: { id: string; name: string };
}

/**
 * A new job, queued, in a free place of its project's: the job, its place and the project's being active in one
 * transaction per place tried. Refused with `scenarioRunsBusy` when every place is held.
 */
export async function createScenarioJob(job: NewScenarioJob, now = Date.now()): Promise<ScenarioJobRecord> {
  const record: ScenarioJobRecord = {
    id: newScenarioId(job.projectId),
    projectId: job.projectId,
    scenarioId: job.scenarioId,
    environmentId: job.environmentId,
    place: job.place,
    scheduleId: job.scheduleId ?? '',
    iterations: job.iterations,
    bail: job.bail,
    state: 'queued',
    progress: { iterationsDone: 0, iterations: 0, requests: 0 },
    tally: emptyTally(),
    parts: 0,
    firstStartedAt: null,
    slot: 0,
    runId: null,
    error: null,
    createdAt: new Date(now).toISOString(),
    createdBy: job.by.id,
    createdByName: job.by.name,
    startedAt: null,
    leaseUntil: null,
    attempts: 0,
    finishedAt: null,
    expiresAt: Math.floor(now / 1000) + JOB_KEPT_SECONDS,
  };
  for (let slot = 0; slot < SCENARIO_RUNS_AT_ONCE; slot++) {
    const placed = { ...record, slot };
    const taken = await transact(
      [
        { check: keys.project(job.projectId), when: eq('state', 'active'), failure: () => new AppError('wrongState') },
        scenarioJobEntity.putOp(placed, notExists()),
        scenarioRunSlotEntity.putOp(
          { projectId: job.projectId, slot, jobId: placed.id, heldUntil: now + SLOT_HOLD_MS },
          or(notExists(), lt('heldUntil', now)),
          () => undefined,
        ),
      ],
      undefined,
    );
    if (taken) return placed;
  }
  throw new AppError('scenarioRunsBusy', { max: SCENARIO_RUNS_AT_ONCE });
}

/** The job's place let go (when the job still holds it: a place past its hold may be another job's by now). */
const releaseSlot = (job: Pick<ScenarioJobRecord, 'projectId' | 'slot' | 'id'>) =>
  deleteItem(scenarioKeys.runSlot(job.projectId, job.slot), { when: eq('jobId', job.id), failure: () => undefined });

export const getScenarioJob = async (projectId: string, jobId: string) =>
  scenarioJobEntity.parse(await getItem(scenarioKeys.job(projectId, jobId), { consistent: true }));

export async function requireScenarioJob(jobId: string): Promise<ScenarioJobRecord> {
  const job = await getScenarioJob(jobId.slice(0, jobId.lastIndexOf('_')), jobId);
  if (!job) throw new AppError('notFound');
  return job;
}

export function toScenarioJobView(job: ScenarioJobRecord, locale: Locale): ScenarioJobView {
  const errorKey = job.error?.key as ErrorKey | undefined;
  return {
    id: job.id,
    scenarioId: job.scenarioId,
    environmentId: job.environmentId,
    place: job.place,
    state: job.state,
    progress: job.progress,
    runId: job.runId,
    error:
      job.error && errorKey && errorKey in ERRORS
        ? { code: ERRORS[errorKey].code, message: translate(locale, `error.${errorKey}`, job.error.params) }
        : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}

/** The finished iterations of one stretch of a run: their step results and outcomes. */
export interface ScenarioJobPart {
  results: StoredStepResult[];
  iterations: { index: number; name: string; passed: boolean }[];
}

/**
 * A stretch of finished iterations kept: its part in S3 first, then the job's progress (under the lease), so the
 * progress never names an iteration whose results are not kept.
 */
export async function keepScenarioJobPart(
  run: ScenarioJobRecord,
  part: ScenarioJobPart,
  progress: ScenarioJobRecord['progress'],
  added: ScenarioJobTally,
): Promise<ScenarioJobRecord> {
  await putObject(scenarioKeys.jobPartObject(run.projectId, run.id, run.parts), JSON.stringify(part), 'application/json');
  const next = {
    ...run,
    parts: run.parts + 1,
    progress,
    tally: {
      requests: run.tally.requests + added.requests,
      steps: {
        passed: run.tally.steps.passed + added.steps.passed,
        failed: run.tally.steps.failed + added.steps.failed,
        skipped: run.tally.steps.skipped + added.steps.skipped,
      },
      checks: { passed: run.tally.checks.passed + added.checks.passed, failed: run.tally.checks.failed + added.checks.failed },
    },
  };
  await scenarioRunLease.renew(run, { parts: next.parts, progress: next.progress, tally: next.tally });
  return next;
}

/** The first run's start, kept once (the 30 minutes count from it). */
export const markScenarioJobStarted = (run: ScenarioJobRecord, at: number) => scenarioRunLease.write(run, { firstStartedAt: at });

const partsOf = async (job: Pick<ScenarioJobRecord, 'projectId' | 'id' | 'parts'>): Promise<ScenarioJobPart[]> => {
  const parts: ScenarioJobPart[] = [];
  // One after another: a run's parts together are its results, which the saved run holds whole anyway.
  for (let i = 0; i < job.parts; i++)
    parts.push(JSON.parse(await getObjectText(scenarioKeys.jobPartObject(job.projectId, job.id, i))) as ScenarioJobPart);
  return parts;
};

export interface ScenarioJobEnd {
  environmentName: string;
  stoppedBy?: RunSaveBody['summary']['stoppedBy'];
  stopDetail?: string;
  durationMs: number;
}

/**
 * The run kept in the scenario's history (its id the job's), then the job done with it, its place let go and its
 * parts deleted. A run already kept (this is a second attempt at the end) is not kept again.
 */
export async function finishScenarioJob(run: ScenarioJobRecord, end: ScenarioJobEnd): Promise<void> {
  const parts = await partsOf(run);
  const iterations = parts.flatMap((p) => p.iterations);
  const results = parts.flatMap((p) => p.results);
  const failed = run.tally.steps.failed > 0 || (end.stoppedBy !== undefined && end.stoppedBy !== 'bail');
  const body: RunSaveBody = {
    scenarioId: run.scenarioId,
    place: run.place,
    environmentId: run.environmentId,
    environmentName: end.environmentName,
    summary: {
      status: failed ? 'failed' : 'passed',
      startedAt: run.firstStartedAt ?? Date.now(),
      durationMs: Math.max(0, end.durationMs),
      iterations,
      requests: run.tally.requests,
      steps: run.tally.steps,
      checks: run.tally.checks,
      ...(end.stoppedBy ? { stoppedBy: end.stoppedBy } : {}),
      ...(end.stopDetail ? { stopDetail: end.stopDetail.slice(0, 2_000) } : {}),
    },
    results: z.array(stepResult).parse(results),
  };
  try {
    await saveRun(body, { id: run.createdBy, name: run.createdByName }, run.id);
  } catch (error) {
    // Kept by an earlier attempt that died before finishing the job: the run is there, the job is finished now.
    if (!(error instanceof ConditionFailed) || !(await getRun(run.id).catch(() => undefined))) throw error;
  }
  await scenarioRunLease.finish(run, { runId: run.id });
  await Promise.all([releaseSlot(run), deleteParts(run)]);
}

/** The job failed with why (by the run that holds it), its place let go and its parts deleted. */
export async function failScenarioJob(run: ScenarioJobRecord, key: ErrorKey, params: Record<string, string | number> = {}) {
  const failed = await scenarioRunLease.fail(run, key, params);
  if (failed) await Promise.all([releaseSlot(run), deleteParts(run)]);
  return failed;
}

async function deleteParts(job: Pick<ScenarioJobRecord, 'projectId' | 'id' | 'parts'>) {
  const partKeys = Array.from({ length: job.parts }, (_, i) => scenarioKeys.jobPartObject(job.projectId, job.id, i));
  if (partKeys.length) await deleteObjects(partKeys);
}

/** Lets go of the job so that the next invocation takes it at once (the function's time is nearly over). */
export const letGoOfScenarioJob = (run: TakenJob) => scenarioRunLease.lapse(run, 0);

/**
 * What the engine reads of the project on the server: its documents (deleted, binned or gone ones named so the
 * run fails with that reason), its data models, and the scenarios a step calls (of the same project only).
 */
export function projectScenarioSources(projectId: string): ScenarioSources {
  const sameProject = (id: string) => id.slice(0, id.lastIndexOf('_')) === projectId;
  return {
    async document(id): Promise<DocumentLookup> {
      if (!sameProject(id)) return { state: 'missing', id };
      const node = await getNode(projectId, id);
      if (!node) return { state: (await isBinned(projectId, id)) ? 'binned' : 'deleted', id };
      if (node.type !== 'api') return { state: 'notApi', id, title: node.name };
      const typed = await readDocumentContentOfRev(node);
      if (typed.type !== 'api') return { state: 'notApi', id, title: node.name };
      return { state: 'ok', id, title: node.name, content: typed.content };
    },
    async model(id): Promise<ParamItem[] | undefined> {
      if (!sameProject(id)) return undefined;
      const node = await getNode(projectId, id);
      if (!node || node.type !== 'model') return undefined;
      const typed = await readDocumentContentOfRev(node);
      return typed.type === 'model' ? typed.content.schema : undefined;
    },
    async scenario(id) {
      if (!sameProject(id)) return undefined;
      const found = await getScenario(projectId, id);
      return found ? { name: found.name, content: readScenarioContent(found) } : undefined;
    },
  };
}
