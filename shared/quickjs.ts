/**
 * QuickJS (quickjs-emscripten) set up the one way both script sandboxes run it: the mock's scripts
 * (functions/mock/quickjs-runner.ts, in a Node worker thread) and the interface runner's request scripts
 * (shared/script-sandbox/sandbox.ts: in a browser Web Worker, the CLI and the server's run worker). This is the engine part they share: the
 * WebAssembly module loaded once per thread, a runtime with a memory cap, a stack cap and a deadline, modules
 * refused, host functions that never throw into QuickJS, errors read and sorted into the engine's limits, promise
 * jobs run to the deadline, and disposal. What a script sees (the mock's request and answer, the runner's `pm` and
 * chai) and the words a failure is told in stay with each side.
 *
 * Scripts only ever run inside QuickJS: nothing here calls the host's `eval` or `new Function`. Plain ECMAScript
 * and the WebAssembly QuickJS needs, no Node or DOM API: the same module runs in Node and in the browser.
 */
import variant from '@jitl/quickjs-singlefile-mjs-release-sync';
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

export type { QuickJSHandle, QuickJSWASMModule };

let wasmModule: Promise<QuickJSWASMModule> | undefined;

/** The WebAssembly module, loaded once per thread and shared by every runtime; a failed load is tried again next time. */
export function loadQuickJs(): Promise<QuickJSWASMModule> {
  wasmModule ??= newQuickJSWASMModuleFromVariant(variant).catch((error: unknown) => {
    wasmModule = undefined;
    throw error;
  });
  return wasmModule;
}

/**
 * Forgets the module after a run broke it (a native stack overflow unwinding through wasm, a wasm trap: its memory
 * can no longer be trusted), so the next load makes a new one.
 */
export function dropQuickJs() {
  wasmModule = undefined;
}

/**
 * Whether an error the host caught while QuickJS ran is the host's own stack overflow (wasm frames run on the native
 * stack too): not a QuickJS error but a broken module, to be dropped like any other failure of the host.
 */
export const isHostStackOverflow = (error: unknown): boolean => error instanceof RangeError;

export interface EngineOptions {
  memoryBytes: number;
  /** QuickJS's own stack: deep recursion ends as a stack overflow inside QuickJS, not in the host. */
  stackBytes: number;
  /** What `import()` is refused with: no script loads a module. */
  modulesRefused: string;
}

/** What a thrown value says of itself, read through the prelude's `describe` (describeErrorSource). */
export interface ErrorDescription {
  name: string;
  message: string;
  stack: string;
}

/** What an error reads as when it cannot be read. */
const UNREADABLE: ErrorDescription = { name: 'Error', message: 'the script failed', stack: '' };

/** Where a script's promise stands once its jobs have run: settled, out of time, or waiting on nothing that can come. */
export type Settled =
  { type: 'fulfilled'; value: QuickJSHandle } | { type: 'rejected'; error: QuickJSHandle } | { type: 'timeout' } | { type: 'stuck' };

/** The engine's own limits, as QuickJS reports them: each ends a run whatever the script's own error handling. */
export type EngineLimit = 'timeout' | 'memory' | 'stack';

/** Promise jobs run between two looks at the clock. */
const JOB_BATCH = 256;

/**
 * One QuickJS runtime with its one context and limits; `dispose` frees both. Set a deadline (`setDeadline`) before
 * running anything.
 */
export class QuickJsEngine {
  readonly runtime: QuickJSRuntime;
  readonly context: QuickJSContext;

  constructor(wasm: QuickJSWASMModule, options: EngineOptions) {
    this.runtime = wasm.newRuntime({ memoryLimitBytes: options.memoryBytes, maxStackSizeBytes: options.stackBytes });
    // Without a loader QuickJS asks the host anyway and logs to stderr; this refuses `import()` quietly.
    this.runtime.setModuleLoader(() => ({ error: new Error(options.modulesRefused) }));
    this.context = this.runtime.newContext();
  }

