/**
 * One mock script run in QuickJS compiled to WebAssembly, in the thread that calls it (sandbox.ts calls it from
 * its worker). A script sees plain data and the helpers the prelude defines; nothing of the host: no process,
 * require, import, fetch, timers, file system or env.
 *
 * Every run gets a fresh runtime and context (no state survives between runs or projects) with a memory limit,
 * a stack limit and an interrupt handler that stops it at the deadline, including while it runs promise jobs.
 * The WebAssembly module is loaded once per thread and reused; if a run ever breaks it (a native stack
 * overflow unwinding through wasm leaves its memory unreliable), it is dropped and loaded again. That engine
 * part is shared/quickjs.ts, which the interface runner's request scripts use too; this file is the mock's own:
 * the request in, the helpers out (Mock.js, faker), the answer and the mock's messages.
 */
import { MOCK_STATUS } from '@shared/constants';
import {
  dropQuickJs,
  isHostStackOverflow,
  limitReached,
  lineIn,
  loadQuickJs,
  QuickJsEngine,
  type ErrorDescription,
  type QuickJSHandle,
  type QuickJSWASMModule,
} from '@shared/quickjs';
import { isHeaderName, isHeaderValue, type MockHeader } from '@shared/schemas/mock';
import { callFaker, type MockLocale } from './faker-bridge';
import { MOCK_CAPS, SANDBOX_LIMITS } from './limits';
import { mockFail, mockOk, type MockError, type MockResult } from './mock-error';
import { callRandom, hasRandomMethod, withRenderBudget } from './mockjs-hardened';
import { PRELUDE_SOURCE, SCRIPT_FILE, wrapScript } from './sandbox-prelude';
import { renderTemplateValue } from './template';

export interface ScriptRequest {
  method: string;
  path: string;
  /** Path parameters of the matched document template, decoded. */
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The JSON body when there is one, else the raw text, else null. */
  body: unknown;
}

export interface ScriptResponse {
  status?: number;
  headers: MockHeader[];
  /** Absent when the script returned no `body`; a string is served as it is, anything else as JSON. */
  body?: unknown;
}

export type ScriptRun = MockResult<ScriptResponse> & { logs: string[] };

export interface ScriptOptions {
  locale?: MockLocale;
  deadlineMs?: number;
}

/** Thrown by the host side only; turned into a result before it leaves this module. */
class RunFailure extends Error {
  constructor(readonly failure: MockError) {
    super(failure.message);
  }
}

const fail = (kind: MockError['kind'], message: string, line?: number): never => {
  throw new RunFailure(line === undefined ? { kind, message } : { kind, message, line });
};

/** Time allowed to read a failed script's error, after its own deadline if need be. */
const ERROR_READING_MS = 20;

/** One run: a runtime and a context of its own, disposed whatever happens. */
class ScriptRunner extends QuickJsEngine {
  readonly logs: string[] = [];
  private hostSawDeadline = false;
  private readonly handles: QuickJSHandle[] = [];

  constructor(
    wasm: QuickJSWASMModule,
    private readonly deadline: number,
    private readonly locale: MockLocale,
  ) {
    super(wasm, {
      memoryBytes: SANDBOX_LIMITS.memoryBytes,
      stackBytes: SANDBOX_LIMITS.stackBytes,
      modulesRefused: 'modules are not available in mock scripts',
    });
    this.setDeadline(deadline);
  }

  private keep(handle: QuickJSHandle): QuickJSHandle {
    this.handles.push(handle);
    return handle;
  }

  override dispose() {
    for (const handle of this.handles.reverse()) if (handle.alive) handle.dispose();
    super.dispose();
  }

  private reply(body: { value: unknown } | { error: string }): QuickJSHandle {
    return this.context.newString(JSON.stringify(body));
  }

  /** The one door out of the sandbox: JSON text in, JSON text out, and it never throws into QuickJS. */
  private hostCall(kindHandle: QuickJSHandle, nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    try {
      return this.answerHostCall(kindHandle, nameHandle, argsHandle);
    } catch {
      return this.reply({ error: 'the helper failed' });
    }
  }

  private answerHostCall(kindHandle: QuickJSHandle, nameHandle: QuickJSHandle, argsHandle: QuickJSHandle): QuickJSHandle {
    if (Date.now() > this.deadline) {
      this.hostSawDeadline = true;
      return this.reply({ error: 'the script ran out of time' });
    }
    const kind = this.readString(kindHandle, 16);
    const name = this.readString(nameHandle, 100);
    const argsJson = this.readString(argsHandle, SANDBOX_LIMITS.helperArgChars);
    if (kind === undefined || name === undefined || argsJson === undefined)
      return this.reply({ error: `${name ?? 'helper'}: arguments too large` });
    const args: unknown = JSON.parse(argsJson);
    if (!Array.isArray(args)) return this.reply({ error: `${name}: bad arguments` });
    const result = this.dispatch(kind, name, args);
    if (!result.ok) {
      if (result.error.kind === 'timeout') this.hostSawDeadline = true;
      return this.reply({ error: `${name}: ${result.error.message}` });
    }
    return this.reply({ value: result.value });
  }

