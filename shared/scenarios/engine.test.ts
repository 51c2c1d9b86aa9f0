import { describe, expect, it } from 'vitest';
import { paramRow } from '../schemas/param-row';
import type { RunRequest } from '../schemas/runner';
import { runScenario, type EngineOptions } from './engine';
import { apiOf, recordingTransport, responseOf, scenarioOf, sourcesOf } from './test-kit';

const login = apiOf({
  method: 'POST',
  path: '/login',
  requestType: 'json',
  reqBody: [paramRow('user', 'string', { value: 'ann' })],
  responses: [{ status: '200', body: [paramRow('token', 'string', { required: true })] }],
});
const getOrder = apiOf({
  method: 'GET',
  path: '/orders/{id}',
  reqPath: [paramRow('id', 'integer', { value: '1' })],
  reqHeaders: [paramRow('Authorization', 'string', { value: 'Bearer none' })],
  responses: [{ status: '200', body: [paramRow('id', 'integer', { required: true }), paramRow('total', 'number', { required: true })] }],
});
const documents = {
  login: { state: 'ok' as const, id: 'login', title: 'Login', content: login },
  order: { state: 'ok' as const, id: 'order', title: 'Order', content: getOrder },
  gone: { state: 'deleted' as const, id: 'gone', title: 'Old' },
  binned: { state: 'binned' as const, id: 'binned', title: 'In the bin' },
};

/** An API at https://api.test: /login answers a token for the user sent, /orders/{id} the order (its total a string for id 9). */
function api(request: RunRequest) {
  const url = new URL(request.url);
  if (url.pathname === '/login') {
    const { user } = JSON.parse(request.body.kind === 'text' ? request.body.text : '{}') as { user: string };
    return responseOf(200, { token: `tok-${user}` }, [{ name: 'X-Session', value: `s-${user}` }]);
  }
  const id = Number(url.pathname.split('/').pop());
  const auth = request.headers.find((h) => h.name === 'Authorization')?.value;
  if (auth?.startsWith('Bearer tok-') !== true) return responseOf(401, { message: 'no' });
  return responseOf(200, { id, total: id === 9 ? '12.5' : 12.5, echo: url.search });
}

const run = (steps: unknown[], options: Partial<EngineOptions> = {}, extra: Record<string, unknown> = {}) => {
  const t = recordingTransport(api);
  const outcome = runScenario(scenarioOf(steps, extra), {
    transport: t.transport,
    sources: sourcesOf(documents),
    environment: { baseUrl: 'https://api.test', variables: { who: 'env-user' } },
    ...options,
  });
  return outcome.then((o) => ({ ...o, sent: t.sent }));
};

const loginStep = {
  id: 'login',
  name: 'log in',
  type: 'request',
  source: { kind: 'document', documentId: 'login' },
  overrides: { body: { type: 'json', text: '{"user":"{{who}}"}' } },
  extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
  checks: [{ kind: 'status', equals: 200 }],
};
const orderStep = (id: string, orderId = '7', checks: unknown[] = []) => ({
  id,
  name: `order ${orderId}`,
  type: 'request',
  source: { kind: 'document', documentId: 'order' },
  overrides: {
    pathParams: [{ name: 'id', value: orderId }],
    headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
    query: [{ name: 'q', value: '{{who}}' }],
  },
  checks,
});