  /**
   * QuickJS stops at `at` with InternalError "interrupted", between bytecode instructions and in promise jobs too (a
   * built-in that loops natively runs on: the side that owns the thread ends it with a watchdog).
   */
  setDeadline(at: number) {
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(at));
  }

  /**
   * Copies a string out of the sandbox only when it is no longer than `max`, its length read without copying it;
   * undefined for a longer one or anything but a string.
   */
  readString(handle: QuickJSHandle, max: number): string | undefined {
    const ctx = this.context;
    if (ctx.typeof(handle) !== 'string') return undefined;
    const lengthHandle = ctx.getProp(handle, 'length');
    const length = ctx.getNumber(lengthHandle);
    lengthHandle.dispose();
    return length <= max ? ctx.getString(handle) : undefined;
  }

  /**
   * A host function for the prelude to keep in its closure (a script never holds one): it should take and give text
   * only, and it never throws into QuickJS (a failure answers undefined).
   */
  hostFunction(name: string, fn: (...args: QuickJSHandle[]) => QuickJSHandle | void): QuickJSHandle {
    return this.context.newFunction(name, (...args) => {
      try {
        return fn(...args);
      } catch {
        return undefined;
      }
    });
  }

  /** Calls the helper `name` of the object a prelude returned; the result's handle is the caller's. */
  callHelper(helpers: QuickJSHandle, name: string, ...args: QuickJSHandle[]) {
    const fn = this.context.getProp(helpers, name);
    try {
      return this.context.callFunction(fn, this.context.undefined, ...args);
    } finally {
      fn.dispose();
    }
  }

  /**
   * Reads a thrown value through `helpers.describe`, the prelude's (describeErrorSource), whose JSON text is taken
   * when at most `maxChars` long. When describing fails for want of memory, the script used it all: that is what it
   * reads as; any other failure reads as "the script failed".
   */
  describeError(errorHandle: QuickJSHandle, helpers: QuickJSHandle, maxChars = Number.POSITIVE_INFINITY): ErrorDescription {
    const result = this.callHelper(helpers, 'describe', errorHandle);
    if (result.error) {
      const raw = this.context.dump(result.error) as { message?: unknown } | undefined;
      result.error.dispose();
      return raw && typeof raw === 'object' && raw.message === 'out of memory'
        ? { name: 'InternalError', message: 'out of memory', stack: '' }
        : UNREADABLE;
    }
    const json = this.readString(result.value, maxChars);
    result.value.dispose();
    return json === undefined ? UNREADABLE : (JSON.parse(json) as ErrorDescription);
  }

  /**
   * Runs promise jobs in batches until `promise` settles and `waitMore` (asked once it has) says nothing else is
   * awaited, checking the clock between batches too: the interrupt handler stops a long job, this stops an endless
   * chain of short ones (`for (;;) await null`). A job's error comes back as `rejected`. The handles returned are the
   * caller's to dispose, but for a fulfilled `value` that is `promise` itself (the script returned no promise).
   */
  settle(promise: QuickJSHandle, deadline: number, waitMore: () => boolean = () => false): Settled {
    // Set once a batch ran no job: nothing left to run, so a promise still pending, or what `waitMore` waits on,
    // waits forever.
    let idle = false;
    for (;;) {
      const state = this.context.getPromiseState(promise);
      if (state.type === 'rejected') return state;
      if (state.type === 'fulfilled') {
        const value = state.notAPromise ? promise : state.value;
        if (idle || !waitMore()) return { type: 'fulfilled', value };
        if (value !== promise) value.dispose();
      } else if (idle) return { type: 'stuck' };
      if (Date.now() > deadline) return { type: 'timeout' };
      const jobs = this.runtime.executePendingJobs(JOB_BATCH);
      if (jobs.error) return { type: 'rejected', error: jobs.error };
      idle = jobs.value === 0;
    }
  }

  dispose() {
    if (this.context.alive) this.context.dispose();
    if (this.runtime.alive) this.runtime.dispose();
  }
}

/** The engine limit an error reports, if it is one: the deadline, the memory cap or QuickJS's stack cap. */
export function limitReached({ name, message }: ErrorDescription): EngineLimit | undefined {
  if (name === 'InternalError' && message === 'interrupted') return 'timeout';
  if (message === 'out of memory') return 'memory';
  if (name === 'InternalError' && /stack overflow/.test(message)) return 'stack';
  return undefined;
}

/**
 * A script as the body of an async function of `params` (so that `await` works at its top level), opened on its
 * first line so that the lines QuickJS reports are the script's own (lineIn).
 */
export const wrapScript = (params: string, source: string) => `(async function (${params}) {${source}\n})`;

/** The script's line an error's stack names, when QuickJS reports one in `file` (the name the script was run as). */
export function lineIn(stack: string, file: string): number | undefined {
  const line = new RegExp(`${file.replace('.', '\\.')}:(\\d+)`).exec(stack)?.[1];
  return line === undefined ? undefined : Number(line);
}

/**
 * The source of `describe(error)` for a prelude (the code that runs inside QuickJS before any script): what a thrown
 * value says of itself as JSON text of its name, message (at most `messageChars`) and stack, without ever throwing.
 * It uses the prelude's own `stringify`, `clip` and `show`, captured before a script could replace them. The JSON is
 * built from strings: stringify of an object would consult a toJSON the script may have put on Object.prototype.
 */
export const describeErrorSource = (messageChars: number) => `function describe(error) {
  try {
    const isObject = typeof error === 'object' && error !== null;
    const name = isObject && typeof error.name === 'string' ? error.name : 'Error';
    const message = isObject ? (typeof error.message === 'string' ? error.message : '') : show(error);
    const stack = isObject && typeof error.stack === 'string' ? error.stack : '';
    return '{"name":' + stringify(clip(name, 100)) + ',"message":' + stringify(clip(message, ${messageChars})) + ',"stack":' + stringify(clip(stack, 2000)) + '}';
  } catch (e) {
    return '{"name":"Error","message":"the script threw a value that cannot be read","stack":""}';
  }
}`;
