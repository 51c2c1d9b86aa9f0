/**
 * The QuickJS engine part both script sandboxes share (the mock's and the interface runner's): its limits, its one
 * way out to the host, and how it reads and sorts a script's failure. The sandboxes' own tests cover what a script
 * sees on each side (functions/mock/sandbox.test.ts, shared/script-sandbox/sandbox.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { describeErrorSource, dropQuickJs, limitReached, lineIn, loadQuickJs, QuickJsEngine, wrapScript } from './quickjs';

const LIMITS = { memoryBytes: 8 * 1024 * 1024, stackBytes: 64 * 1024, modulesRefused: 'no modules here' };

/** A prelude of the shape both sides use: its helpers, among them `describe`, captured before any script. */
const PRELUDE = `(function () {
  'use strict';
  const stringify = JSON.stringify;
  const clip = (text, max) => (text.length > max ? text.slice(0, max) : text);
  const show = (value) => String(value);
  ${describeErrorSource(20)}
  return { describe };
})`;

const engines: QuickJsEngine[] = [];
afterEach(() => {
  for (const engine of engines.splice(0)) engine.dispose();
});

async function newEngine(deadlineMs = 2_000) {
  const engine = new QuickJsEngine(await loadQuickJs(), LIMITS);
  engine.setDeadline(Date.now() + deadlineMs);
  engines.push(engine);
  return engine;
}

/** Runs `source` as a script body (wrapScript) and its jobs to the end: what it settled as. */
function runScript(engine: QuickJsEngine, source: string, deadline = Date.now() + 2_000) {
  const ctx = engine.context;
  const fn = ctx.unwrapResult(ctx.evalCode(wrapScript('', source), 'script.js', { type: 'global' }));
  const promise = ctx.unwrapResult(ctx.callFunction(fn, ctx.undefined));
  fn.dispose();
  const settled = engine.settle(promise, deadline);
  return { settled, promise };
}

/** The description of what a script was rejected with, through the prelude's `describe`. */
function rejection(engine: QuickJsEngine, source: string) {
  const ctx = engine.context;
  const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE, 'prelude.js', { type: 'global' }));
  const helpers = ctx.unwrapResult(ctx.callFunction(prelude, ctx.undefined));
  const { settled, promise } = runScript(engine, source);
  try {
    if (settled.type !== 'rejected') return settled.type;
    engine.setDeadline(Date.now() + 1_000);
    return engine.describeError(settled.error, helpers);
  } finally {
    if (settled.type === 'rejected') settled.error.dispose();
    for (const handle of [helpers, prelude, promise]) handle.dispose();
  }
}

