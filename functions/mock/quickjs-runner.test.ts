/**
 * The QuickJS runner in this thread, where the helpers a script calls (Mock.js, faker) run: what a script does
 * to its own prototypes must not reach this realm, and hundreds of runs must not leak handles or memory.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderTemplateValue } from './template';
import { runScriptInQuickJs, warmQuickJs } from './quickjs-runner';

const request = { method: 'GET', path: '/', params: {}, query: {}, headers: {}, body: null };
const SLOW = { timeout: 120_000 };

describe('runScriptInQuickJs', SLOW, () => {
  it('starts every script from pristine built-ins: what one replaces does not reach the next (issue 37)', async () => {
    await warmQuickJs();
    // What it does to its own answer (a toJSON everywhere) is its business; the next script must not see it.
    await runScriptInQuickJs(
      `Array.prototype.map = function () { return ['stolen']; };
       Object.prototype.toJSON = function () { return 'stolen'; };
       JSON.stringify = () => '"stolen"';
       return { body: 'done' };`,
      request,
      { deadlineMs: 5_000 },
    );
    const next = await runScriptInQuickJs(
      `return { headers: { authorization: ['Bearer ' + request.headers.authorization].map((v) => v)[0] }, body: { list: [1, 2].map((n) => n * 2) } };`,
      { ...request, headers: { authorization: 'mine' } },
      { deadlineMs: 5_000 },
    );
    expect(next).toMatchObject({ ok: true, value: { headers: [{ name: 'authorization', value: 'Bearer mine' }], body: { list: [2, 4] } } });
  });

  it("keeps a script's prototype pollution out of the realm that runs its helpers", async () => {
    await warmQuickJs();
    const result = await runScriptInQuickJs(
      `Object.prototype.polluted = 'yes';
       Array.prototype.push = () => { throw new Error('broken'); };
       JSON.parse = () => ({ hijacked: true });
       return { body: [Mock.mock({ a: 1, 'list|2': [{ 'id|+1': 1 }] }), faker.helpers.arrayElement(['only'])] };`,
      request,
      { deadlineMs: 5_000 },
    );
    expect(result.ok && result.value.body).toEqual([{ a: 1, list: [{ id: 1 }, { id: 2 }] }, 'only']);
    // A toJSON on the sandbox's Object.prototype garbles what the script sends to its own helpers: its business.
    const hijacked = await runScriptInQuickJs(
      `Object.defineProperty(Object.prototype, 'toJSON', { value: () => 'hijacked', configurable: true });
       return { body: Mock.mock({ a: 1 }) };`,
      request,
      { deadlineMs: 5_000 },
    );
    expect(hijacked).toMatchObject({ ok: false, error: { kind: 'script_error', message: 'Error: Mock.mock: bad arguments', line: 2 } });
    const probe = {} as Record<string, unknown>;
    expect(probe.polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'toJSON')).toBe(false);
    expect(JSON.parse('{"a":1}')).toEqual({ a: 1 });
    const rendered = renderTemplateValue({ a: 1 });
    expect(rendered.ok && rendered.value.json).toBe('{"a":1}');
  });

  it('does not grow the host heap or the wasm memory over 500 runs of every outcome', () => {
    // A child process, so it can force garbage collection and measure this process's heap alone.
    const runner = fileURLToPath(new URL('./quickjs-runner.ts', import.meta.url));
    const probe = `
      const { runScriptInQuickJs, warmQuickJs } = await import(${JSON.stringify(runner)});
      const request = { method: 'GET', path: '/', params: {}, query: {}, headers: {}, body: null };
      const sources = [
        'return { body: 1 }',
        'return { body: Mock.mock({ "list|10": [{ "id|+1": 1, name: "@cname" }] }) }',
        'return { body: faker.person.fullName() }',
        'console.log("x"); return { status: 201, headers: { a: "b" } }',
        'null.x',
        'let x = ;',
        'const a = {}; a.a = a; return { body: a }',
        "return { body: 'x'.repeat(1e9) }",
        'return () => 1',
        'function f() { return f() + 1 } f()',
      ];
      const runAll = async (count) => {
        const kinds = {};
        for (let i = 0; i < count; i++) {
          const result = await runScriptInQuickJs(sources[i % sources.length], request, { deadlineMs: 5_000 });
          const kind = result.ok ? 'ok' : result.error.kind;
          kinds[kind] = (kinds[kind] ?? 0) + 1;
        }
        return kinds;
      };
      const settle = () => { for (let i = 0; i < 3; i++) globalThis.gc(); return process.memoryUsage(); };
      await warmQuickJs();
      await runAll(100);
      const before = settle();
      const kinds = await runAll(500);
      const after = settle();
      console.log(JSON.stringify({ kinds, heap: after.heapUsed - before.heapUsed, external: after.external - before.external }));
    `;
    const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', probe], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 100_000,
    });
    const { kinds, heap, external } = JSON.parse(output.trim().split('\n').pop()!) as {
      kinds: Record<string, number>;
      heap: number;
      external: number;
    };
    expect(kinds).toEqual({ ok: 200, script_error: 150, bad_response: 100, memory: 50 });
    expect(heap).toBeLessThan(8 * 1024 * 1024);
    expect(external).toBeLessThan(8 * 1024 * 1024);
  });
});
