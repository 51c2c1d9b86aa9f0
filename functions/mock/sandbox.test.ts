/**
 * The sandbox as the mock server uses it (through its worker): the known ways out of JavaScript sandboxes,
 * resource exhaustion of every kind, and the contract. Each hostile script must end in a clear typed error (or a
 * harmless result) within its deadline, and the next script must run normally.
 */
import { availableParallelism } from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_CAPS, SANDBOX_LIMITS } from './limits';
import {
  checkScriptSyntax,
  closeSandbox,
  runMockScript,
  SandboxPool,
  warmSandbox,
  type PoolSize,
  type ScriptRequest,
  type ScriptRun,
} from './sandbox';

// Set before the worker starts, so the worker's environment has it too.
const SECRET = 'apiloom-canary-4f1d2c9e7b';
process.env.APILOOM_MOCK_CANARY = SECRET;

const request: ScriptRequest = {
  method: 'POST',
  path: '/users/42',
  params: { id: '42' },
  query: { q: 'hello', tag: ['a', 'b'] },
  headers: { 'x-token': 't' },
  body: { user: { name: 'Ann' } },
};

/** Interrupt-driven stops arrive right at the deadline; this allows for a machine shared with other work. */
const SLACK_MS = 400;
/** After the deadline, the watchdog gives a run this long before it replaces the worker (see sandbox.ts). */
const WATCHDOG_GRACE_MS = 300;
/** Starting a worker runs the TypeScript source through tsx here; a deployed bundle starts much faster. */
const SLOW = { timeout: 60_000 };

/**
 * Tests of behaviour give scripts a generous deadline, so a loaded machine cannot turn a slow answer into a
 * timeout; the resource limit tests run with the real one.
 */
let deadlineMs = 5_000;

async function run(source: string, projectId?: string): Promise<ScriptRun & { ms: number }> {
  const started = performance.now();
  const result = await runMockScript(source, request, { deadlineMs, projectId });
  return { ...result, ms: performance.now() - started };
}

async function body(source: string): Promise<unknown> {
  const result = await run(source);
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value.body;
}

async function failure(source: string, projectId?: string) {
  const result = await run(source, projectId);
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
  expect(JSON.stringify(result)).not.toContain(SECRET);
  return { ...result.error, ms: result.ms };
}

const expectHealthy = async () => expect(await body('return { body: 1 + 1 }')).toBe(2);

beforeAll(() => warmSandbox(), 60_000);
afterAll(() => closeSandbox());