describe('the QuickJS engine both sandboxes share', () => {
  it('loads the WebAssembly module once, and anew after a run broke it', async () => {
    // Compared as booleans: a failing match would print the whole module.
    const first = await loadQuickJs();
    expect((await loadQuickJs()) === first).toBe(true);
    dropQuickJs();
    const second = await loadQuickJs();
    expect(second === first).toBe(false);
    expect((await loadQuickJs()) === second).toBe(true);
  });

  it('refuses modules with the message it was given', async () => {
    const engine = await newEngine();
    const read = rejection(engine, `await import('node:fs');`);
    expect(read).toMatchObject({ message: 'no modules here' });
  });

  it('stops a script at its deadline, at its memory cap and at its stack cap, and says which', async () => {
    const endless = rejection(await newEngine(100), 'for (;;) {}');
    expect(typeof endless === 'object' ? limitReached(endless) : endless).toBe('timeout');
    const memory = rejection(await newEngine(), `return 'x'.repeat(1e9).length;`);
    expect(typeof memory === 'object' ? limitReached(memory) : memory).toBe('memory');
    const deep = rejection(await newEngine(), 'const f = (n) => f(n + 1) + 1; f(0);');
    expect(typeof deep === 'object' ? limitReached(deep) : deep).toBe('stack');
    const own = rejection(await newEngine(), `throw new TypeError('mine');`);
    expect(typeof own === 'object' ? limitReached(own) : own).toBeUndefined();
  });

  it("reads a script's error with the script's own line, and any thrown value without running the script's toJSON", async () => {
    const engine = await newEngine();
    const read = rejection(engine, `Object.prototype.toJSON = () => 'hijacked';\nconst x = 1;\nnull.boom;`);
    expect(read).toMatchObject({ name: 'TypeError' });
    expect(typeof read === 'object' && lineIn(read.stack, 'script.js')).toBe(3);
    expect(rejection(engine, `throw 'a plain string longer than the message cap';`)).toEqual({
      name: 'Error',
      message: 'a plain string longe',
      stack: '',
    });
    const broken = rejection(engine, `throw { get name() { throw new Error('no'); } };`);
    expect(broken).toEqual({ name: 'Error', message: 'the script threw a value that cannot be read', stack: '' });
  });

  it('settles a promise, stops an endless chain of jobs at the deadline, and knows one that can never settle', async () => {
    const outcome = async (source: string, deadline = Date.now() + 2_000) => {
      const engine = await newEngine(5_000);
      const { settled, promise } = runScript(engine, source, deadline);
      const value = settled.type === 'fulfilled' ? (engine.context.dump(settled.value) as unknown) : undefined;
      if (settled.type === 'fulfilled' && settled.value !== promise) settled.value.dispose();
      promise.dispose();
      return { type: settled.type, value };
    };
    expect(await outcome('await null; return 42;')).toEqual({ type: 'fulfilled', value: 42 });
    expect(await outcome('for (;;) await null;', Date.now() + 50)).toEqual({ type: 'timeout', value: undefined });
    expect(await outcome('await new Promise(() => {});')).toEqual({ type: 'stuck', value: undefined });
  });

  it('goes on running jobs after the promise settles while the caller still waits on something', async () => {
    const engine = await newEngine();
    const ctx = engine.context;
    const { settled, promise } = runScript(
      engine,
      'globalThis.later = 0; (async () => { for (let i = 0; i < 5; i++) await null; later = 1; })();',
    );
    expect(settled.type).toBe('fulfilled');
    const later = () => {
      const handle = ctx.getProp(ctx.global, 'later');
      const value = ctx.getNumber(handle);
      handle.dispose();
      return value;
    };
    expect(later()).toBe(0);
    if (settled.type === 'fulfilled') settled.value.dispose();
    const again = engine.settle(promise, Date.now() + 1_000, () => later() === 0);
    expect(again.type).toBe('fulfilled');
    expect(later()).toBe(1);
    if (again.type === 'fulfilled') again.value.dispose();
    promise.dispose();
  });

  it('never lets a failing host function throw into QuickJS', async () => {
    const engine = await newEngine();
    const ctx = engine.context;
    const failing = engine.hostFunction('failing', () => {
      throw new Error('host detail');
    });
    ctx.setProp(ctx.global, 'failing', failing);
    failing.dispose();
    const result = ctx.unwrapResult(
      ctx.evalCode(`(() => { try { return typeof failing(); } catch (e) { return 'thrown: ' + e.message; } })()`),
    );
    expect(ctx.getString(result)).toBe('undefined');
    result.dispose();
  });

  it('copies a string out only when it is within the cap, and nothing but a string', async () => {
    const engine = await newEngine();
    const text = engine.context.newString('x'.repeat(100));
    expect(engine.readString(text, 100)).toBe('x'.repeat(100));
    expect(engine.readString(text, 99)).toBeUndefined();
    expect(engine.readString(engine.context.undefined, 100)).toBeUndefined();
    text.dispose();
  });

  it("calls a prelude's helper by name", async () => {
    const engine = await newEngine();
    const ctx = engine.context;
    const helpers = ctx.unwrapResult(ctx.evalCode(`({ twice: (text) => text + text })`));
    const text = ctx.newString('ab');
    const result = ctx.unwrapResult(engine.callHelper(helpers, 'twice', text));
    expect(ctx.getString(result)).toBe('abab');
    for (const handle of [result, text, helpers]) handle.dispose();
  });
});