  private dispatch(kind: string, name: string, args: unknown[]): MockResult<unknown> {
    if (kind === 'mock') {
      const rendered = renderTemplateValue(args[0], { deadline: this.deadline });
      return rendered.ok ? mockOk(rendered.value.value) : rendered;
    }
    if (kind === 'random' && hasRandomMethod(name)) return withRenderBudget(() => callRandom(name, args), this.deadline);
    if (kind === 'faker') return callFaker(this.locale, name, args);
    return mockFail('script_error', `${name} is not available in mock scripts`);
  }

  private hostLog(textHandle: QuickJSHandle) {
    if (this.logs.length >= SANDBOX_LIMITS.logEntries) return;
    const text = this.readString(textHandle, SANDBOX_LIMITS.logEntryChars);
    if (text !== undefined) this.logs.push(text);
  }

  private unwrap(
    result: { error?: QuickJSHandle; value?: QuickJSHandle },
    helpers?: QuickJSHandle,
    kind: 'script_error' | 'bad_response' = 'script_error',
  ): QuickJSHandle {
    if (result.error) this.failWith(this.keep(result.error), helpers, kind);
    return this.keep(result.value!);
  }

  /**
   * Classifies a QuickJS error: the limits first, then the script's own error and line. Reading the error may
   * run script code (getters), so it gets a short deadline of its own: the run's may already have passed.
   * QuickJS's stack overflow is the script's own error here (the host's is caught in inSandbox).
   */
  private failWith(
    errorHandle: QuickJSHandle,
    helpers: QuickJSHandle | undefined,
    kind: 'script_error' | 'bad_response' = 'script_error',
  ): never {
    this.setDeadline(Date.now() + ERROR_READING_MS);
    const described = this.describe(errorHandle, helpers);
    const limit = limitReached(described);
    const timeout = () => fail('timeout', `the script did not finish within ${SANDBOX_LIMITS.deadlineMs} ms`);
    if (limit === 'timeout') timeout();
    if (limit === 'memory') fail('memory', `the script used more than ${SANDBOX_LIMITS.memoryBytes / 1024 / 1024} MB`);
    if (this.hostSawDeadline || Date.now() > this.deadline) timeout();
    const message = described.message ? `${described.name}: ${described.message}` : described.name;
    if (kind === 'bad_response') return fail('bad_response', `the script's answer cannot be turned into JSON (${message})`);
    return fail('script_error', message, lineIn(described.stack, SCRIPT_FILE));
  }

  private describe(errorHandle: QuickJSHandle, helpers: QuickJSHandle | undefined): ErrorDescription {
    if (!helpers) {
      // Before the prelude exists (it failed to compile the script): read the error's own fields.
      const read = (key: string) => this.readString(this.keep(this.context.getProp(errorHandle, key)), 2_000) ?? '';
      return { name: read('name') || 'Error', message: read('message'), stack: read('stack') };
    }
    return this.describeError(errorHandle, helpers, 4_000);
  }

  compile(source: string): true {
    this.unwrap(this.context.evalCode(wrapScript(source), SCRIPT_FILE, { type: 'global', compileOnly: true }));
    return true;
  }

  /** Runs the prelude, then the script with `request`, then its promise's jobs until it settles. */
  run(source: string, request: ScriptRequest): ScriptResponse {
    const ctx = this.context;
    const hostCall = this.keep(this.hostFunction('hostCall', (kind, name, args) => this.hostCall(kind, name, args)));
    const hostLog = this.keep(this.hostFunction('hostLog', (text) => this.hostLog(text)));
    const prelude = this.unwrap(ctx.evalCode(PRELUDE_SOURCE, 'prelude.js', { type: 'global', strict: true }));
    const helpers = this.unwrap(ctx.callFunction(prelude, ctx.undefined, hostCall, hostLog));

    const scriptFn = this.unwrap(ctx.evalCode(wrapScript(source), SCRIPT_FILE, { type: 'global' }), helpers);
    const requestHandle = this.unwrap(this.callHelper(helpers, 'parse', this.keep(ctx.newString(JSON.stringify(request)))), helpers);
    const promise = this.unwrap(ctx.callFunction(scriptFn, ctx.undefined, requestHandle), helpers);

    const settled = this.awaitScript(promise, helpers);
    const wire = this.unwrap(this.callHelper(helpers, 'toWire', settled), helpers, 'bad_response');
    if (ctx.typeof(wire) !== 'string')
      fail('bad_response', 'a mock script returns an object like {status, headers, body}; it returned nothing JSON can hold');
    const json =
      this.readString(wire, MOCK_CAPS.outputChars) ??
      fail('output_too_large', `the script's answer is larger than ${MOCK_CAPS.outputChars} characters`);
    return toScriptResponse(JSON.parse(json));
  }

