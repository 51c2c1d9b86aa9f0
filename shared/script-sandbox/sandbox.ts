/**
 * The request scripts' sandbox core (issue 24): pre-request and post-response scripts with a `pm`-compatible subset,
 * run in QuickJS compiled to WebAssembly, never with the host's `eval` or `new Function`. A plain module (shared):
 * the runner's Web Worker runs it in the browser; the CLI (`apiloom run`), the server's run worker, vitest and the
 * bench run it in Node.
 *
 * One sandbox keeps one QuickJS runtime and context with chai loaded (loading chai takes about 80 ms, a script
 * with five assertions well under one), and runs its scripts one at a time, each with a fresh `pm`, in a function
 * scope of its own. Every script starts from pristine built-ins: the prelude freezes them (and chai) once loaded,
 * removes globals a script adds and keeps the global bindings read-only, and promise jobs a script leaves behind run
 * out before the next script starts (or the engine is retired). The runtime has a memory cap, a stack cap and an
 * interrupt handler that stops a script at its deadline, promise jobs included; what a script hands back crosses to
 * the host only up to a cap. A script that hits a limit, or breaks the sandbox, ends it: the next run starts a new
 * one. An engine whose WebAssembly failed (a native stack overflow, a trap) is never freed, only forgotten with its
 * module: freeing a runtime left half-way aborts inside QuickJS.
 * As in functions/mock/quickjs-runner.ts, a script sees plain data only, and the one host function it could reach
 * takes and gives JSON text; modules are refused. The engine set-up both share is shared/quickjs.ts; this file is
 * the runner's own: chai, `pm`'s input and output, and the messages in the run's language.
 */
