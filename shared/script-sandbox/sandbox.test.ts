/**
 * The request scripts' sandbox core, in Node against real QuickJS and chai: the pm subset a login flow needs,
 * assertion results, warnings for what it does not do, errors with their line, no host access, the deadline and
 * the memory cap, and scripts kept apart from each other in one sandbox.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { RunRequest, RunResponse } from '@shared/schemas/runner';
import { scriptsEn } from './texts.en';
import { scriptsZh } from './texts.zh';
import { chaiSource } from './chai-source';
import { createScriptSandbox, SCRIPT_LIMITS } from './sandbox';
import type { ScriptContext } from './types';

const sandbox = createScriptSandbox({ chaiSource: chaiSource() });
afterAll(() => sandbox.dispose());

// QuickJS prints its aborts (a runtime freed with objects alive: `list_empty(&rt->gc_obj_list)`) through the
// console.error it binds when its module loads, after this spy is in place; a test is green only without one.
const consoleErrors = vi.spyOn(console, 'error');
afterEach(() => {
  const printed = consoleErrors.mock.calls.map((args) => args.map(String).join(' '));
  consoleErrors.mockClear();
  expect(printed.filter((line) => /Aborted\(|list_empty|Assertion failed/.test(line))).toEqual([]);
});

const request = (overrides: Partial<RunRequest> = {}): RunRequest => ({
  method: 'GET',
  url: 'https://api.example.test/users/me',
  headers: [{ name: 'Accept', value: 'application/json' }],
  body: { kind: 'none' },
  ...overrides,
});

const response = (status: number, body: unknown, headers: RunResponse['headers'] = []): RunResponse => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    statusText: status === 200 ? 'OK' : status === 404 ? 'Not Found' : 'Unauthorized',
    headers: [{ name: 'Content-Type', value: 'application/json; charset=utf-8' }, ...headers],
    bodyBase64: Buffer.from(text).toString('base64'),
    size: Buffer.byteLength(text),
    truncated: false,
    timeMs: 42,
    finalUrl: 'https://api.example.test/login',
  };
};

const context = (overrides: Partial<ScriptContext> = {}): ScriptContext => ({
  request: request(),
  environment: {},
  variables: {},
  ...overrides,
});

/** A script that must still work after the one under test (the sandbox recovered). */
async function expectHealthy() {
  const after = await sandbox.run(
    'post',
    "pm.test('alive', () => pm.expect(pm.response.code).to.equal(200));",
    context({ response: response(200, {}) }),
  );
  expect(after.error).toBeUndefined();
  expect(after.tests).toEqual([{ name: 'alive', passed: true }]);
}

