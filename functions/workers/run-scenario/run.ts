/**
 * One server run of a test scenario (issue 36): the shared engine (shared/scenarios/engine.ts) over the guarded
 * fetch (the proxy's `sendRun`: public addresses only, 28 s per request, the body caps), its results kept per
 * iteration as the job's parts (domain/scenario-runs.ts) and, once the last iteration is done, as a run in the
 * scenario's history.
 *
 * The function's time limit (15 minutes) is shorter than a run's (30 minutes): when little time is left, the run
 * stops at the end of an iteration, keeps what is done, lets go of the job and invokes the worker again, which
 * takes the job and resumes from the next iteration. A run whose function died (no time to let go) is resumed the
 * same way once its lease lapses (the next poll invokes the worker). Within one invocation the environment a
 * script changed carries from iteration to iteration, as in the browser; across a resumption it starts again from
 * the stored environment.
 */
import { DEFAULT_LOCALE } from '@shared/constants';
import { RUN_LIMITS, runScenario, type StepResult } from '@shared/scenarios/engine';
import { DataSetError, readDataSet, type DataRow } from '@shared/scenarios/data-set';
import { RUN_KEPT_BODY_CHARS, type StoredStepResult } from '@shared/schemas/scenario';
import { chaiSource } from '@shared/script-sandbox/chai-source';
import { createScriptSandbox } from '@shared/script-sandbox/sandbox';
import { scenarioScripts } from '@shared/script-sandbox/scenario';
import type { Logger } from '../../core/logger';
import { AppError } from '../../core/app-error';
import { getEnvironment } from '../../domain/environments';
import { openRunSecrets } from '../../domain/run-secrets';
import { LeaseLost } from '../../domain/jobs';
import {
  emptyTally,
  failScenarioJob,
  finishScenarioJob,
  getScenarioJob,
  keepScenarioJobPart,
  letGoOfScenarioJob,
  markScenarioJobStarted,
  projectScenarioSources,
  scenarioRunLease,
  type ScenarioJobPart,
  type ScenarioJobRecord,
  type ScenarioJobTally,
} from '../../domain/scenario-runs';
import { fireSchedule, type ScheduleEvent } from '../../domain/schedules';
import { getScenario, readScenarioContent } from '../../domain/scenarios';
import { sendRun, type ProxyGuard } from '../../services/proxy/send';

export interface RunScenarioEvent {
  projectId: string;
  jobId: string;
}

export interface RunScenarioOptions {
  log: Logger;
  /** The function's time left (Lambda's `getRemainingTimeInMillis`); without, the run has all the time it needs. */
  remainingMs?: () => number;
  /** Invokes the worker again for the rest of the run. */
  reinvoke: (event: RunScenarioEvent) => Promise<void>;
  /** TEST ONLY (the bench, the tests): what the guard admits. The deployed worker passes none. */
  guard?: ProxyGuard;
  /** Step results kept per part at most (a part is also kept when PART_EVERY_MS has passed). */
  partResults?: number;
}

/** With less time left than this, the run stops at the end of the iteration it is in. */
export const YIELD_MARGIN_MS = 120_000;
/** With less time left than this, the run stops at once (a request may take 28 s; the results need a moment). */
const ABORT_MARGIN_MS = 35_000;
/** The lease is renewed this often while the run goes (an iteration may be long: 20 slow steps). */
const HEARTBEAT_MS = 30_000;
const PART_RESULTS = 1_000;
const PART_EVERY_MS = 10_000;

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** Run secrets' values as a stored result never shows them (what an answer echoed, what a request sent). */
const HIDDEN = '******';
/** Replaces every secret value in a step result, as written and as JSON escapes it. */
export function secretHider(secrets: readonly string[]): (r: StepResult) => StepResult {
  const forms = [...new Set(secrets.filter((s) => s.length > 0).flatMap((s) => [JSON.stringify(s).slice(1, -1), s]))].sort(
    (a, b) => b.length - a.length,
  );
  if (!forms.length) return (r) => r;
  return (r) => {
    let json = JSON.stringify(r);
    for (const form of forms) json = json.split(form).join(HIDDEN);
    return JSON.parse(json) as StepResult;
  };
}

