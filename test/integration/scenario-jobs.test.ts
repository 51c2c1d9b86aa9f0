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
import { putItem } from '../../functions/data/db';
import { memberItem } from '../../functions/domain/members';
import { storedRunSecret } from '../../functions/domain/run-secrets';
import { getScenarioJob } from '../../functions/domain/scenario-runs';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import type { ScheduleEvent } from '../../functions/domain/schedules';
import {
  handleRunScenarioEvent,
  runScenarioJob,
  YIELD_MARGIN_MS,
  type RunScenarioEvent,
  type RunScenarioOptions,
} from '../../functions/workers/run-scenario/run';
import { startLocalScheduler } from '../../scripts/local/scheduler';
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
function invoke(event: RunScenarioEvent | ScheduleEvent) {
  if (hold && !('schedule' in event)) return void held.push(event);
  // The worker's own entry for both kinds of event (a job; a schedule's fire), with the tests' guard.
  const going = handleRunScenarioEvent(event, { log, guard: testGuard, reinvoke: async (next) => void invoke(next) }).finally(() =>
    runs.delete(going),
  );
  runs.add(going);
}

beforeAll(async () => {
  target = await startTarget(answer);
  registerLocalWorkers((name, event) =>
    name === 'run-scenario'
      ? invoke(event as RunScenarioEvent | ScheduleEvent)
      : runLocalWorker(name, event, 'source', console.error, 'inProcess'),
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

describe('run secrets of an environment', () => {
  /** Every line this process writes while the test runs (the API's and the worker's logs among them). */
  const written: string[] = [];
  const spies: (() => void)[] = [];
  beforeAll(() => {
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = (chunk: unknown, ...rest: unknown[]) => {
        written.push(String(chunk));
        return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
      };
      spies.push(() => void (stream.write = write));
    }
  });
  afterAll(() => spies.forEach((restore) => restore()));

  it('are write-only, sealed at rest, used by server runs and never in an answer, a stored result or a log line', async () => {
    const { token, project: p, environment, scenario } = await project();
    const value = `sk-live-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    const set = await api.call('runSecret.set', { token, body: { envId: environment.id, name: 'apiKey', value } });
    expect(set.code, set.message).toBe(0);
    expect(set.data).toMatchObject({ name: 'apiKey', set: true });

    const stored = (await storedRunSecret(p.id, environment.id, 'apiKey'))!;
    expect(stored.sealed).toMatch(/^local:/);
    expect(stored.sealed).not.toContain(value);
    expect(Buffer.from(stored.sealed.slice('local:'.length), 'base64').toString('latin1')).not.toContain(value);

    // A reader sees the name and that it is set; no one sees the value.
    const reader = await signUp('Secret reader');
    await putItem(memberItem(p.id, reader.userId, 'view', null));
    const listed = await api.call('runSecret.list', { token: reader.token, params: { id: environment.id } });
    expect(listed.data).toEqual([{ name: 'apiKey', set: true, updatedAt: set.data.updatedAt, updatedByName: 'Server runs' }]);

    // The scenario's steps send it: the target receives it, the run keeps it hidden.
    const withKey = await api.call('scenario.update', {
      token,
      body: {
        id: scenario.id,
        rev: scenario.rev,
        name: scenario.name,
        folderId: '',
        content: {
          steps: [
            {
              id: 'keyed',
              type: 'request',
              source: { kind: 'adhoc', method: 'POST', url: '/echo?key={{apiKey}}' },
              overrides: { headers: [{ name: 'X-Api-Key', value: '{{apiKey}}' }], body: { type: 'json', text: '{"key":"{{apiKey}}"}' } },
            },
          ],
        },
      },
    });
    expect(withKey.code, withKey.message).toBe(0);
    const seenBefore = target.seen.length;
    const started = await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } });
    const job = await finished(token, started.data.id);
    expect(job.state).toBe('done');
    const sent = target.seen.slice(seenBefore);
    expect(sent.map((s) => s.headers.find(([n]) => n.toLowerCase() === 'x-api-key')?.[1])).toEqual([value]);
    expect(sent[0]!.url).toBe(`/echo?key=${value}`);

    const answers = [
      set,
      listed,
      await api.call('runSecret.list', { token, params: { id: environment.id } }),
      await api.call('env.get', { token, params: { id: environment.id } }),
      await api.call('scenarioJob.get', { token, params: { id: job.id } }),
      await api.call('scenarioRun.list', { token, params: { id: scenario.id } }),
      await api.call('scenarioRun.get', { token, params: { id: job.runId! } }),
    ];
    for (const answer of answers) expect(JSON.stringify(answer.data)).not.toContain(value);
    const kept = answers.at(-1)!.data as { results: { request?: { url: string; headers: { name: string; value: string }[] } }[] };
    expect(kept.results[0]!.request!.url).toContain('key=******');
    expect(kept.results[0]!.request!.headers).toContainEqual({ name: 'X-Api-Key', value: '******' });

    // Replaced, then deleted: the list follows, and a run no longer has it.
    const replacement = `${value}-2`;
    expect((await api.call('runSecret.set', { token, body: { envId: environment.id, name: 'apiKey', value: replacement } })).code).toBe(0);
    const again = await finished(
      token,
      (await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } })).data.id,
    );
    expect(again.state).toBe('done');
    expect(target.seen.at(-1)!.url).toBe(`/echo?key=${replacement}`);
    expect((await api.call('runSecret.delete', { token, query: { envId: environment.id, name: 'apiKey' } })).code).toBe(0);
    expect((await api.call('runSecret.list', { token, params: { id: environment.id } })).data).toEqual([]);
    expect((await api.call('runSecret.delete', { token, query: { envId: environment.id, name: 'apiKey' } })).code).toBe(
      ERRORS.notFound.code,
    );

    expect(written.filter((line) => line.includes(value))).toEqual([]);
  });
});

describe('schedules of a scenario', () => {
  const settled = async () => {
    while (runs.size) await Promise.all([...runs]);
  };

  it('refuse a bad cron expression or time zone with a clear, localised message', async () => {
    const { token, environment, scenario } = await project();
    const save = (cron: string, timeZone: string, lang = 'en') =>
      api.call('scenarioSchedule.save', {
        token,
        headers: { 'accept-language': lang },
        body: { scenarioId: scenario.id, environmentId: environment.id, cron, timeZone },
      });
    const badCron = await save('61 * * * *', 'Asia/Shanghai');
    expect(badCron.code).toBe(ERRORS.invalidInput.code);
    expect(JSON.stringify(badCron.data)).toContain('A cron expression has 5 fields');
    expect(JSON.stringify((await save('0 9 * *', 'Asia/Shanghai', 'zh')).data)).toContain('Cron 表达式应为 5 段');
    expect(JSON.stringify((await save('0 9 1 * 1', 'Asia/Shanghai')).data)).toContain('not both a day and a weekday');
    const badZone = await save('0 9 * * *', 'Mars/Olympus');
    expect(JSON.stringify(badZone.data)).toContain('A time zone is an IANA name');
    const good = await save('0 9 * * 1-5', 'Asia/Shanghai');
    expect(good.code, good.message).toBe(0);
    // 09:00 in Shanghai is 01:00 UTC, on a weekday.
    expect(good.data.nextAt).toMatch(/T01:00:00\.000Z$/);
  });

  it('fire from the local scheduler into the history; a fire while a run goes is skipped and recorded', async () => {
    const { token, environment, scenario } = await project();
    const saved = await api.call('scenarioSchedule.save', {
      token,
      body: { scenarioId: scenario.id, environmentId: environment.id, cron: '* * * * *', timeZone: 'Europe/Berlin' },
    });
    expect(saved.code, saved.message).toBe(0);
    let clock = new Date(Date.parse(saved.data.updatedAt) + 61_000);
    const scheduler = startLocalScheduler({ now: () => clock, everyMs: 0 });

    expect(await scheduler.tick()).toContain(saved.data.id);
    // The same minute again: claimed already, nothing fires.
    expect(await scheduler.tick()).not.toContain(saved.data.id);
    await settled();
    const runsKept = (await api.call('scenarioRun.list', { token, params: { id: scenario.id } })).data;
    expect(runsKept.map((r) => [r.place, r.summary.status, r.environmentName])).toEqual([['schedule', 'passed', 'Test']]);

    // A run of the scenario still going (started, not yet run): the next minute's fire is skipped, and says why.
    hold = true;
    const going = await api.call('scenarioJob.start', { token, body: { scenarioId: scenario.id, environmentId: environment.id } });
    hold = false;
    clock = new Date(clock.getTime() + 60_000);
    expect(await scheduler.tick()).toContain(saved.data.id);
    await settled();
    const [listed] = (await api.call('scenarioSchedule.list', { token, params: { id: scenario.id } })).data;
    expect(listed!.fires.map((f) => [f.outcome, f.reason ?? ''])).toEqual([
      ['skipped', 'running'],
      ['started', ''],
    ]);
    await run({ projectId: going.data.scenarioId.slice(0, 36), jobId: held.splice(0)[0]!.jobId });
    scheduler.stop();
  });

  it('disable a schedule whose environment is gone, and say why', async () => {
    const { token, environment, scenario } = await project();
    const saved = await api.call('scenarioSchedule.save', {
      token,
      body: { scenarioId: scenario.id, environmentId: environment.id, cron: '*/5 * * * *', timeZone: 'UTC' },
    });
    expect((await api.call('env.delete', { token, query: { id: environment.id } })).code).toBe(0);
    const scheduler = startLocalScheduler({ now: () => new Date(Date.parse(saved.data.updatedAt) + 6 * 60_000), everyMs: 0 });
    expect(await scheduler.tick()).toContain(saved.data.id);
    await settled();
    const [listed] = (await api.call('scenarioSchedule.list', { token, params: { id: scenario.id } })).data;
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'environmentGone', nextAt: null });
    expect(listed!.fires[0]).toMatchObject({ outcome: 'disabled', reason: 'environmentGone' });
    expect((await api.call('scenarioRun.list', { token, params: { id: scenario.id } })).data).toEqual([]);
    // Disabled: the scheduler passes it by.
    expect(await scheduler.tick()).not.toContain(saved.data.id);
    scheduler.stop();
  });
});