describe('the contract', SLOW, () => {
  it('passes the request and returns status, headers and body', async () => {
    const result = await run(`
      const { method, path, params, query, headers, body } = request;
      return { status: 201, headers: { 'X-Echo': method + ' ' + path, 'X-Count': 3 }, body: { id: params.id, q: query.q, tag: query.tag, token: headers['x-token'], name: body.user.name } };
    `);
    expect(result.ok && result.value).toEqual({
      status: 201,
      headers: [
        { name: 'X-Echo', value: 'POST /users/42' },
        { name: 'X-Count', value: '3' },
      ],
      body: { id: '42', q: 'hello', tag: ['a', 'b'], token: 't', name: 'Ann' },
    });
  });

  it('accepts async scripts, string bodies and answers without a body', async () => {
    expect(await body('const n = await Promise.resolve(20); return { body: n + 1 }')).toBe(21);
    expect(await body('return { body: "<xml/>" }')).toBe('<xml/>');
    const empty = await run('return { status: 204 }');
    expect(empty.ok && empty.value).toEqual({ status: 204, headers: [] });
  });

  it('offers Mock.mock, Mock.Random and faker, with Chinese data and the template caps', async () => {
    const out = (await body(`return { body: {
      list: Mock.mock({ 'list|2': [{ 'id|+1': 1, name: '@cname' }] }).list,
      random: Mock.Random.cname(),
      single: Mock.mock('@cname'),
      name: faker.person.fullName(),
      clamped: Mock.Random.string(1e9).length,
      fakerClamped: faker.string.alpha(1e9).length,
    } }`)) as Record<string, unknown>;
    expect(out.list).toEqual([
      { id: 1, name: expect.stringMatching(/^[\u4e00-\u9fff]+$/) as unknown },
      { id: 2, name: expect.any(String) as unknown },
    ]);
    expect(out.random).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(out.single).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(out.name).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(out.clamped).toBeLessThanOrEqual(MOCK_CAPS.repeat);
    expect(out.fakerClamped).toBe(MOCK_CAPS.repeat);
  });

  it('refuses oversized helper arguments and templates that would exceed the caps', async () => {
    expect(await failure("return { body: Mock.mock({ a: 'x'.repeat(100000) }) }")).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/larger than/) as unknown,
    });
    expect(await failure("return { body: Mock.mock({ 'a|1000': [{ 'b|1000': [1] }] }) }")).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/Mock\.mock: .*values/) as unknown,
    });
  });

  it('captures console.log into a capped log', async () => {
    const result = await run('for (let i = 0; i < 200; i++) console.log("line", i, { i }, "x".repeat(5000)); return {}');
    expect(result.ok).toBe(true);
    expect(result.logs).toHaveLength(SANDBOX_LIMITS.logEntries);
    expect(result.logs[0]).toMatch(/^line 0 \{"i":0\} x+$/);
    expect(result.logs.every((line) => line.length <= SANDBOX_LIMITS.logEntryChars)).toBe(true);
  });

  it('reports syntax and runtime errors with their line, and checks syntax without running', async () => {
    expect(await failure('const a = 1;\nconst b = ;')).toMatchObject({
      kind: 'script_error',
      line: 2,
      message: expect.stringMatching(/^SyntaxError/) as unknown,
    });
    expect(await failure('\n\nnull.x')).toMatchObject({
      kind: 'script_error',
      line: 3,
      message: expect.stringMatching(/^TypeError/) as unknown,
    });
    expect(await failure('throw "plain text"')).toMatchObject({ kind: 'script_error', message: 'Error: plain text' });
    expect(await checkScriptSyntax('return {}')).toEqual({ ok: true, value: true });
    expect(await checkScriptSyntax('let x = 1;\n\nlet y = ;')).toMatchObject({ ok: false, error: { kind: 'script_error', line: 3 } });
  });

  it('refuses answers that are not {status, headers, body} JSON', async () => {
    expect(await failure('return () => 1')).toMatchObject({ kind: 'bad_response' });
    expect(await failure('return "just text"')).toMatchObject({ kind: 'bad_response' });
    expect(await failure('const a = {}; a.self = a; return { body: a }')).toMatchObject({
      kind: 'bad_response',
      message: expect.stringMatching(/circular/) as unknown,
    });
    expect(await failure('return { body: 10n }')).toMatchObject({ kind: 'bad_response' });
    for (const status of [42, 101, 999]) {
      expect(await failure(`return { status: ${status} }`)).toMatchObject({
        kind: 'bad_response',
        message: expect.stringMatching(/200 to 599/) as unknown,
      });
    }
    expect(await failure('return { headers: { "bad name": "x" } }')).toMatchObject({ kind: 'bad_response' });
    expect(await failure('return { headers: { "x-a": "1\\r\\nSet-Cookie: a=b" } }')).toMatchObject({ kind: 'bad_response' });
    expect(await failure('await new Promise(() => {})')).toMatchObject({
      kind: 'bad_response',
      message: expect.stringMatching(/never settles/) as unknown,
    });
  });
});

