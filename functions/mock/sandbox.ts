/**
 * Mock scripts run in a QuickJS WebAssembly sandbox (quickjs-runner.ts), never in Node's `vm` or vm2: YApi's mock
 * scripts ran in `vm` and were exploited for remote code execution in 2021.
 *
 * The sandbox itself lives in a worker thread, because QuickJS checks its deadline only between bytecode
 * instructions: a built-in that loops natively (`Array(2 ** 32 - 1).indexOf(1)`, a sort of millions of
 * elements) runs on for minutes whatever the interrupt handler says. Here such a run is cut off by terminating
 * the worker a little after the deadline, and the next script gets a new worker; the caller's process never
 * stalls. One script runs at a time per worker; a run is sent only once the worker has loaded QuickJS, so
 * start-up never counts against a script's deadline. There is a worker per CPU (at most SANDBOX_WORKERS):
 * a run is mostly QuickJS building a fresh context, so scripts scale with cores, and one endless script holds
 * up only its own worker's queue until the watchdog.
 *
 * The worker runs this same file: the source through tsx in development and tests, the bundle itself in a
 * deployed function (whose entry module must therefore only define things at its top level).
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SANDBOX_LIMITS, SANDBOX_WORKERS } from './limits';
import { mockFail, type MockResult } from './mock-error';
import {
  checkSyntaxInQuickJs,
  runScriptInQuickJs,
  warmQuickJs,
  type ScriptOptions,
  type ScriptRequest,
  type ScriptRun,
} from './quickjs-runner';

export type { ScriptOptions, ScriptRequest, ScriptResponse, ScriptRun } from './quickjs-runner';

const WORKER_ROLE = 'apiloom-mock-sandbox';
/** How long after its deadline a run may go before its worker is terminated. */
const WATCHDOG_GRACE_MS = 300;
const WORKER_START_MS = 30_000;

type SandboxJob = { op: 'run'; source: string; request: ScriptRequest; options: ScriptOptions } | { op: 'check'; source: string };
type JobResult = ScriptRun | MockResult<true>;
interface WorkerReply {
  id: number;
  result: JobResult;
}

interface QueuedJob {
  id: number;
  job: SandboxJob;
  timeoutMs: number;
  resolve: (result: JobResult) => void;
}

const timedOut = (ms: number): ScriptRun => ({
  ...mockFail('timeout', `the script did not finish within ${ms} ms`),
  logs: [],
});
const sandboxFailed = (): ScriptRun => ({ ...mockFail('script_error', 'the script sandbox failed'), logs: [] });