import { DEFAULT_LOCALE, type Locale } from '@shared/constants';
import {
  dropQuickJs,
  isHostStackOverflow,
  limitReached,
  lineIn,
  loadQuickJs,
  QuickJsEngine,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from '@shared/quickjs';
import { runRequest, type RunRequest, type RunResponse } from '@shared/schemas/runner';
import { SCRIPT_LIMITS } from './limits';
import { CHAI_SHIMS, PRELUDE_SOURCE, SCRIPT_CAPS, SCRIPT_FILES, wrapScript } from './prelude';
import { scriptText as format } from './texts';
import type { ScriptContext, ScriptPhase, ScriptResult, ScriptTest } from './types';

export { SCRIPT_LIMITS };

export interface SandboxOptions {
  /** chai 6's ES module (`chai/index.js`) as text: the worker bundles it, Node reads it from node_modules. */
  chaiSource: string;
  deadlineMs?: number;
  memoryBytes?: number;
}

export interface SandboxRunOptions {
  /** The language of the sandbox's own warnings and errors. */
  locale?: Locale;
}

export interface ScriptSandbox {
  run(phase: ScriptPhase, code: string, ctx: ScriptContext, options?: SandboxRunOptions): Promise<ScriptResult>;
  /** Loads QuickJS and chai ahead of the first script. */
  warm(): Promise<void>;
  dispose(): void;
}

/** A limit or a broken sandbox: the run ends with `text` and the engine is not used again. */
class Fatal extends Error {
  constructor(readonly text: string) {
    super(text);
  }
}

/** The host's own failure while QuickJS ran (a native stack overflow, a wasm trap): the module cannot be trusted. */
class Broken extends Error {
  constructor(readonly failure: unknown) {
    super('the QuickJS module broke');
  }
}

/** What the prelude emits while a script runs (JSON text through the one host function). */
type Emitted =
  | { type: 'log'; text: string }
  | { type: 'unsupported'; name: string }
  | { type: 'responseInPre' | 'requestReadOnly' }
  | { type: 'test'; index: number; name: string; passed: boolean; error?: string | null };

/** Time allowed to read a failed script's error or its changes, after its own deadline if need be. */
const AFTERWARDS_MS = 50;

/** One run's output as it is emitted, kept even when the script is stopped half-way. */
class RunRecord {
  readonly logs: string[] = [];
  readonly warnings: string[] = [];
  readonly tests: (ScriptTest | undefined)[] = [];
  private logsCut = false;

  constructor(private readonly locale: Locale) {}

  accept(json: string) {
    const record = JSON.parse(json) as Emitted;
    switch (record.type) {
      case 'log':
        if (this.logs.length < SCRIPT_CAPS.logEntries) this.logs.push(record.text);
        else if (!this.logsCut) {
          this.logsCut = true;
          this.warn(format(this.locale, 'logsCut', { count: SCRIPT_CAPS.logEntries }));
        }
        return;
      case 'unsupported':
        return this.warn(format(this.locale, 'unsupported', { name: record.name.slice(0, 200) }));
      case 'responseInPre':
      case 'requestReadOnly':
        return this.warn(format(this.locale, record.type));
      case 'test': {
        const error = record.error === null ? format(this.locale, 'testNeedsFunction') : record.error;
        this.tests[record.index] =
          error === undefined ? { name: record.name, passed: record.passed } : { name: record.name, passed: false, error };
      }
    }
  }

  /** Each warning once: a script that calls pm.sendRequest in a loop is told once. */
  warn(text: string) {
    if (!this.warnings.includes(text)) this.warnings.push(text);
  }

  finishedTests(): ScriptTest[] {
    // A test declared but never decided (its promise still pending when the script ended) failed.
    return Array.from(this.tests, (test) => test ?? { name: '', passed: false, error: format(this.locale, 'testUnfinished') });
  }
}

/** One QuickJS runtime and context with chai and the prelude loaded. */
class Engine extends QuickJsEngine {
  private readonly helpers: QuickJSHandle;
  private record: RunRecord | undefined;
  private deadline = 0;
  /** Set when a script left promise jobs that did not run out: the next script gets a new engine. */
  retired = false;

  constructor(
    wasm: QuickJSWASMModule,
    chaiSource: string,
    private readonly limits: { deadlineMs: number; memoryBytes: number },
  ) {
    super(wasm, {
      memoryBytes: limits.memoryBytes,
      stackBytes: SCRIPT_LIMITS.stackBytes,
      modulesRefused: 'modules are not available in request scripts',
    });
    try {
      // Loading is given a deadline of its own, generous: it runs once per sandbox, on a cold engine.
      this.setDeadline(Date.now() + 10_000);
      this.helpers = this.load(chaiSource);
    } catch (error) {
      this.dispose();
      throw error;
    }
  }

  private load(chaiSource: string): QuickJSHandle {
    const ctx = this.context;
    ctx.unwrapResult(ctx.evalCode(CHAI_SHIMS, 'shims.js', { type: 'global' })).dispose();
    const moduleResult = ctx.unwrapResult(ctx.evalCode(chaiSource, 'chai.js', { type: 'module' }));
    const state = this.settle(moduleResult, Date.now() + 10_000);
    if (state.type !== 'fulfilled') {
      moduleResult.dispose();
      if (state.type === 'rejected') state.error.dispose();
      throw new Error('chai did not load');
    }
    const chai = state.value;
    if (chai !== moduleResult) moduleResult.dispose();
    const hostEmit = this.hostFunction('hostEmit', (json) => {
      this.emit(json);
    });
    try {
      const prelude = ctx.unwrapResult(ctx.evalCode(PRELUDE_SOURCE, 'prelude.js', { type: 'global', strict: true }));
      try {
        return ctx.unwrapResult(ctx.callFunction(prelude, ctx.undefined, hostEmit, chai));
      } finally {
        prelude.dispose();
      }
    } finally {
      hostEmit.dispose();
      chai.dispose();
    }
  }

  /** The one door out of the sandbox (a host function: a malformed record is dropped, never thrown into QuickJS). */
  private emit(jsonHandle: QuickJSHandle) {
    if (!this.record) return;
    const json = this.readString(jsonHandle, SCRIPT_CAPS.logEntryChars * 4 + 1_000);
    if (json !== undefined) this.record.accept(json);
  }

  override dispose() {
    if (this.helpers?.alive) this.helpers.dispose();
    super.dispose();
  }

  /**
   * Runs what the script left in the job queue to its end, within a short deadline of its own, so that nothing of
   * it runs during the next script; retires the engine when that fails.
   */
  private drainJobs() {
    this.setDeadline(Date.now() + AFTERWARDS_MS);
    const drained = this.runtime.executePendingJobs(-1);
    if (drained.error) {
      drained.error.dispose();
      this.retired = true;
    } else if (this.runtime.hasPendingJob()) this.retired = true;
  }

  /** Runs one script; a limit reached throws Fatal, anything else ends in the result. */
  run(phase: ScriptPhase, code: string, input: ScriptInput, record: RunRecord, locale: Locale): Partial<ScriptResult> {
    try {
      return this.runScript(phase, code, input, record, locale);
    } catch (error) {
      throw error instanceof Fatal ? error : new Broken(error);
    }
  }

  private runScript(phase: ScriptPhase, code: string, input: ScriptInput, record: RunRecord, locale: Locale): Partial<ScriptResult> {
    const ctx = this.context;
    this.record = record;
    this.deadline = Date.now() + this.limits.deadlineMs;
    this.setDeadline(this.deadline);
    const owned: QuickJSHandle[] = [];
    const keep = (handle: QuickJSHandle) => (owned.push(handle), handle);
    let broken = false;
    try {
      const compiled = ctx.evalCode(wrapScript(code), SCRIPT_FILES[phase], { type: 'global' });
      if (compiled.error) return { error: this.scriptError(keep(compiled.error), phase, locale) };
      const scriptFn = keep(compiled.value);
      const started = this.callHelper(this.helpers, 'start', scriptFn, keep(ctx.newString(JSON.stringify(input))));
      if (started.error) return { error: this.scriptError(keep(started.error), phase, locale) };
      const promise = keep(started.value);
      const failure = this.awaitScript(promise, phase, locale);
      this.setDeadline(Date.now() + AFTERWARDS_MS);
      const collected = this.callHelper(this.helpers, 'collect');
      if (collected.error) {
        keep(collected.error);
        throw new Fatal(format(locale, 'sandboxFailed'));
      }
      const json = this.readString(keep(collected.value), SCRIPT_CAPS.changesChars);
      if (json === undefined) return { error: format(locale, 'changesTooLarge', { mb: SCRIPT_CAPS.changesChars / 1024 / 1024 }) };
      const changes = JSON.parse(json) as Pick<ScriptResult, 'environment' | 'variables'> & {
        request: Pick<RunRequest, 'method' | 'url' | 'headers'>;
      };
      return { ...changes, request: { ...changes.request, body: input.request.body }, ...(failure ? { error: failure } : {}) };
    } catch (error) {
      broken = !(error instanceof Fatal);
      throw error;
    } finally {
      // A broken module is neither called nor freed again: its handles go with it.
      if (!broken) {
        for (const handle of owned.reverse()) if (handle.alive) handle.dispose();
        this.finishRun();
      }
      this.record = undefined;
    }
  }

  /** After a run that did not break the module: its leftover jobs run out, then the globals it added go. */
  private finishRun() {
    this.drainJobs();
    this.setDeadline(Date.now() + AFTERWARDS_MS);
    const cleaned = this.callHelper(this.helpers, 'cleanUp');
    if (cleaned.error) cleaned.error.dispose();
    else cleaned.value?.dispose();
  }

  /**
   * Runs promise jobs until the script's promise and its tests' promises settle (QuickJsEngine.settle). The script's
   * own error comes back as text; a limit throws. Tests that never settle are left undecided.
   */
  private awaitScript(promise: QuickJSHandle, phase: ScriptPhase, locale: Locale): string | undefined {
    const settled = this.settle(promise, this.deadline, () => this.pendingTests() > 0);
    switch (settled.type) {
      case 'rejected':
        try {
          return this.scriptError(settled.error, phase, locale);
        } finally {
          settled.error.dispose();
        }
      case 'timeout':
        throw new Fatal(format(locale, 'timeout', { ms: this.limits.deadlineMs }));
      case 'stuck':
        return format(locale, 'neverSettles');
      case 'fulfilled':
        if (settled.value !== promise) settled.value.dispose();
        return undefined;
    }
  }

  private pendingTests(): number {
    const result = this.callHelper(this.helpers, 'pendingTests');
    if (result.error) {
      result.error.dispose();
      return 0;
    }
    const count = this.context.getNumber(result.value);
    result.value.dispose();
    return count;
  }

  /** The limits first (they end the engine), then the script's own error with its line. */
  private scriptError(errorHandle: QuickJSHandle, phase: ScriptPhase, locale: Locale): string {
    this.setDeadline(Date.now() + AFTERWARDS_MS);
    const described = this.describeError(errorHandle, this.helpers);
    const limit = limitReached(described);
    if (limit === 'timeout') throw new Fatal(format(locale, 'timeout', { ms: this.limits.deadlineMs }));
    if (limit === 'memory') throw new Fatal(format(locale, 'memory', { mb: Math.round(this.limits.memoryBytes / 1024 / 1024) }));
    if (limit === 'stack') throw new Fatal(format(locale, 'stackOverflow'));
    const line = lineIn(described.stack, SCRIPT_FILES[phase]);
    const message = described.message ? `${described.name}: ${described.message}` : described.name;
    return line === undefined ? message : format(locale, 'atLine', { message, line });
  }
}

/** What the prelude's `start` reads: the context, with the response body as text. */
interface ScriptInput {
  phase: ScriptPhase;
  request: RunRequest;
  response?: { code: number; status: string; headers: RunResponse['headers']; text: string; responseTime: number; responseSize: number };
  environment: Record<string, string>;
  variables: Record<string, string>;
}

const utf8 = new TextDecoder('utf-8');

function bodyText(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return utf8.decode(bytes);
}

function toInput(phase: ScriptPhase, ctx: ScriptContext): ScriptInput {
  const input: ScriptInput = { phase, request: ctx.request, environment: ctx.environment, variables: ctx.variables };
  if (phase === 'post' && ctx.response) {
    const r = ctx.response;
    input.response = {
      code: r.status,
      status: r.statusText,
      headers: r.headers,
      text: bodyText(r.bodyBase64),
      responseTime: r.timeMs,
      responseSize: r.size,
    };
  }
  return input;
}

/** Makes a sandbox; QuickJS and chai load on the first run (or `warm()`), once. */
export function createScriptSandbox(options: SandboxOptions): ScriptSandbox {
  const limits = {
    deadlineMs: options.deadlineMs ?? SCRIPT_LIMITS.deadlineMs,
    memoryBytes: options.memoryBytes ?? SCRIPT_LIMITS.memoryBytes,
  };
  let engine: Engine | undefined;
  let disposed = false;
  // One script at a time: they share the engine.
  let queue: Promise<unknown> = Promise.resolve();

  const ready = async (): Promise<Engine> => {
    const wasm = await loadQuickJs();
    if (disposed) throw new Error('the sandbox was disposed');
    engine ??= new Engine(wasm, options.chaiSource, limits);
    return engine;
  };

  const drop = () => {
    try {
      engine?.dispose();
    } catch {
      // A broken engine's memory cannot be trusted: the module is loaded again on the next run.
      dropQuickJs();
    }
    engine = undefined;
  };

  /** Forgets an engine whose module broke, without freeing it (QuickJS would abort), and the module with it. */
  const abandon = () => {
    engine = undefined;
    dropQuickJs();
  };

  const runOnce = async (phase: ScriptPhase, code: string, ctx: ScriptContext, locale: Locale): Promise<ScriptResult> => {
    const started = performance.now();
    const record = new RunRecord(locale);
    const unchanged = { environment: { ...ctx.environment }, variables: { ...ctx.variables }, request: ctx.request };
    const finish = (outcome: Partial<ScriptResult>): ScriptResult => ({
      ...unchanged,
      ...outcome,
      tests: record.finishedTests(),
      logs: record.logs,
      warnings: record.warnings,
      timeMs: Math.round((performance.now() - started) * 100) / 100,
    });
    let current: Engine;
    try {
      current = await ready();
    } catch {
      drop();
      return finish({ error: format(locale, 'sandboxFailed') });
    }
    try {
      const outcome = current.run(phase, code, toInput(phase, ctx), record, locale);
      if (phase === 'pre' && outcome.request) {
        const checked = runRequest.safeParse(outcome.request);
        if (!checked.success) {
          const detail = checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
          return finish({ ...outcome, request: ctx.request, error: format(locale, 'badRequest', { detail: detail.slice(0, 500) }) });
        }
      }
      return finish(outcome);
    } catch (error) {
      // A limit, or the host's own failure (a native stack overflow, a wasm trap): this engine is done.
      if (error instanceof Fatal) {
        drop();
        return finish({ error: error.text });
      }
      abandon();
      const cause = error instanceof Broken ? error.failure : error;
      return finish({ error: format(locale, isHostStackOverflow(cause) ? 'stackOverflow' : 'sandboxFailed') });
    } finally {
      if (engine?.retired) drop();
    }
  };

  return {
    run(phase, code, ctx, runOptions = {}) {
      const next = queue.then(() => runOnce(phase, code, ctx, runOptions.locale ?? DEFAULT_LOCALE));
      queue = next.catch(() => undefined);
      return next;
    },
    async warm() {
      await ready();
    },
    dispose() {
      disposed = true;
      drop();
    },
  };
}