describe('ways out of the sandbox', SLOW, () => {
  it('has no process, require, module, fetch, timers or host functions', async () => {
    const globals = (await body('return { body: Object.getOwnPropertyNames(globalThis) }')) as string[];
    for (const name of [
      'process',
      'require',
      'module',
      'exports',
      'fetch',
      'setTimeout',
      'setInterval',
      'queueMicrotask',
      'hostCall',
      'hostLog',
      'Buffer',
      'WebAssembly',
      'std',
      'os',
    ]) {
      expect(globals, name).not.toContain(name);
    }
    expect(
      await body(
        'return { body: [typeof process, typeof require, typeof module, typeof hostCall, typeof globalThis.fetch, typeof setTimeout] }',
      ),
    ).toEqual(Array(6).fill('undefined'));
    expect(await failure('return { body: process.env }')).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/process/) as unknown,
    });
    expect(await failure('return { body: require("fs") }')).toMatchObject({ kind: 'script_error' });
    expect(await failure('module.exports = 1')).toMatchObject({ kind: 'script_error' });
  });

  it('refuses import() of host modules', async () => {
    expect(await failure('await import("fs"); return {}')).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/modules are not available/) as unknown,
    });
    expect(await failure('await import("node:child_process"); return {}')).toMatchObject({ kind: 'script_error' });
  });

  it('leads constructor chains back into the sandbox, never to the host', async () => {
    expect(await failure("return { body: this.constructor.constructor('return process')() }")).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/process/) as unknown,
    });
    expect(await body("return { body: typeof Function('return this')().process }")).toBe('undefined');
    expect(await body("return { body: typeof Mock.mock.constructor('return globalThis')().process }")).toBe('undefined');
    expect(await body("return { body: typeof faker.person.fullName.constructor('return this')().require }")).toBe('undefined');
    expect(await body("return { body: typeof (async () => {}).constructor('return process')().then }")).toBe('function');
  });

  it('shows only sandbox frames in stacks, whatever stack tricks are tried', async () => {
    const stacks = (await body(`
      Error.prepareStackTrace = (e, frames) => frames.map((f) => f.getFileName && f.getFileName());
      Error.stackTraceLimit = Infinity;
      let fromHelper = '';
      try { Mock.mock({ a: '@x', x: '@a' }); } catch (e) { fromHelper = e.message + e.stack; }
      let fromFaker = '';
      try { faker.number.int({ min: 5, max: 1 }); } catch (e) { fromFaker = e.message + e.stack; }
      return { body: [String(new Error('x').stack), fromHelper, fromFaker, typeof Error.captureStackTrace] };
    `)) as string[];
    const all = stacks.join('\n');
    expect(all).not.toMatch(/\/work\/|node_modules|node:|\.ts\b|\.mjs\b|file:\/\//);
    expect(stacks[0]).toMatch(/mock\.js/);
    expect(stacks[1]).toMatch(/cycle/);
    expect(stacks[3]).toBe('undefined');
  });

  it('keeps prototype pollution inside the run that did it', async () => {
    const polluted = await body(`
      Object.prototype.polluted = 1;
      ({}).__proto__.alsoPolluted = 1;
      Array.prototype.arrayPolluted = 1;
      Object.prototype.toJSON = undefined;
      return { body: Mock.mock({ a: 1, list: [1] }) };
    `);
    // Mock.js enumerates template keys with for...in: a polluted host Object.prototype would show up here.
    expect(polluted).toEqual({ a: 1, list: [1] });
    expect(await body('return { body: [({}).polluted, ({}).alsoPolluted, [].arrayPolluted] }')).toEqual([null, null, null]);
    expect(await body('return { body: Mock.mock({ a: 1 }) }')).toEqual({ a: 1 });
    const host = {} as Record<string, unknown>;
    expect([host.polluted, host.alsoPolluted, ([] as unknown as Record<string, unknown>).arrayPolluted]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('starts every run in a fresh context', async () => {
    expect(await body('globalThis.leftBehind = "project A data"; Math.random = () => 4; return { body: 1 }')).toBe(1);
    expect(await body('return { body: [typeof leftBehind, Math.random() === 4] }')).toEqual(['undefined', false]);
  });

  it('never lets a script read an environment variable', async () => {
    const attempts = [
      'return { body: String(globalThis.process && process.env) }',
      `return { body: Mock.mock({ a: '@lower(process.env.APILOOM_MOCK_CANARY)', b: '@upper(process.env["APILOOM_MOCK_CANARY"])' }) }`,
      'return { body: Mock.Random.lower("process.env.APILOOM_MOCK_CANARY") }',
      'return { body: faker.helpers.slugify("${process.env.APILOOM_MOCK_CANARY}") }',
      "try { return { body: Function('return process.env')() } } catch (e) { return { body: String(e) } }",
      'return { body: JSON.stringify(globalThis) + Object.getOwnPropertyNames(this).join() }',
      'return { body: Object.keys(faker).concat(Object.keys(Mock), Object.keys(Mock.Random)) }',
      'return { body: Mock.mock({ "a|1": ["@/constructor/constructor"] , b: "@hasOwnProperty" }) }',
    ];
    for (const source of attempts) {
      const result = await run(source);
      expect(JSON.stringify(result), source).not.toContain(SECRET);
    }
    expect(process.env.APILOOM_MOCK_CANARY).toBe(SECRET);
  });
});

describe('resource limits', SLOW, () => {
  // A test that ended a worker leaves the next one starting: time each test from a ready worker.
  beforeEach(async () => {
    deadlineMs = SANDBOX_LIMITS.deadlineMs;
    await warmSandbox();
  }, 60_000);
  afterEach(() => {
    deadlineMs = 5_000;
  });

  it.runIf(availableParallelism() >= 2)('an endless script holds up only its own worker: another script answers meanwhile', async () => {
    // Order, not milliseconds: the loop has seconds before its cut-off, and the other answer comes first.
    deadlineMs = 5_000;
    let endlessEnded = false;
    const endless = failure('while (true) {}', 'project-a').finally(() => (endlessEnded = true));
    // The pool gives another project's job to the idle worker rather than queueing it behind the loop.
    const meanwhile = await run('return { body: 1 + 1 }', 'project-b');
    expect(meanwhile.ok && meanwhile.value.body).toBe(2);
    expect(endlessEnded).toBe(false);
    expect((await endless).kind).toBe('timeout');
  });

  it('a script sent to a worker behind one that is cut off runs on the replacement worker, not failed', async () => {
    // Two projects each get a worker for an endless script and, waiting behind it, a quick one.
    const endless = ['project-a', 'project-b'].map((project) => failure('Array(2 ** 32 - 1).indexOf(1)', project));
    const quick = ['project-a', 'project-b'].map((project) => run('return { body: 1 + 1 }', project));
    for (const result of await Promise.all(quick)) expect(result.ok && result.value.body).toBe(2);
    for (const result of await Promise.all(endless)) expect(result.kind).toBe('timeout');
    await expectHealthy();
  });

  it('stops an endless loop at the deadline, and the next script runs normally', async () => {
    const result = await failure('while (true) {}');
    expect(result.kind).toBe('timeout');
    expect(result.ms).toBeLessThan(SANDBOX_LIMITS.deadlineMs + SLACK_MS);
    await expectHealthy();
  });

  it('stops microtask storms and self-rescheduling promises at the deadline', async () => {
    for (const source of [
      'for (;;) await null;',
      'function again() { Promise.resolve().then(again); } again(); await new Promise(() => {});',
      'const spin = async () => { for (;;) await Promise.resolve(); }; await Promise.all([spin(), spin(), spin()]);',
    ]) {
      const result = await failure(source);
      expect(result.kind, source).toBe('timeout');
      expect(result.ms, source).toBeLessThan(SANDBOX_LIMITS.deadlineMs + SLACK_MS);
    }
    await expectHealthy();
  });

  it('stops a built-in that loops natively, where the interrupt handler cannot, by replacing the worker', async () => {
    const [stalled, queued] = await Promise.all([
      run('return { body: Array(2 ** 32 - 1).indexOf(1) }'),
      run('return { body: "queued behind it" }'),
    ]);
    expect(stalled.ok).toBe(false);
    if (!stalled.ok) expect(stalled.error.kind).toBe('timeout');
    expect(stalled.ms).toBeLessThan(SANDBOX_LIMITS.deadlineMs + WATCHDOG_GRACE_MS + SLACK_MS);
    expect(queued.ok && queued.value.body).toBe('queued behind it');
    await expectHealthy();
  });

  it('stops memory bombs at the memory limit', async () => {
    expect(await failure("return { body: 'x'.repeat(1e9).length }")).toMatchObject({ kind: 'memory' });
    expect(await failure('return { body: new ArrayBuffer(1e8).byteLength }')).toMatchObject({ kind: 'memory' });
    // Growing arrays hit the memory limit or the deadline first, depending on the machine's speed.
    const growing = await failure('const a = []; for (;;) a.push({ n: a.length, s: "item " + a.length });');
    expect(['memory', 'timeout']).toContain(growing.kind);
    expect(growing.ms).toBeLessThan(SANDBOX_LIMITS.deadlineMs + WATCHDOG_GRACE_MS + SLACK_MS);
    await expectHealthy();
  });

  it('stops deep recursion with a stack overflow error', async () => {
    expect(await failure('function f(n) { return f(n + 1) + 1; } return { body: f(0) }')).toMatchObject({
      kind: 'script_error',
      message: expect.stringMatching(/stack overflow/i) as unknown,
    });
    for (const source of [
      "return { body: eval('['.repeat(100000)) }",
      "return { body: JSON.parse('['.repeat(100000)) }",
      'let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; return { body: o }',
    ]) {
      const result = await failure(source);
      expect(result.message, source).toMatch(/stack overflow|did not finish/i);
    }
    await expectHealthy();
  });

  it('refuses answers over 1 MB before copying them out', async () => {
    // About size, not time: seconds, so a busy machine's stall is not mistaken for the answer's size.
    deadlineMs = 5_000;
    expect(await failure("return { body: 'x'.repeat(2 * 1024 * 1024) }")).toMatchObject({ kind: 'output_too_large' });
    expect(await failure("return { body: Array(150000).fill('abcdefgh') }")).toMatchObject({ kind: 'output_too_large' });
    await expectHealthy();
  });

  it('keeps the host process healthy after all of it', async () => {
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 10; i++) expect((await failure(i % 2 ? 'while (true) {}' : 'for (;;) await null;')).kind).toBe('timeout');
    await expectHealthy();
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(50 * 1024 * 1024);
  });
});

describe('fair shares between projects', SLOW, () => {
  /**
   * A pool of its own, whatever this machine has: two CPUs' share (three workers: two a project may run on, one in
   * reserve) and short lines, so the order of answers is the same on any machine and a full line takes few scripts.
   */
  const size: PoolSize = { cpus: 2, queuePerProject: 4, queueTotal: 4 };
  const pool = new SandboxPool(size);
  beforeAll(() => pool.start(), 60_000);
  afterAll(() => pool.close());
  const endless = (project: string, deadlineMs: number) => pool.runScript('while (true) {}', request, { projectId: project, deadlineMs });
  const quick = (project: string, body: string) =>
    pool.runScript(`return { body: ${JSON.stringify(body)} }`, request, { projectId: project, deadlineMs: 5_000 });

  it("queues a project's scripts beyond its share of the workers and answers every one", async () => {
    // A frontend's page with parallel calls: two run at a time, the rest wait in the project's line.
    const calls = Array.from({ length: size.queuePerProject }, (_, n) => `call ${n}`);
    const answers = await Promise.all(calls.map((body) => quick('page', body)));
    expect(answers.map((answer) => answer.ok && answer.value.body)).toEqual(calls);
  });

  it("answers another project's script while one project's line is full of runaway scripts, refuses past the line at once, and serves it again after", async () => {
    const settled: string[] = [];
    const note = <T>(name: string, promise: Promise<T>) => promise.finally(() => settled.push(name));
    // Runaway scripts with a deadline long enough that the other project's script cannot lose the race on a slow machine.
    const runaway = Array.from({ length: size.queuePerProject }, () => note('a', endless('abuser', 1_000)));
    const beyond = note('a-beyond', quick('abuser', 'never'));
    const other = note('b', quick('bystander', 'b answered'));

    expect(await beyond).toMatchObject({
      ok: false,
      error: { kind: 'busy', message: `this project already has ${size.queuePerProject} scripts running or waiting` },
    });
    expect(settled).toEqual(['a-beyond']);
    const answer = await other;
    expect(answer.ok && answer.value.body).toBe('b answered');
    // Order, not milliseconds: the other project's script was answered before any runaway one timed out.
    expect(settled).toEqual(['a-beyond', 'b']);

    // The waiting runaway scripts ran in turn rather than being refused.
    for (const result of await Promise.all(runaway)) expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const again = await quick('abuser', 'a again');
    expect(again.ok && again.value.body).toBe('a again');
  });

  it('runs one script fewer at once of a project whose script timed out lately', async () => {
    const settled: string[] = [];
    const note = <T>(name: string, promise: Promise<T>) => promise.finally(() => settled.push(name));
    // Its share is both CPUs: a quick script beside an endless one runs at once on the second.
    const first = note('endless', endless('heavy', 1_500));
    await note('quick', quick('heavy', 'beside'));
    expect((await first).ok).toBe(false);
    expect(settled).toEqual(['quick', 'endless']);
    // Its script timed out: now it runs one at a time, so the quick one waits for the endless one to end.
    settled.length = 0;
    const second = note('endless', endless('heavy', 1_000));
    const after = await note('quick', quick('heavy', 'after'));
    expect(after.ok && after.value.body).toBe('after');
    expect((await second).ok).toBe(false);
    expect(settled).toEqual(['endless', 'quick']);
  });

  it('bounds the lines of every project together: past that bound any project is refused at once', async () => {
    // a runs two and waits with two; b runs one on the reserve worker and waits with two: four waiting in all.
    const held = [...Array.from({ length: 4 }, () => endless('a', 1_000)), ...Array.from({ length: 3 }, () => endless('b', 1_000))];
    expect(await quick('c', 'never')).toMatchObject({
      ok: false,
      error: { kind: 'busy', message: `${size.queueTotal} scripts are already waiting for the sandbox` },
    });
    for (const result of await Promise.all(held)) expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
    const served = await quick('c', 'c answered');
    expect(served.ok && served.value.body).toBe('c answered');
  });

  it('serves waiting projects in turn, not in the order their scripts came', async () => {
    // One project holds its share of the workers with endless scripts, so the others take turns on the reserve.
    const holders = [endless('holder', 60_000), endless('holder', 60_000)];
    const done: string[] = [];
    const inTurn = (project: string, n: number) =>
      quick(project, `${project}${n}`).then((result) => {
        expect(result.ok).toBe(true);
        done.push(`${project}${n}`);
      });
    await Promise.all([inTurn('b', 1), inTurn('b', 2), inTurn('b', 3), inTurn('c', 1), inTurn('c', 2)]);
    // b1 goes straight to the idle worker; b (waiting first) and c then take turns. First come, first served
    // would run all of b's before c's.
    expect(done).toEqual(['b1', 'b2', 'c1', 'b3', 'c2']);
    // Ends the endless ones.
    await pool.close();
    for (const result of await Promise.all(holders)) expect(result.ok).toBe(false);
  });
});
