/**
 * The main thread's side of the request scripts: one Web Worker per runner, made on the first script, that holds
 * the sandbox (./scripts.worker.ts). Scripts go to it one at a time. The sandbox stops a script at its deadline
 * between QuickJS operations; one native operation (a huge `'x'.repeat`) can outlast it, so a watchdog here ends
 * the worker when a script has not answered by the deadline plus a grace, and the next script gets a new worker.
 * Never rejects: a failure is the result's `error`.
 */
import type { Locale } from '@shared/constants';
import type { ScriptContext, ScriptPhase, ScriptResult } from '@shared/script-sandbox/types';
import { scriptText } from '@shared/script-sandbox/texts';

export interface ScriptRunner {
  run(phase: ScriptPhase, code: string, ctx: ScriptContext): Promise<ScriptResult>;
  dispose(): void;
}

/** What the worker is sent, and answers: `ready` once QuickJS and chai are loaded, then one reply per job. */
export interface WorkerJob {
  id: number;
  phase: ScriptPhase;
  code: string;
  ctx: ScriptContext;
  locale: Locale;
}
export type WorkerReply = 'ready' | { id: number; result: ScriptResult };

/** The part of a Web Worker this uses (a fake one in tests). */
export interface WorkerLike {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: WorkerJob): void;
  terminate(): void;
}

export interface WorkerRunnerOptions {
  makeWorker: () => WorkerLike;
  locale: () => Locale;
  /** The sandbox's own deadline (SCRIPT_LIMITS.deadlineMs). */
  deadlineMs: number;
  /** Past the deadline, before the worker is ended. */
  graceMs?: number;
  /** Loading QuickJS and chai in a new worker. */
  startMs?: number;
}

interface Job {
  phase: ScriptPhase;
  code: string;
  ctx: ScriptContext;
  resolve: (result: ScriptResult) => void;
}

export function createWorkerScriptRunner(options: WorkerRunnerOptions): ScriptRunner {
  const graceMs = options.graceMs ?? 1_000;
  const startMs = options.startMs ?? 15_000;
  let worker: WorkerLike | undefined;
  let ready = false;
  let disposed = false;
  let nextId = 1;
  const waiting: Job[] = [];
  let current: { id: number; job: Job; started: number; locale: Locale; timer: ReturnType<typeof setTimeout> } | undefined;
  let startTimer: ReturnType<typeof setTimeout> | undefined;

  const failed = (job: Job, locale: Locale, started: number, key: 'timeout' | 'sandboxFailed'): ScriptResult => ({
    tests: [],
    environment: { ...job.ctx.environment },
    variables: { ...job.ctx.variables },
    request: job.ctx.request,
    logs: [],
    warnings: [],
    error: key === 'timeout' ? scriptText(locale, 'timeout', { ms: options.deadlineMs }) : scriptText(locale, 'sandboxFailed'),
    timeMs: Math.round(performance.now() - started),
  });

  const endWorker = () => {
    clearTimeout(startTimer);
    worker?.terminate();
    worker = undefined;
    ready = false;
  };

  const finish = (result: ScriptResult) => {
    if (!current) return;
    clearTimeout(current.timer);
    const { job } = current;
    current = undefined;
    job.resolve(result);
    pump();
  };

  /** The worker failed to start or broke: what it held, and what waits, fails; the next script starts a new one. */
  const breakDown = () => {
    const locale = options.locale();
    endWorker();
    const now = performance.now();
    if (current) finish(failed(current.job, current.locale, current.started, 'sandboxFailed'));
    for (const job of waiting.splice(0)) job.resolve(failed(job, locale, now, 'sandboxFailed'));
  };

  const startWorker = () => {
    const made = options.makeWorker();
    worker = made;
    made.onmessage = (event) => {
      if (made !== worker) return;
      const reply = event.data;
      if (reply === 'ready') {
        clearTimeout(startTimer);
        ready = true;
        pump();
      } else if (current && reply.id === current.id) finish(reply.result);
    };
    made.onerror = (event) => {
      event.preventDefault?.();
      if (made === worker) breakDown();
    };
    startTimer = setTimeout(() => {
      if (made === worker && !ready) breakDown();
    }, startMs);
  };

  function pump() {
    if (disposed || current || waiting.length === 0) return;
    if (!worker) startWorker();
    if (!ready) return;
    const job = waiting.shift()!;
    const id = nextId++;
    const locale = options.locale();
    const started = performance.now();
    const timer = setTimeout(() => {
      if (current?.id !== id) return;
      // A native operation outlived the deadline: only ending the worker stops it.
      endWorker();
      finish(failed(job, locale, started, 'timeout'));
    }, options.deadlineMs + graceMs);
    current = { id, job, started, locale, timer };
    worker!.postMessage({ id, phase: job.phase, code: job.code, ctx: job.ctx, locale });
  }

  return {
    run(phase, code, ctx) {
      return new Promise<ScriptResult>((resolve) => {
        if (disposed) return resolve(failed({ phase, code, ctx, resolve }, options.locale(), performance.now(), 'sandboxFailed'));
        waiting.push({ phase, code, ctx, resolve });
        pump();
      });
    },
    dispose() {
      if (disposed) return;
      breakDown();
      disposed = true;
    },
  };
}