  /** Runs the script's promise jobs to the deadline (QuickJsEngine.settle): its value, or a failure thrown. */
  private awaitScript(promise: QuickJSHandle, helpers: QuickJSHandle): QuickJSHandle {
    const settled = this.settle(promise, this.deadline);
    if (settled.type === 'fulfilled') return settled.value === promise ? promise : this.keep(settled.value);
    if (settled.type === 'rejected') return this.failWith(this.keep(settled.error), helpers);
    if (settled.type === 'timeout') return fail('timeout', `the script did not finish within ${SANDBOX_LIMITS.deadlineMs} ms`);
    return fail('bad_response', 'the script returned a promise that never settles (mock scripts have no timers or I/O to wait for)');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function toHeaders(value: unknown): MockHeader[] {
  if (value === undefined || value === null) return [];
  const pairs: [unknown, unknown][] = Array.isArray(value)
    ? value.map((h) => (isRecord(h) ? [h.name, h.value] : [undefined, undefined]))
    : isRecord(value)
      ? Object.entries(value)
      : fail('bad_response', 'headers are an object of names and values');
  return pairs.map(([name, raw]) => {
    const text = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (typeof name !== 'string' || !isHeaderName(name)) fail('bad_response', `"${String(name).slice(0, 50)}" is not a valid header name`);
    if (typeof text !== 'string' || !isHeaderValue(text))
      fail('bad_response', `the value of header ${String(name)} must be text without line breaks`);
    return { name: name as string, value: text as string };
  });
}

function toScriptResponse(value: unknown): ScriptResponse {
  if (!isRecord(value)) return fail('bad_response', 'a mock script returns an object like {status, headers, body}');
  const { status } = value;
  if (
    status !== undefined &&
    !(Number.isInteger(status) && (status as number) >= MOCK_STATUS.min && (status as number) <= MOCK_STATUS.max)
  ) {
    fail('bad_response', `status must be an integer from ${MOCK_STATUS.min} to ${MOCK_STATUS.max}`);
  }
  const response: ScriptResponse = { headers: toHeaders(value.headers) };
  if (status !== undefined) response.status = status as number;
  if (Object.hasOwn(value, 'body')) response.body = value.body;
  return response;
}

/**
 * Runs `work` in a fresh sandbox and always disposes it. Never throws: every failure, including a broken sandbox,
 * is a typed result. The work after the first `await` starts from the event loop, so the native stack QuickJS
 * runs on is shallow whatever called this (see SANDBOX_LIMITS.stackBytes).
 */
async function inSandbox<T>(options: ScriptOptions, work: (runner: ScriptRunner) => T): Promise<MockResult<T> & { logs: string[] }> {
  let wasm: QuickJSWASMModule;
  try {
    wasm = await loadQuickJs();
  } catch {
    return { ...mockFail('script_error', 'the script sandbox could not start'), logs: [] };
  }
  const deadline = Date.now() + (options.deadlineMs ?? SANDBOX_LIMITS.deadlineMs);
  let runner: ScriptRunner | undefined;
  let outcome: MockResult<T>;
  let wasmBroken = false;
  try {
    runner = new ScriptRunner(wasm, deadline, options.locale ?? 'zh');
    outcome = mockOk(work(runner));
  } catch (error) {
    if (error instanceof RunFailure) outcome = { ok: false, error: error.failure };
    else {
      // Not a QuickJS error but the host's: a native stack overflow or a wasm trap. The module may be corrupt.
      wasmBroken = true;
      outcome = isHostStackOverflow(error)
        ? mockFail('script_error', 'stack overflow: the script nests too deeply')
        : mockFail('script_error', 'the script sandbox failed');
    }
  }
  if (runner && !wasmBroken) {
    try {
      runner.dispose();
    } catch {
      wasmBroken = true;
    }
  }
  if (wasmBroken) {
    dropQuickJs();
    // Reload now, so the next script does not pay for it inside its own deadline.
    void loadQuickJs().catch(() => undefined);
  }
  return { ...outcome, logs: runner?.logs ?? [] };
}

/** Runs one mock script with the request it answers. */
export const runScriptInQuickJs = (source: string, request: ScriptRequest, options: ScriptOptions = {}): Promise<ScriptRun> =>
  inSandbox(options, (runner) => runner.run(source, request));

/** Compiles a script without running it: a syntax error with its line, or ok. */
export async function checkSyntaxInQuickJs(source: string): Promise<MockResult<true>> {
  const { logs: _logs, ...outcome } = await inSandbox({}, (runner) => runner.compile(source));
  return outcome;
}

const WARM_UP_RUNS = 20;
const WARM_UP_SCRIPT = `
  const list = Mock.mock({ 'list|20': [{ 'id|+1': 1, name: '@cname', text: '@cparagraph' }] }).list;
  return { body: { list, name: faker.person.fullName(), text: 'x'.repeat(1e5).length, json: JSON.stringify(list).length } };
`;

/**
 * Loads the WebAssembly module and runs one script through every path, so a fresh thread compiles QuickJS's
 * hot code (its first runs are many times slower) before any real script's deadline starts.
 */
export async function warmQuickJs(): Promise<void> {
  await loadQuickJs();
  const request = { method: 'GET', path: '/', params: {}, query: {}, headers: {}, body: null };
  for (let i = 0; i < WARM_UP_RUNS; i++) await runScriptInQuickJs(WARM_UP_SCRIPT, request, { deadlineMs: 5_000 });
}