/** A step result as the run keeps it: bodies and values cut at RUN_KEPT_BODY_CHARS (the engine cut the answer's). */
export function keptResult(r: StepResult): StoredStepResult {
  return {
    ...r,
    iterationName: cut(r.iterationName, 200),
    name: cut(r.name, 100),
    trail: r.trail.slice(0, 50).map((t) => cut(t, 200)),
    ...(r.request
      ? { request: { ...r.request, ...(r.request.body !== undefined ? { body: cut(r.request.body, RUN_KEPT_BODY_CHARS) } : {}) } }
      : {}),
    ...(r.response
      ? {
          response: {
            ...r.response,
            body: cut(r.response.body, RUN_KEPT_BODY_CHARS),
            bodyCut: r.response.bodyCut || r.response.body.length > RUN_KEPT_BODY_CHARS,
          },
        }
      : {}),
    checks: r.checks
      .slice(0, 500)
      .map((c) => ({ ...c, target: cut(c.target, 1_000), expected: cut(c.expected, 10_000), actual: cut(c.actual, 10_000) })),
    extracted: Object.fromEntries(Object.entries(r.extracted).map(([k, v]) => [k, cut(v, RUN_KEPT_BODY_CHARS)])),
    ...(r.error ? { error: { code: r.error.code, detail: cut(r.error.detail, 2_000) } } : {}),
    ...(r.missingVariables ? { missingVariables: r.missingVariables.slice(0, 100) } : {}),
  };
}

/** What some step results add to a run's tally. */
function tallyOf(results: readonly StoredStepResult[]): ScenarioJobTally {
  const t = emptyTally();
  for (const r of results) {
    if (r.request) t.requests++;
    if (r.status === 'passed') t.steps.passed++;
    else if (r.status === 'skipped') t.steps.skipped++;
    else t.steps.failed++;
    for (const c of r.checks) {
      if (c.passed) t.checks.passed++;
      else t.checks.failed++;
    }
  }
  return t;
}

/** The run's iterations: the data set's rows, or `iterations` unnamed ones. */
function iterationRows(job: ScenarioJobRecord, dataSet: Parameters<typeof readDataSet>[0] | null): DataRow[] {
  const rows = dataSet ? readDataSet(dataSet) : [];
  if (rows.length) return rows.slice(0, RUN_LIMITS.iterations);
  return Array.from({ length: Math.min(job.iterations, RUN_LIMITS.iterations) }, (_, i) => ({ name: `#${i + 1}`, values: {} }));
}

