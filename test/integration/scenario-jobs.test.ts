/**
 * Server runs of test scenarios (issue 36) through the local API, on DynamoDB Local and s3rver: an editor starts a
 * run with an environment, the `run-scenario` worker runs it over the guarded fetch against a target on the
 * guard's one admitted test address, and the run lands in the scenario's history with every step of every data
 * row (bodies cut at RUN_KEPT_BODY_CHARS). A run whose function runs out of time keeps its finished iterations and
 * is resumed by the next invocation; a project's runs at once are capped; the guard refuses a loopback target; the
 * steps' pre/post scripts run in the worker's sandbox.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { RUN_KEPT_BODY_CHARS } from '@shared/schemas/scenario';
import { SCENARIO_RUNS_AT_ONCE } from '@shared/schemas/scenario-job';
import { createLogger } from '../../functions/core/logger';
import { getScenarioJob } from '../../functions/domain/scenario-runs';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { runScenarioJob, YIELD_MARGIN_MS, type RunScenarioEvent, type RunScenarioOptions } from '../../functions/workers/run-scenario/run';
import { runLocalWorker } from '../../scripts/local/workers';
import { jobOver } from '../support/import-steps';
import { signUp, useLocalApi } from '../support/local-api';
import { startTarget, testGuard } from '../support/proxy-target';

const api = useLocalApi();
const log = createLogger({ job: 'run-scenario-test' });

/** The target: /acme/login answers a token, /orders/{id} answers the order when the token comes with it, /big 20 KB. */
function answer(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('content-type', 'application/json');
  if (req.url === '/acme/login') return res.end(JSON.stringify({ token: 'tok-1' }));
  if (req.url === '/big') return res.end(JSON.stringify({ pad: 'x'.repeat(20_000) }));
  const order = /^\/orders\/(\w+)$/.exec(req.url ?? '');
  if (order && req.headers.authorization === 'Bearer tok-1') return res.end(JSON.stringify({ id: order[1], state: 'paid' }));
  res.statusCode = 401;
  res.end(JSON.stringify({ error: 'no token' }));
}
let target: Awaited<ReturnType<typeof startTarget>>;

/** Invocations of the worker the API asked for, run here with the tests' guard (or held, for the cap's test). */
let hold = false;
const held: RunScenarioEvent[] = [];
const runs = new Set<Promise<void>>();
const run = (event: RunScenarioEvent, extra: Partial<RunScenarioOptions> = {}) =>
  runScenarioJob(event, { log, guard: testGuard, reinvoke: async (next) => void invoke(next), ...extra });
function invoke(event: RunScenarioEvent) {
  if (hold) return void held.push(event);
  const going = run(event).finally(() => runs.delete(going));
  runs.add(going);
}

beforeAll(async () => {
  target = await startTarget(answer);
  registerLocalWorkers((name, event) =>
    name === 'run-scenario' ? invoke(event as RunScenarioEvent) : runLocalWorker(name, event, 'source', console.error, 'inProcess'),
  );
});
afterAll(async () => {
  while (runs.size) await Promise.all([...runs]);
  await target.close();
});

const CSV = 'orderId,label\nA1,first\nB2,second\nC3,third\n';

async function project() {
  const owner = await signUp('Server runs');
  const { token } = owner;
  const p = (await api.call('project.create', { token, body: { name: 'Server runs' } })).data;
  const env = await api.call('env.create', { token, body: { projectId: p.id, name: 'Test', baseUrl: target.url } });
  expect(env.code, env.message).toBe(0);
  const scenario = await api.call('scenario.create', {
    token,
    body: {
      projectId: p.id,
      name: 'Log in and read orders',
      content: {
        steps: [
          {
            id: 'login',
            name: 'Log in',
            type: 'request',
            source: { kind: 'adhoc', method: 'POST', url: '/acme/login' },
            extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
            checks: [{ kind: 'status', equals: 200 }],
          },
          {
            id: 'read',
            name: 'Read the order',
            type: 'request',
            source: { kind: 'adhoc', method: 'GET', url: '/orders/{{orderId}}' },
            overrides: { headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] },
            checks: [
              { kind: 'status', equals: 200 },
              { kind: 'jsonPath', path: '$.id', op: 'equals', value: '{{orderId}}' },
            ],
          },
        ],
        dataSet: { format: 'csv', fileName: 'orders.csv', text: CSV, nameColumn: 'label' },
      },
    },
  });
  expect(scenario.code, scenario.message).toBe(0);
  return { token, project: p, environment: env.data, scenario: scenario.data };
}