describe('runScenario', () => {
  it('keeps the token from one step and uses it in the next, from the document with overrides', async () => {
    const { summary, results, sent } = await run([
      loginStep,
      orderStep('read', '7', [{ kind: 'jsonPath', path: '$.id', op: 'equals', value: '7' }]),
    ]);
    expect(summary.status).toBe('passed');
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual(['POST https://api.test/login', 'GET https://api.test/orders/7?q=env-user']);
    expect(sent[0]!.headers).toContainEqual({ name: 'Content-Type', value: 'application/json' });
    expect(sent[1]!.headers).toEqual([{ name: 'Authorization', value: 'Bearer tok-env-user' }]);
    expect(results[0]!.extracted).toEqual({ token: 'tok-env-user' });
    expect(summary).toMatchObject({ requests: 2, steps: { passed: 2, failed: 0 }, checks: { passed: 2, failed: 0 } });
  });

  it('checks conformance to the documented response by default, naming the field', async () => {
    const { summary, results } = await run([loginStep, orderStep('read', '9')]);
    expect(summary.status).toBe('failed');
    expect(results[1]!.status).toBe('failed');
    expect(results[1]!.checks).toEqual([
      { kind: 'conformance', passed: false, target: '$.total', op: 'type', expected: 'number', actual: 'string' },
    ]);
    const off = await run([loginStep, { ...orderStep('read', '9'), conformance: false }]);
    expect(off.summary.status).toBe('passed');
  });

  it('runs once per data row, the row values as variables and the name column in results', async () => {
    const rows = [
      { name: 'first', values: { who: 'ann', order: '1' } },
      { name: 'second', values: { who: 'bob', order: '9' } },
    ];
    const { summary, results, sent } = await run([loginStep, orderStep('read', '{{order}}')], { rows });
    expect(sent.map((r) => r.url)).toEqual([
      'https://api.test/login',
      'https://api.test/orders/1?q=ann',
      'https://api.test/login',
      'https://api.test/orders/9?q=bob',
    ]);
    expect(summary.iterations).toEqual([
      { index: 0, name: 'first', passed: true },
      { index: 1, name: 'second', passed: false },
    ]);
    expect(results.map((r) => `${r.iterationName}/${r.stepId}/${r.status}`)).toEqual([
      'first/login/passed',
      'first/read/passed',
      'second/login/passed',
      'second/read/failed',
    ]);
  });

  it('loops N times and over a JSON array variable, each pass in the trail', async () => {
    const steps = [
      loginStep,
      { id: 'times', name: 'thrice', type: 'loop', kind: 'times', times: 3, steps: [orderStep('t')] },
      {
        id: 'each',
        name: 'each id',
        type: 'loop',
        kind: 'array',
        variable: 'ids',
        itemVariable: 'oid',
        steps: [orderStep('e', '{{oid}}')],
      },
    ];
    const { results, sent } = await run(steps, { rows: [{ name: 'r', values: { ids: '[4,5]' } }] });
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(['/login', '/orders/7', '/orders/7', '/orders/7', '/orders/4', '/orders/5']);
    expect(results.map((r) => r.trail.join(' > '))).toEqual(['', 'thrice #1', 'thrice #2', 'thrice #3', 'each id #1', 'each id #2']);
  });

  it('a loop over something that is not an array fails with a clear reason; loops are capped', async () => {
    const bad = await run([{ id: 'l', type: 'loop', kind: 'array', variable: 'who', steps: [orderStep('x')] }]);
    expect(bad.results[0]).toMatchObject({ status: 'error', error: { code: 'loopNotArray', detail: 'who' } });
    const capped = await run([loginStep, { id: 'l', type: 'loop', times: 50, steps: [orderStep('x')] }], { limits: { loopIterations: 4 } });
    expect(capped.summary.requests).toBe(5);
  });

  it('if runs its steps only when the condition on a variable holds', async () => {
    const step = (op: string, value: string) => ({
      id: `if-${op}-${value}`,
      type: 'if',
      condition: { variable: 'token', op, value },
      steps: [orderStep(`o-${op}-${value}`)],
    });
    const { sent } = await run(
      [
        loginStep,
        step('equals', 'tok-env-user'),
        step('equals', 'other'),
        step('exists', ''),
        step('contains', 'env'),
        { id: 'num', type: 'if', condition: { variable: 'n', op: 'greaterThan', value: '10' }, steps: [orderStep('big')] },
      ],
      { rows: [{ name: 'r', values: { n: '9' } }] },
    );
    expect(sent).toHaveLength(4);
  });

  it('waits through the injected sleep, and groups keep their steps in order', async () => {
    const waited: number[] = [];
    const { sent, results } = await run(
      [{ id: 'g', name: 'setup', type: 'group', steps: [loginStep, { id: 'w', type: 'wait', ms: 250 }, orderStep('o')] }],
      { sleep: async (ms) => void waited.push(ms) },
    );
    expect(waited).toEqual([250]);
    expect(sent).toHaveLength(2);
    expect(results.map((r) => r.trail)).toEqual([['setup'], ['setup']]);
  });

  it('calls another scenario (a shared login) with the same variables', async () => {
    const shared = { name: 'Shared login', content: scenarioOf([loginStep]) };
    const t = recordingTransport(api);
    const { summary, results } = await runScenario(scenarioOf([{ id: 'c', type: 'call', scenarioId: 'S1' }, orderStep('o')]), {
      transport: t.transport,
      sources: sourcesOf(documents, {}, { S1: shared }),
      environment: { baseUrl: 'https://api.test', variables: { who: 'x' } },
    });
    expect(summary.status).toBe('passed');
    expect(results[0]!.trail).toEqual(['Shared login']);
    const missing = await run([{ id: 'c', type: 'call', scenarioId: 'nope' }]);
    expect(missing.results[0]).toMatchObject({ status: 'error', error: { code: 'scenarioMissing' } });
  });

  it('fails the run before sending anything when a step refers to a deleted or binned document', async () => {
    for (const [id, code] of [
      ['gone', 'documentDeleted'],
      ['binned', 'documentBinned'],
      ['never', 'documentMissing'],
    ]) {
      const { summary, sent } = await run([
        loginStep,
        { id: 's', name: 'stale', type: 'request', source: { kind: 'document', documentId: id } },
      ]);
      expect(sent).toHaveLength(0);
      expect(summary).toMatchObject({ status: 'failed', stoppedBy: 'documentGone' });
      expect(summary.stopDetail).toContain(code);
      expect(summary.stopDetail).toContain('stale');
    }
  });

  it('stops at the request cap, the time cap, and at the first failure with bail', async () => {
    const many = { id: 'l', type: 'loop', times: 100, steps: [orderStep('x')] };
    const capped = await run([loginStep, many], { limits: { requests: 10 } });
    expect(capped.summary).toMatchObject({ requests: 10, stoppedBy: 'requestCap', status: 'failed' });

    let clock = 0;
    const timed = await run([loginStep, many], { now: () => (clock += 1000), limits: { durationMs: 5_000 } });
    expect(timed.summary.stoppedBy).toBe('timeCap');

    const bailed = await run([orderStep('unauthorised', '1', [{ kind: 'status', equals: 200 }]), loginStep], { bail: true });
    expect(bailed.sent).toHaveLength(1);
    expect(bailed.summary).toMatchObject({ status: 'failed', stoppedBy: 'bail' });
  });

  it('an ad-hoc request, a transport failure and a switched-off step', async () => {
    const adhoc = {
      id: 'a',
      type: 'request',
      source: { kind: 'adhoc', method: 'POST', url: '/login' },
      overrides: { body: { type: 'json', text: '{"user":"z"}' } },
      checks: [{ kind: 'header', name: 'x-session', op: 'equals', value: 's-z' }],
    };
    const ok = await run([adhoc, { ...loginStep, id: 'off', enabled: false }]);
    expect(ok.results.map((r) => r.status)).toEqual(['passed', 'skipped']);
    const failing = await runScenario(scenarioOf([adhoc]), {
      transport: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      sources: sourcesOf({}),
      environment: { baseUrl: 'http://127.0.0.1:1', variables: {} },
    });
    expect(failing.results[0]).toMatchObject({ status: 'error', error: { code: 'transport', detail: 'connect ECONNREFUSED' } });
    expect(failing.summary.status).toBe('failed');
  });

  it('runs pre and post scripts through the injected sandbox, their tests as checks and their variables kept', async () => {
    const calls: string[] = [];
    const { results, sent } = await run([{ ...loginStep, preScript: 'pre', postScript: 'post' }, orderStep('o')], {
      scripts: async (phase, code, ctx) => {
        calls.push(`${phase}:${code}:${ctx.response?.status ?? '-'}`);
        return {
          tests: phase === 'post' ? [{ name: 'has token', passed: false, error: 'expected x' }] : [],
          environment: ctx.environment,
          variables: phase === 'pre' ? { ...ctx.variables, who: 'scripted' } : ctx.variables,
          request: phase === 'pre' ? { ...ctx.request, body: { kind: 'text', text: '{"user":"scripted"}' } } : ctx.request,
        };
      },
    });
    expect(calls).toEqual(['pre:pre:-', 'post:post:200']);
    expect(sent[0]!.body).toEqual({ kind: 'text', text: '{"user":"scripted"}' });
    expect(sent[1]!.url).toContain('q=scripted');
    expect(results[0]!.checks).toContainEqual({
      kind: 'script',
      passed: false,
      target: 'has token',
      op: 'test',
      expected: '',
      actual: 'expected x',
    });
  });
});

describe('checks with variables', () => {
  it('fill a check’s expected value from the run’s variables', async () => {
    const { summary, results } = await run(
      [loginStep, orderStep('read', '{{order}}', [{ kind: 'jsonPath', path: '$.id', op: 'equals', value: '{{order}}' }])],
      { rows: [{ name: 'r', values: { order: '5' } }] },
    );
    expect(results[1]!.checks[0]).toMatchObject({ passed: true, expected: '5' });
    expect(summary.status).toBe('passed');
  });
});
