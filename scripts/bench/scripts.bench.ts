/**
 * Issue 24's figure for request scripts: a pre-request and a post-response script with five assertions each, run
 * by the runner's sandbox core (shared/script-sandbox/sandbox.ts) in this process, once warm: the
 * time per script at p50 and p95 (budget 5 ms each). Also what the first script costs a fresh sandbox (loading
 * QuickJS and chai). No stack needed.
 */
import { chaiSource as readChai } from '../../shared/script-sandbox/chai-source';
import { createScriptSandbox } from '../../shared/script-sandbox/sandbox';
import type { ScriptContext } from '../../shared/script-sandbox/types';

const PRE = `
pm.test('has a token', () => pm.expect(pm.environment.get('token')).to.be.a('string').and.not.empty);
pm.test('base address is https', () => pm.expect(pm.variables.get('baseUrl')).to.match(/^https:/));
pm.test('method is POST', () => pm.expect(pm.request.method).to.equal('POST'));
pm.test('sends JSON', () => pm.expect(pm.request.headers.get('content-type')).to.include('json'));
pm.test('has no auth yet', () => pm.expect(pm.request.headers.has('authorization')).to.be.false);
pm.request.headers.upsert({ key: 'Authorization', value: 'Bearer ' + pm.environment.get('token') });
pm.variables.set('sentAt', Date.now());
`;

const POST = `
const body = pm.response.json();
pm.test('status 200', () => pm.response.to.have.status(200));
pm.test('is JSON', () => pm.response.to.have.header('content-type'));
pm.test('has the user', () => pm.expect(body.data.user).to.include({ id: 7, name: 'Ada' }));
pm.test('has roles', () => pm.expect(body.data.roles).to.be.an('array').that.includes('admin'));
pm.test('fast', () => pm.expect(pm.response.responseTime).to.be.below(1000));
pm.environment.set('userId', body.data.user.id);
`;

const BODY = JSON.stringify({
  code: 0,
  data: { user: { id: 7, name: 'Ada', email: 'ada@example.com' }, roles: ['admin', 'dev'], token: 'tk' },
});

const context: ScriptContext = {
  request: {
    method: 'POST',
    url: 'https://api.example.test/users',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    body: { kind: 'text', text: '{"name":"Ada"}' },
  },
  response: {
    status: 200,
    statusText: 'OK',
    headers: [{ name: 'Content-Type', value: 'application/json' }],
    bodyBase64: Buffer.from(BODY).toString('base64'),
    size: BODY.length,
    truncated: false,
    timeMs: 12,
    finalUrl: 'https://api.example.test/users',
  },
  environment: { token: 'tk-123', baseUrl: 'https://api.example.test' },
  variables: {},
};

const RUNS = 300;

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

export async function benchScripts(): Promise<Record<string, string>> {
  const chaiSource = readChai();
  const sandbox = createScriptSandbox({ chaiSource });
  try {
    let started = performance.now();
    await sandbox.run('pre', PRE, context);
    const firstMs = performance.now() - started;
    const fresh = createScriptSandbox({ chaiSource });
    started = performance.now();
    await fresh.warm();
    const loadMs = performance.now() - started;
    fresh.dispose();

    for (let i = 0; i < 50; i++) {
      await sandbox.run('pre', PRE, context);
      await sandbox.run('post', POST, context);
    }
    const times = { pre: [] as number[], post: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      for (const phase of ['pre', 'post'] as const) {
        const at = performance.now();
        const result = await sandbox.run(phase, phase === 'pre' ? PRE : POST, context);
        times[phase].push(performance.now() - at);
        if (result.error || result.tests.length !== 5 || result.tests.some((t) => !t.passed))
          throw new Error(`the ${phase} script did not pass: ${JSON.stringify(result)}`);
      }
    }
    // QuickJS collects cycles when its heap has grown by half since the last time: every few runs, a pause that
    // scans chai's objects too. The mean includes those pauses.
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const describe = (values: number[]) =>
      `p50 ${quantile(values, 0.5).toFixed(2)} ms, mean ${mean(values).toFixed(2)} ms, p95 ${quantile(values, 0.95).toFixed(2)} ms (${RUNS} runs)`;
    return {
      'scripts: pre-request, 5 assertions, warm (budget 5 ms)': describe(times.pre),
      'scripts: post-response, 5 assertions, warm (budget 5 ms)': describe(times.post),
      'scripts: a new sandbox loading QuickJS and chai': `${loadMs.toFixed(0)} ms`,
      'scripts: first script of the process (wasm compile + chai)': `${firstMs.toFixed(0)} ms`,
    };
  } finally {
    sandbox.dispose();
  }
}