/** How a worker loads this file: the bundle directly, or the TypeScript source through tsx's loader. */
function newWorker(): Worker {
  const self = import.meta.url;
  const options = { workerData: { role: WORKER_ROLE }, resourceLimits: { stackSizeMb: 4, maxOldGenerationSizeMb: 256 } };
  if (!self.endsWith('.ts')) return new Worker(new URL(self), options);
  let tsxApi = 'tsx/esm/api';
  try {
    tsxApi = import.meta.resolve(tsxApi);
  } catch {
    // where import.meta.resolve is missing, the worker resolves it from the working directory
  }
  const boot = `import(${JSON.stringify(tsxApi)}).then(({ register }) => { register(); return import(${JSON.stringify(self)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Jobs a worker holds at once: the one it runs and the next, so it starts the next the moment it finishes
 * instead of waiting for this thread to hear back and send it (on a busy machine that wait left the workers
 * idle a third of the time).
 */
const PIPELINE_DEPTH = 2;

class SandboxThread {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  private readonly queue: QueuedJob[] = [];
  /** Jobs sent to the worker, in the order it runs them; the first is running. */
  private readonly sent: QueuedJob[] = [];
  /** Watches the running job: armed when it was sent to an idle worker, or when the one before it finished. */
  private watchdog: { job: QueuedJob; timer: NodeJS.Timeout } | undefined;
  /** Jobs are taken from the queue but wait for a worker to be ready. */
  private starting = false;
  private nextId = 1;

  /** Jobs given to this thread and not finished: what the pool balances on. */
  get load(): number {
    return this.queue.length + this.sent.length;
  }

  submit(job: SandboxJob, timeoutMs: number): Promise<JobResult> {
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, job, timeoutMs, resolve });
      this.pump();
    });
  }

  /** Starts a worker (unless one is running or starting) and resolves once it has loaded QuickJS. */
  start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const ready = new Promise<Worker>((resolve, reject) => {
      const worker = newWorker();
      worker.unref();
      const startTimer = setTimeout(() => {
        reject(new Error('the sandbox worker did not start'));
        worker.removeAllListeners('exit');
        void worker.terminate();
        if (this.worker === worker) this.worker = undefined;
      }, WORKER_START_MS);
      const onFirst = (message: unknown) => {
        if (message !== 'ready') return;
        clearTimeout(startTimer);
        worker.off('message', onFirst);
        worker.on('message', (reply: WorkerReply) => this.finish(reply.id, reply.result));
        resolve(worker);
      };
      worker.on('message', onFirst);
      worker.on('error', () => this.drop(worker));
      worker.on('exit', () => {
        clearTimeout(startTimer);
        reject(new Error('the sandbox worker stopped'));
        this.drop(worker);
      });
      this.worker = worker;
    });
    // A failed start is forgotten, so the next job tries a new worker.
    ready.catch(() => {
      if (this.ready === ready) this.ready = undefined;
    });
    this.ready = ready;
    return ready;
  }

  /** Sends queued jobs to the worker while it holds fewer than PIPELINE_DEPTH, starting it first if need be. */
  private pump() {
    if (this.starting || this.queue.length === 0 || this.sent.length >= PIPELINE_DEPTH) return;
    if (this.worker && this.ready && this.sent.length > 0) {
      // A worker is up (it is running something): no need to wait on its start.
      this.send(this.worker);
      return;
    }
    this.starting = true;
    this.start().then(
      (worker) => {
        this.starting = false;
        this.send(worker);
      },
      () => {
        this.starting = false;
        // No worker: every waiting job fails now rather than each waiting out another start.
        for (const job of this.queue.splice(0)) job.resolve(sandboxFailed());
      },
    );
  }

  private send(worker: Worker) {
    while (this.queue.length > 0 && this.sent.length < PIPELINE_DEPTH) {
      const next = this.queue.shift()!;
      try {
        worker.postMessage({ id: next.id, ...next.job });
      } catch {
        // A request the structured clone cannot copy (the server passes JSON data, so: a bug upstream).
        next.resolve(sandboxFailed());
        continue;
      }
      this.sent.push(next);
      if (this.sent.length === 1) this.watch(next);
    }
  }

  private watch(job: QueuedJob) {
    this.watchdog = { job, timer: setTimeout(() => this.cutOff(job), job.timeoutMs + WATCHDOG_GRACE_MS) };
  }

  private unwatch() {
    if (this.watchdog) clearTimeout(this.watchdog.timer);
    this.watchdog = undefined;
  }

  private finish(id: number, result: JobResult) {
    // The worker answers in order; anything else is a reply to a job already cut off.
    if (this.sent[0]?.id !== id) return;
    const job = this.sent.shift()!;
    this.unwatch();
    if (this.sent[0]) this.watch(this.sent[0]);
    job.resolve(result);
    this.pump();
  }

  /** Ends the worker; the jobs it held but had not started go back to the front of the queue. */
  private abandonWorker(): QueuedJob | undefined {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    this.unwatch();
    const [running, ...waiting] = this.sent.splice(0);
    this.queue.unshift(...waiting);
    if (worker) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
    return running;
  }

  /** The run outlived its deadline inside a native loop: only ending the thread stops it. */
  private cutOff(job: QueuedJob) {
    if (this.sent[0] !== job) return;
    this.abandonWorker();
    job.resolve(timedOut(job.timeoutMs));
    this.pump();
    // Start the replacement now rather than when the next script arrives.
    if (!this.ready) this.start().catch(() => undefined);
  }

  /** The worker died on its own (it should not): what it was running fails, the rest get a new worker. */
  private drop(worker: Worker) {
    if (this.worker !== worker) return;
    this.abandonWorker()?.resolve(sandboxFailed());
    this.pump();
  }

  async close() {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    this.unwatch();
    for (const job of this.sent.splice(0)) job.resolve(sandboxFailed());
    if (worker) {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
}

/** The sandbox threads of this process, made on first use; a job goes to the least busy. */
class SandboxPool {
  private readonly threads = Array.from(
    { length: Math.max(1, Math.min(SANDBOX_WORKERS, availableParallelism())) },
    () => new SandboxThread(),
  );

  submit(job: SandboxJob, timeoutMs: number): Promise<JobResult> {
    const idlest = this.threads.reduce((best, thread) => (thread.load < best.load ? thread : best));
    return idlest.submit(job, timeoutMs);
  }

  async start(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.start()));
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

let pool: SandboxPool | undefined;
const sandboxPool = () => (pool ??= new SandboxPool());

/** Runs one mock script with the request it answers. Never throws: every failure is a typed result. */
export async function runMockScript(source: string, request: ScriptRequest, options: ScriptOptions = {}): Promise<ScriptRun> {
  const timeoutMs = options.deadlineMs ?? SANDBOX_LIMITS.deadlineMs;
  return (await sandboxPool().submit({ op: 'run', source, request, options }, timeoutMs)) as ScriptRun;
}

/** Compiles a script without running it, for save-time feedback: a syntax error with its line, or ok. */
export async function checkScriptSyntax(source: string): Promise<MockResult<true>> {
  const result = await sandboxPool().submit({ op: 'check', source }, SANDBOX_LIMITS.deadlineMs);
  if (result.ok) return { ok: true, value: true };
  return { ok: false, error: result.error };
}

/** Starts the sandbox workers ahead of the first script, e.g. while a Lambda function initialises. */
export async function warmSandbox(): Promise<void> {
  await sandboxPool().start();
}

/** Ends the sandbox workers (tests, graceful shutdown); the next script starts new ones. */
export async function closeSandbox(): Promise<void> {
  await pool?.close();
}

function serveInWorker() {
  const port = parentPort!;
  port.on('message', (message: { id: number } & SandboxJob) => {
    const work =
      message.op === 'run' ? runScriptInQuickJs(message.source, message.request, message.options) : checkSyntaxInQuickJs(message.source);
    void work.then((result) => port.postMessage({ id: message.id, result } satisfies WorkerReply));
  });
  // Ready either way: if QuickJS cannot load, each run says so instead of the caller waiting for a start-up.
  const ready = () => port.postMessage('ready');
  void warmQuickJs().then(ready, ready);
}

if (!isMainThread && (workerData as { role?: unknown } | null)?.role === WORKER_ROLE) serveInWorker();