describe('request scripts', () => {
  it('log in, keep the token, send it with the next request', async () => {
    const login = await sandbox.run(
      'post',
      `const body = pm.response.json();
       pm.test('signed in', () => {
         pm.response.to.have.status(200);
         pm.expect(body.data.token).to.be.a('string').and.not.empty;
       });
       pm.environment.set('token', body.data.token);
       pm.variables.set('userId', body.data.user.id);
       console.log('token kept for', body.data.user.name);`,
      context({
        request: request({ method: 'POST', url: 'https://api.example.test/login' }),
        response: response(200, { code: 0, data: { token: 'tk-123', user: { id: 7, name: 'Ada' } } }),
        environment: { baseUrl: 'https://api.example.test' },
      }),
    );
    expect(login.error).toBeUndefined();
    expect(login.tests).toEqual([{ name: 'signed in', passed: true }]);
    expect(login.environment).toEqual({ baseUrl: 'https://api.example.test', token: 'tk-123' });
    expect(login.variables).toEqual({ userId: '7' });
    expect(login.logs).toEqual(['token kept for Ada']);

    const next = await sandbox.run(
      'pre',
      `pm.request.headers.upsert({ key: 'Authorization', value: 'Bearer ' + pm.environment.get('token') });
       pm.request.url = pm.variables.replaceIn('{{baseUrl}}/users/{{userId}}');`,
      context({ environment: login.environment, variables: login.variables }),
    );
    expect(next.error).toBeUndefined();
    expect(next.request).toEqual(
      request({
        url: 'https://api.example.test/users/7',
        headers: [
          { name: 'Accept', value: 'application/json' },
          { name: 'Authorization', value: 'Bearer tk-123' },
        ],
      }),
    );
    // A pre-request script changes the request it is given, never the caller's object.
    expect(context().request.headers).toHaveLength(1);
  });

  it('lists every assertion, failing ones with their message, and goes on after a failure', async () => {
    const result = await sandbox.run(
      'post',
      `pm.test('status is 200', () => pm.response.to.have.status(200));
       pm.test('has a name', () => pm.expect(pm.response.json().name).to.equal('Ada'));
       pm.test('is JSON', () => pm.response.to.have.header('content-type'));
       pm.test('fast', () => pm.expect(pm.response.responseTime).to.be.below(10));
       pm.test('typo', () => pm.expect(1).to.equa(1));
       pm.test('text', () => pm.expect(pm.response.text()).to.include('Grace'));`,
      context({ response: response(404, { name: 'Grace' }) }),
    );
    expect(result.error).toBeUndefined();
    expect(result.tests).toEqual([
      { name: 'status is 200', passed: false, error: 'expected response to have status code 200 but got 404' },
      { name: 'has a name', passed: false, error: "expected 'Grace' to equal 'Ada'" },
      { name: 'is JSON', passed: true },
      { name: 'fast', passed: false, error: 'expected 42 to be below 10' },
      { name: 'typo', passed: false, error: 'Error: Invalid Chai property: equa. Did you mean "equal"?' },
      { name: 'text', passed: true },
    ]);
  });

  it('warns, once each, about pm calls it does not support, in Chinese by default and in English', async () => {
    const script = `pm.sendRequest('https://example.test', () => {});
      pm.sendRequest('https://example.test', () => {});
      pm.collectionVariables.set('a', 1);
      pm.test('still runs', () => pm.expect(pm.globals).to.be.a('function'));`;
    const zh = await sandbox.run('pre', script, context());
    expect(zh.error).toBeUndefined();
    expect(zh.warnings).toEqual(['不支持 pm.sendRequest，已忽略', '不支持 pm.collectionVariables，已忽略', '不支持 pm.globals，已忽略']);
    expect(zh.tests).toEqual([{ name: 'still runs', passed: true }]);

    const en = await sandbox.run('pre', script, context(), { locale: 'en' });
    expect(en.warnings).toEqual([
      'pm.sendRequest is not supported here; it was ignored',
      'pm.collectionVariables is not supported here; it was ignored',
      'pm.globals is not supported here; it was ignored',
    ]);
  });

  it('says where pm.response and pm.request cannot be used', async () => {
    const pre = await sandbox.run('pre', 'const code = pm.response.code;', context(), { locale: 'en' });
    expect(pre.warnings).toEqual([scriptsEn.responseInPre]);
    expect(pre.error).toBe("TypeError: cannot read property 'code' of undefined (line 1)");

    const post = await sandbox.run(
      'post',
      "pm.request.url = 'https://elsewhere.test'; pm.request.headers.add({ key: 'X', value: '1' });",
      context({ response: response(200, {}) }),
    );
    expect(post.warnings).toEqual([scriptsZh.requestReadOnly]);
    expect(post.request).toEqual(request());
  });

  it('reports a script error with its line, in both languages, keeping what the script did before it', async () => {
    const script = "pm.environment.set('seen', 'yes');\n\nconst user = null;\nuser.name;";
    const zh = await sandbox.run('pre', script, context());
    expect(zh.error).toBe("TypeError: cannot read property 'name' of null（第 4 行）");
    expect(zh.environment).toEqual({ seen: 'yes' });
    const en = await sandbox.run('pre', 'pm.test("a", () => {});\nlet x = ;', context(), { locale: 'en' });
    expect(en.error).toBe("SyntaxError: unexpected token in expression: ';' (line 2)");
    expect(en.tests).toEqual([]);
    const thrown = await sandbox.run('post', "\nthrow new Error('no token in the answer');", context({ response: response(200, {}) }), {
      locale: 'en',
    });
    expect(thrown.error).toBe('Error: no token in the answer (line 2)');
    await expectHealthy();
  });

  it('gives a script nothing of the host: no process, fetch, require, modules, timers or network', async () => {
    const result = await sandbox.run(
      'pre',
      `for (const name of ['process', 'fetch', 'require', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'importScripts', 'postMessage', 'self', 'window', 'Buffer', 'hostEmit'])
         pm.test(name, () => pm.expect(typeof globalThis[name]).to.equal('undefined'));
       let imported = 'no error';
       try { await import('node:fs'); } catch (e) { imported = String(e.message); }
       pm.environment.set('import', imported);`,
      context(),
    );
    expect(result.error).toBeUndefined();
    expect(result.tests.filter((t) => !t.passed)).toEqual([]);
    expect(result.tests).toHaveLength(12);
    expect(result.environment.import).toMatch(/modules are not available/);
  });

  it('stops an endless loop at the deadline and the next script runs normally', async () => {
    const scripts = [
      'for (;;) {}',
      "pm.test('spins', () => { while (true) {} });",
      'for (;;) await null;',
      "/(a*)*b/.test('a'.repeat(40));",
    ];
    for (const script of scripts) {
      const started = performance.now();
      const result = await sandbox.run('pre', script, context({ environment: { kept: '1' } }), { locale: 'en' });
      const ms = performance.now() - started;
      expect(result.error).toBe(`The script did not finish within ${SCRIPT_LIMITS.deadlineMs} ms`);
      expect(result.environment).toEqual({ kept: '1' });
      // The deadline, plus loading QuickJS and chai again for a fresh engine on a busy machine.
      expect(ms).toBeLessThan(SCRIPT_LIMITS.deadlineMs + 1_500);
      await expectHealthy();
    }
  });

  it('stops a huge allocation at the memory cap and the next script runs normally', async () => {
    const mb = SCRIPT_LIMITS.memoryBytes / 1024 / 1024;
    for (const script of ["'x'.repeat(1e9)", 'new ArrayBuffer(5e8)', 'const a = []; a[1e8] = 1; a.fill(0);']) {
      const result = await sandbox.run('pre', script, context(), { locale: 'en' });
      expect({ script, error: result.error }).toEqual({ script, error: `The script used more than ${mb} MB of memory` });
      await expectHealthy();
    }
    // Growing in small steps reaches the cap or the deadline first, by the machine's speed: either ends it.
    const growing = await sandbox.run('pre', 'const a = []; for (;;) a.push({ n: a.length, s: "item " + a.length });', context(), {
      locale: 'en',
    });
    expect([`The script used more than ${mb} MB of memory`, `The script did not finish within ${SCRIPT_LIMITS.deadlineMs} ms`]).toContain(
      growing.error,
    );
    await expectHealthy();
  });

  it('ends deep recursion as a stack overflow, inside QuickJS or the host, and the next script runs normally', async () => {
    const scripts = [
      'function f(n) { return f(n + 1) + 1; } f(0);',
      'let o = {}; for (let i = 0; i < 1e5; i++) o = { o }; JSON.stringify(o);',
      'let p = {}; for (let i = 0; i < 1e5; i++) p = new Proxy(p, {}); p.x;',
      'let o = {}; for (let i = 0; i < 1e4; i++) o = { o }; pm.expect(o).to.deep.equal({});',
    ];
    for (const script of scripts) {
      const result = await sandbox.run('pre', script, context(), { locale: 'en' });
      expect({ script, error: result.error }).toEqual({ script, error: scriptsEn.stackOverflow });
      await expectHealthy();
    }
  });

  it('keeps scripts apart: what one adds to or overwrites in the global scope does not reach the next', async () => {
    const first = await sandbox.run('pre', "leaked = 'x'; globalThis.other = 1; JSON = null; var local = 1;", context());
    expect(first.error).toBeUndefined();
    const second = await sandbox.run(
      'pre',
      `pm.test('clean', () => {
         pm.expect(typeof leaked).to.equal('undefined');
         pm.expect(typeof other).to.equal('undefined');
         pm.expect(JSON.stringify({ a: 1 })).to.equal('{"a":1}');
       });`,
      context(),
    );
    expect(second.tests).toEqual([{ name: 'clean', passed: true }]);
  });

  it('starts every script from pristine built-ins: what one replaces in them does not reach the next', async () => {
    const hostile = await sandbox.run(
      'pre',
      `const stolen = [{ name: 'Authorization', value: 'Bearer stolen' }];
       const attempts = [
         () => { Array.prototype.map = function () { return stolen; }; },
         () => Object.defineProperty(Array.prototype, 'map', { value: function () { return stolen; } }),
         () => { JSON.parse = () => ({ request: { headers: stolen } }); },
         () => { String.prototype.toLowerCase = () => 'authorization'; },
         () => { Object.prototype.toString = () => 'tampered'; },
         () => Object.setPrototypeOf(Array.prototype, null),
         () => { const proto = Object.getPrototypeOf(pm.expect(1)); proto.equal = function () { return this; }; },
         () => Object.defineProperty(Object.getPrototypeOf(pm.expect(1)), 'equal', { value: function () { return this; } }),
       ];
       let refused = 0;
       for (const attempt of attempts) try { attempt(); } catch (e) { refused++; }
       console.log(refused);`,
      context(),
    );
    expect(hostile.error).toBeUndefined();
    const next = await sandbox.run(
      'pre',
      `pm.test('one is not two', () => pm.expect(1).to.equal(2));
       pm.test('built-ins', () => pm.expect(Object.prototype.toString.call([])).to.equal('[object Array]'));
       pm.request.headers.upsert({ key: 'X-Trace', value: 'abc' });`,
      context({ request: request({ headers: [{ name: 'Authorization', value: 'Bearer mine' }] }) }),
      { locale: 'en' },
    );
    expect(next.error).toBeUndefined();
    expect(next.request.headers).toEqual([
      { name: 'Authorization', value: 'Bearer mine' },
      { name: 'X-Trace', value: 'abc' },
    ]);
    expect(next.tests.map((t) => [t.name, t.passed])).toEqual([
      ['one is not two', false],
      ['built-ins', true],
    ]);
  });

  it('still lets a script assign toString, name or message on its own objects over the frozen built-ins', async () => {
    const result = await sandbox.run(
      'pre',
      `'use strict';
       function Thing() {}
       Thing.prototype.toString = function () { return 'a thing'; };
       const error = new Error();
       error.name = 'LoginError';
       error.message = 'no token';
       const record = {};
       record.constructor = 'kept';
       record.valueOf = () => 42;
       pm.test('own properties', () => {
         pm.expect(String(new Thing())).to.equal('a thing');
         pm.expect(String(error)).to.equal('LoginError: no token');
         pm.expect(record.constructor).to.equal('kept');
         pm.expect(record + 1).to.equal(43);
         pm.expect([1, 2].map((n) => n * 2)).to.deep.equal([2, 4]);
       });`,
      context(),
    );
    expect(result.error).toBeUndefined();
    expect(result.tests).toEqual([{ name: 'own properties', passed: true }]);
  });

  it('runs out the promise jobs a script leaves behind before the next script starts', async () => {
    const first = await sandbox.run(
      'pre',
      `let steps = 0;
       const later = () => Promise.resolve().then(() => (++steps < 20 ? later() : console.log('late')));
       later();`,
      context(),
    );
    const second = await sandbox.run('pre', "console.log('second');", context());
    expect(first.logs).toEqual(['late']);
    expect(second.logs).toEqual(['second']);
  });

  it('caps what a script hands back where it is made: variables and headers, and the changes read by the page', async () => {
    const headers = await sandbox.run(
      'pre',
      "for (let i = 0; i < 3e5; i++) pm.request.headers.add({ key: 'X-' + i, value: '' });",
      context(),
      { locale: 'en' },
    );
    expect(headers.error).toBe('RangeError: pm.request.headers: at most 200 headers (line 1)');
    // What the script did before its error stays, as for any error: up to the cap.
    expect(headers.request.headers).toHaveLength(200);
    const variables = await sandbox.run('pre', "for (let i = 0; i < 2e5; i++) pm.environment.set('v' + i, i);", context(), {
      locale: 'en',
    });
    expect(variables.error).toBe('RangeError: pm.environment: at most 1000 variables (line 1)');
    expect(Object.keys(variables.environment)).toHaveLength(1000);
    // Within the counts, 1000 variables of 64 KB each are more than the page takes back (4 MB).
    const large = await sandbox.run(
      'pre',
      "const big = 'x'.repeat(64 * 1024); for (let i = 0; i < 100; i++) pm.environment.set('v' + i, big);",
      context(),
      { locale: 'zh' },
    );
    expect(large.error).toBe(scriptsZh.changesTooLarge.replace('{{mb}}', '4'));
    expect(large.environment).toEqual({});
    await expectHealthy();
  });

  it('reads variables from the run then the environment, and writes each where it was asked', async () => {
    const result = await sandbox.run(
      'pre',
      `pm.test('scopes', () => {
         pm.expect(pm.variables.get('host')).to.equal('env-host');
         pm.expect(pm.variables.get('id')).to.equal('run-id');
         pm.expect(pm.variables.has('missing')).to.equal(false);
         pm.expect(pm.environment.has('id')).to.equal(false);
       });
       pm.variables.set('host', 'run-host');
       pm.environment.set('count', 3);
       pm.environment.set('obj', { a: 1 });
       pm.environment.unset('old');
       pm.environment.set('__proto__', 'a name like any other');`,
      context({ environment: { host: 'env-host', old: 'x' }, variables: { id: 'run-id' } }),
    );
    expect(result.tests).toEqual([{ name: 'scopes', passed: true }]);
    expect(result.environment).toEqual(
      JSON.parse('{"host":"env-host","count":"3","obj":"{\\"a\\":1}","__proto__":"a name like any other"}'),
    );
    expect(result.variables).toEqual({ id: 'run-id', host: 'run-host' });
  });
});