export async function runScenarioJob(event: RunScenarioEvent, opts: RunScenarioOptions): Promise<void> {
  const found = await getScenarioJob(event.projectId, event.jobId);
  if (!found || found.state === 'done' || found.state === 'failed') return;
  const taken = await scenarioRunLease.take(found);
  if (!taken) return;
  let run: ScenarioJobRecord = taken;
  const log = opts.log;
  try {
    await go();
  } catch (error) {
    if (error instanceof LeaseLost) {
      log.warn('scenario run taken over by another run: standing down', { job: run.id });
      return;
    }
    log.error('scenario run failed', { job: run.id, error: (error as Error).stack ?? String(error) });
    const key = error instanceof AppError ? error.key : 'system';
    await failScenarioJob(run, key, error instanceof AppError ? stringParams(error.params) : {});
  }

  async function go() {
    const scenario = await getScenario(run.projectId, run.scenarioId);
    if (!scenario) return void (await failScenarioJob(run, 'notFound'));
    const environment = run.environmentId ? await getEnvironment(run.projectId, run.environmentId) : undefined;
    if (run.environmentId && !environment) return void (await failScenarioJob(run, 'scenarioRunEnvironment'));
    // The environment's run secrets: variables for this run (over a variable of the same name), hidden in its results.
    const secrets = environment ? await openRunSecrets(run.projectId, environment.id) : {};
    const hide = secretHider(Object.values(secrets));
    const content = readScenarioContent(scenario);
    let rows: DataRow[];
    try {
      rows = iterationRows(run, content.dataSet);
    } catch (error) {
      if (!(error instanceof DataSetError)) throw error;
      return void (await failScenarioJob(run, 'scenarioRunDataSet', { detail: error.message.slice(0, 500) }));
    }

    const now = Date.now();
    if (run.firstStartedAt === null) {
      await markScenarioJobStarted(run, now);
      run = { ...run, firstStartedAt: now };
    }
    const startedAt = run.firstStartedAt!;
    const end = (stoppedBy?: 'requestCap' | 'timeCap' | 'bail' | 'documentGone', stopDetail?: string) =>
      finishScenarioJob(run, {
        environmentName: environment?.name ?? '',
        durationMs: Date.now() - startedAt,
        ...(stoppedBy ? { stoppedBy } : {}),
        ...(stopDetail ? { stopDetail } : {}),
      });

    const offset = run.progress.iterationsDone;
    const requestsLeft = RUN_LIMITS.requests - run.tally.requests;
    const timeLeft = startedAt + RUN_LIMITS.durationMs - Date.now();
    if (offset >= rows.length) return end();
    if (requestsLeft <= 0) return end('requestCap');
    if (timeLeft <= 0) return end('timeCap');

    // The iterations finished and not yet kept, and the one going on (whose results are kept only once it ends).
    let pending: ScenarioJobPart = { results: [], iterations: [] };
    let current: StoredStepResult[] = [];
    let currentIndex = offset;
    let lastKept = Date.now();
    let yielding = false;
    const abort = new AbortController();

    const closeIteration = () => {
      pending.results.push(...current);
      pending.iterations.push({
        index: currentIndex,
        name: rows[currentIndex]!.name,
        passed: !current.some((r) => r.status === 'failed' || r.status === 'error'),
      });
      current = [];
      currentIndex++;
    };
    const keepPending = async () => {
      if (!pending.iterations.length) return;
      const part = pending;
      pending = { results: [], iterations: [] };
      const added = tallyOf(part.results);
      run = await keepScenarioJobPart(
        run,
        part,
        { iterationsDone: currentIndex, iterations: rows.length, requests: run.tally.requests + added.requests },
        added,
      );
      lastKept = Date.now();
    };
    const timeIsShort = (margin: number) => opts.remainingMs !== undefined && opts.remainingMs() < margin;

    await scenarioRunLease.renew(run, { progress: { ...run.progress, iterations: rows.length } });
    const heartbeat = setInterval(() => {
      if (timeIsShort(ABORT_MARGIN_MS)) abort.abort();
      scenarioRunLease.renew(run).catch((error: unknown) => {
        log.warn('scenario run lease renewal failed', { job: run.id, error: String(error) });
        if (error instanceof LeaseLost) abort.abort();
      });
    }, HEARTBEAT_MS);
    // The steps' pre/post scripts: one sandbox for this invocation (chai loads once), its texts in the default
    // language, as the run keeps no reader's.
    const sandbox = createScriptSandbox({ chaiSource: chaiSource() });

    try {
      const outcome = await runScenario(content, {
        transport: (request) => sendRun(request, [], opts.guard),
        sources: projectScenarioSources(run.projectId),
        environment: {
          baseUrl: environment?.baseUrl ?? '',
          variables: {
            ...Object.fromEntries((environment?.variables ?? []).filter((v) => !v.secret).map((v) => [v.name, v.value])),
            ...secrets,
          },
        },
        rows: rows.slice(offset),
        bail: run.bail,
        scripts: scenarioScripts(sandbox, DEFAULT_LOCALE),
        limits: { requests: requestsLeft, durationMs: timeLeft, bodyChars: RUN_KEPT_BODY_CHARS },
        signal: abort.signal,
        keepResults: false,
        onStep: async (result) => {
          const index = offset + result.iteration;
          while (index > currentIndex) {
            closeIteration();
            if (timeIsShort(YIELD_MARGIN_MS)) {
              // The iteration this step began is run again by the next invocation.
              yielding = true;
              abort.abort();
              return;
            }
            if (pending.results.length >= (opts.partResults ?? PART_RESULTS) || Date.now() - lastKept >= PART_EVERY_MS) await keepPending();
          }
          // The engine counts this invocation's rows from 0; the run counts from its first row.
          if (!abort.signal.aborted) current.push(keptResult(hide({ ...result, iteration: index })));
        },
      });
      const stoppedBy = outcome.summary.stoppedBy;
      if (stoppedBy === 'aborted') {
        // Out of time (or the lease lost, which the next write says): what ended is kept, the rest is resumed.
        if (!yielding && !timeIsShort(ABORT_MARGIN_MS)) throw new LeaseLost('scenarioRun', run.id);
        await keepPending();
        await letGoOfScenarioJob(run);
        log.info('scenario run resumes in a new invocation', { job: run.id, iterationsDone: run.progress.iterationsDone });
        await opts.reinvoke({ projectId: run.projectId, jobId: run.id });
        return;
      }
      // Every iteration the engine began has ended (the last one cut short by a cap or bail counts as ended).
      const began = outcome.summary.iterations.length;
      while (currentIndex < offset + began) closeIteration();
      await keepPending();
      return end(stoppedBy, outcome.summary.stopDetail);
    } finally {
      clearInterval(heartbeat);
      sandbox.dispose();
    }
  }
}

const stringParams = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined));

/**
 * What the worker is invoked with: a job to run (a person's start, or the worker going on with a run), or a
 * schedule's fire (EventBridge Scheduler in AWS, the local scheduler locally), which starts a job and runs it.
 */
export async function handleRunScenarioEvent(event: RunScenarioEvent | ScheduleEvent, opts: RunScenarioOptions): Promise<void> {
  if (!('schedule' in event)) return runScenarioJob(event, opts);
  const job = await fireSchedule(event.schedule);
  opts.log.info('schedule fired', { schedule: event.schedule.scheduleId, job: job?.jobId ?? null });
  if (job) await runScenarioJob(job, opts);
}