const finished = (token: string, jobId: string) =>
  jobOver(() => api.call('scenarioJob.get', { token, params: { id: jobId } }), `run ${jobId}`);

describe('server runs of a scenario', () => {
  it('run as a job with the environment over every data row, and land in the history with every step', async () => {
    const { token, environment, scenario } = await project();
    const started = await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } });
    expect(started.code, started.message).toBe(0);
    expect(started.data).toMatchObject({ state: 'queued', place: 'server', runId: null });

    const job = await finished(token, started.data.id);
    expect(job).toMatchObject({ state: 'done', runId: started.data.id, progress: { iterationsDone: 3, iterations: 3, requests: 6 } });
    const listed = (await api.call('scenarioRun.list', { token, params: { id: scenario.id } })).data;
    expect(listed.map((r) => [r.id, r.place, r.environmentName])).toEqual([[job.runId, 'server', 'Test']]);
    const kept = (await api.call('scenarioRun.get', { token, params: { id: job.runId! } })).data;
    expect(kept.summary).toMatchObject({ status: 'passed', requests: 6, steps: { passed: 6, failed: 0, skipped: 0 } });
    expect(kept.summary.iterations.map((i) => i.name)).toEqual(['first', 'second', 'third']);
    expect(kept.results.map((r) => `${r.iterationName}:${r.stepId}:${r.status}`)).toEqual([
      'first:login:passed',
      'first:read:passed',
      'second:login:passed',
      'second:read:passed',
      'third:login:passed',
      'third:read:passed',
    ]);
    expect(kept.results[3]!.response!.body).toContain('"id":"B2"');
    expect((await api.call('scenario.get', { token, params: { id: scenario.id } })).data.recent).toEqual(['passed']);
  });

  it('cut a body past RUN_KEPT_BODY_CHARS and say so; a failed check fails the run', async () => {
    const { token, project: p, environment } = await project();
    const big = await api.call('scenario.create', {
      token,
      body: {
        projectId: p.id,
        name: 'Big',
        content: {
          steps: [
            {
              id: 'big',
              type: 'request',
              source: { kind: 'adhoc', method: 'GET', url: '/big' },
              checks: [{ kind: 'status', equals: 201 }],
            },
          ],
        },
      },
    });
    const started = await api.call('scenarioJob.start', { token, body: { scenarioId: big.data.id, environmentId: environment.id } });
    const job = await finished(token, started.data.id);
    const kept = (await api.call('scenarioRun.get', { token, params: { id: job.runId! } })).data;
    expect(kept.summary).toMatchObject({ status: 'failed', checks: { passed: 0, failed: 1 } });
    expect(kept.results[0]!.response).toMatchObject({ status: 200, bodyCut: true });
    expect(kept.results[0]!.response!.body).toHaveLength(RUN_KEPT_BODY_CHARS);
  });

  it('run the steps’ scripts: a value a post script sets is sent by the next step, and each pm.test is kept', async () => {
    const { token, project: p, environment } = await project();
    const scripted = await api.call('scenario.create', {
      token,
      body: {
        projectId: p.id,
        name: 'Scripted',
        content: {
          steps: [
            {
              id: 'login',
              type: 'request',
              source: { kind: 'adhoc', method: 'POST', url: '/acme/login' },
              postScript: `const token = pm.response.json().token;
pm.test('a token came back', () => pm.expect(token).to.equal('tok-1'));
pm.environment.set('auth', 'Bearer ' + token);`,
            },
            {
              id: 'read',
              type: 'request',
              source: { kind: 'adhoc', method: 'GET', url: '/orders/A1' },
              overrides: { headers: [{ name: 'Authorization', value: '{{auth}}' }] },
              postScript: `pm.test('paid', () => pm.expect(pm.response.json().state).to.equal('paid'));
pm.test('shipped', () => pm.expect(pm.response.json().state).to.equal('shipped'));`,
            },
          ],
        },
      },
    });
    expect(scripted.code, scripted.message).toBe(0);
    const started = await api.call('scenarioJob.start', { token, body: { scenarioId: scripted.data.id, environmentId: environment.id } });
    const job = await finished(token, started.data.id);
    const kept = (await api.call('scenarioRun.get', { token, params: { id: job.runId! } })).data;
    expect(kept.summary).toMatchObject({ status: 'failed', requests: 2 });
    expect(kept.results.map((r) => [r.stepId, r.response?.status, r.checks.map((c) => `${c.kind} ${c.target} ${c.passed}`)])).toEqual([
      ['login', 200, ['script a token came back true']],
      ['read', 200, ['script paid true', 'script shipped false']],
    ]);
    expect(kept.results[1]!.checks[1]!.actual).toContain("expected 'paid' to equal 'shipped'");
  });

  it('resume from the first iteration not done when the function runs out of time', async () => {
    const { token, project: p, environment, scenario } = await project();
    hold = true;
    const started = await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } });
    hold = false;
    expect(held.splice(0).map((e) => e.jobId)).toEqual([started.data.id]);

    // The function's end near from the start: the run stops when its first iteration has ended.
    let reinvoked: RunScenarioEvent | undefined;
    const event = { projectId: p.id, jobId: started.data.id };
    await run(event, {
      remainingMs: () => YIELD_MARGIN_MS - 1,
      reinvoke: async (next) => void (reinvoked = next),
    });
    expect(reinvoked).toEqual(event);
    const paused = (await getScenarioJob(p.id, started.data.id))!;
    expect(paused).toMatchObject({ state: 'running', parts: 1, progress: { iterationsDone: 1, iterations: 3, requests: 2 } });
    expect(paused.leaseUntil! <= Date.now()).toBe(true);

    await run(event);
    const job = await finished(token, started.data.id);
    expect(job).toMatchObject({ state: 'done', progress: { iterationsDone: 3, requests: 6 } });
    const kept = (await api.call('scenarioRun.get', { token, params: { id: job.runId! } })).data;
    expect(kept.results.map((r) => `${r.iteration}:${r.iterationName}:${r.stepId}`)).toEqual([
      '0:first:login',
      '0:first:read',
      '1:second:login',
      '1:second:read',
      '2:third:login',
      '2:third:read',
    ]);
    expect(kept.summary).toMatchObject({ status: 'passed', requests: 6 });
  });

  it(`are capped at ${SCENARIO_RUNS_AT_ONCE} at once per project, refused past it with a catalogued code`, async () => {
    const { token, project: p, environment, scenario } = await project();
    const start = () => api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } });
    hold = true;
    const admitted = [];
    for (let i = 0; i < SCENARIO_RUNS_AT_ONCE; i++) admitted.push(await start());
    expect(admitted.map((r) => r.code)).toEqual(admitted.map(() => 0));
    const refused = await start();
    expect(refused.code).toBe(ERRORS.scenarioRunsBusy.code);
    expect(refused.message).toContain(String(SCENARIO_RUNS_AT_ONCE));
    hold = false;

    // One run ends: its place is free again.
    await run({ projectId: p.id, jobId: held.shift()!.jobId });
    expect((await start()).code).toBe(0);
    for (const event of held.splice(0)) await run(event);
  });

  it('reach only what the guard admits: a loopback target is refused, and nothing reaches it', async () => {
    const { token, project: p, scenario } = await project();
    const loopback = await startTarget(answer, '127.0.0.1');
    try {
      const env = await api.call('env.create', {
        token,
        body: { projectId: p.id, name: 'Loop', baseUrl: `http://127.0.0.1:${loopback.port}` },
      });
      const started = await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: env.data.id } });
      const job = await finished(token, started.data.id);
      const kept = (await api.call('scenarioRun.get', { token, params: { id: job.runId! } })).data;
      expect(kept.summary.status).toBe('failed');
      expect(kept.results[0]!.error).toMatchObject({ code: 'transport' });
      expect(kept.results[0]!.error!.detail).toContain('proxyAddress');
      expect(loopback.seen).toEqual([]);
    } finally {
      await loopback.close();
    }
  });
});
