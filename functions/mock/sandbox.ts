/**
 * Mock scripts run in a QuickJS WebAssembly sandbox (quickjs-runner.ts), never in Node's `vm` or vm2: YApi's mock
 * scripts ran in `vm` and were exploited for remote code execution in 2021.
 *
 * The sandbox itself lives in a worker thread, because QuickJS checks its deadline only between bytecode
 * instructions: a built-in that loops natively (`Array(2 ** 32 - 1).indexOf(1)`, a sort of millions of
 * elements) runs on for minutes whatever the interrupt handler says. Here such a run is cut off by terminating
 * the worker a little after the deadline, and the next script gets a new worker; the caller's process never
 * stalls. One script runs at a time per worker; a run is sent only once the worker has loaded QuickJS, so
 * start-up never counts against a script's deadline. There is a worker per CPU (at most SANDBOX_WORKERS) and one
 * in reserve: a run is mostly QuickJS building a fresh context, so scripts scale with cores. Projects share the
 * workers fairly (SandboxPool): one project runs a script per CPU at most, never on the reserve, so its endless
 * scripts leave a worker to the others until the watchdog; what it sends beyond that waits in its own bounded line.
 *
 * The worker runs this same file: the source through tsx in development and tests, the bundle itself in a
 * deployed function (whose entry module must therefore only define things at its top level).
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { SANDBOX_FAIRNESS, SANDBOX_LIMITS, SANDBOX_WORKERS } from './limits';
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
  /** Whose script it is: the pool shares the workers out by this. */
  project: string;
  job: SandboxJob;
  timeoutMs: number;
  /** Set by the pool when it hands the job to a thread. */
  running: boolean;
  /** Settles the job once (later calls do nothing) and lets the pool hand out the next one. */
  resolve: (result: JobResult) => void;
}

/** Runs that belong to no project (a syntax check, a caller that names none) share this one turn. */
const NO_PROJECT = '';

const timedOut = (ms: number): ScriptRun => ({
  ...mockFail('timeout', `the script did not finish within ${ms} ms`),
  logs: [],
});
const sandboxFailed = (): ScriptRun => ({ ...mockFail('script_error', 'the script sandbox failed'), logs: [] });
const busy = (message: string): ScriptRun => ({ ...mockFail('busy', message), logs: [] });

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
 * One worker and the one job it holds. A job is handed over only when the thread is idle, never queued behind
 * another in the worker: the one running may be a runaway that holds the worker until the watchdog, and whatever
 * waited behind it would wait that long, whoever's it was. The job waits for the worker to start if need be.
 */
class SandboxThread {
  private worker: Worker | undefined;
  private ready: Promise<Worker> | undefined;
  /** The job held: waiting for the worker to start, or sent to it and running. */
  private job: QueuedJob | undefined;
  /** Watches the running job, armed when it is sent. */
  private watchdog: NodeJS.Timeout | undefined;

  /** `onStartFailed`: no worker could be started, so the pool fails what waits rather than each waiting out a start. */
  constructor(private readonly onStartFailed: () => void) {}

  get idle(): boolean {
    return this.job === undefined;
  }

  run(job: QueuedJob) {
    this.job = job;
    this.start().then(
      (worker) => {
        if (this.job !== job) return;
        try {
          worker.postMessage({ id: job.id, ...job.job });
        } catch {
          // A request the structured clone cannot copy (the server passes JSON data, so: a bug upstream).
          this.release(job, sandboxFailed());
          return;
        }
        this.watchdog = setTimeout(() => this.cutOff(job), job.timeoutMs + WATCHDOG_GRACE_MS);
      },
      () => {
        if (this.job === job) this.release(job, sandboxFailed());
        this.onStartFailed();
      },
    );
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

  /** The thread is idle before the job settles, so the pool can hand it the next one at once. */
  private release(job: QueuedJob, result: JobResult) {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = undefined;
    this.job = undefined;
    job.resolve(result);
  }

  private finish(id: number, result: JobResult) {
    // Anything but the running job's id is a reply to a job already cut off.
    if (this.job?.id === id) this.release(this.job, result);
  }

  private endWorker() {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
  }

  /** The run outlived its deadline inside a native loop: only ending the thread stops it. */
  private cutOff(job: QueuedJob) {
    if (this.job !== job) return;
    this.endWorker();
    this.release(job, timedOut(job.timeoutMs));
    // Start the replacement now rather than when the next script arrives (it may already have).
    if (!this.ready) this.start().catch(() => undefined);
  }

  /** The worker died on its own (it should not): what it held fails, the next job gets a new worker. */
  private drop(worker: Worker) {
    if (this.worker !== worker) return;
    this.endWorker();
    if (this.job) this.release(this.job, sandboxFailed());
  }

  async close() {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (this.job) this.release(this.job, sandboxFailed());
    if (worker) {
      worker.removeAllListeners('exit');
      await worker.terminate();
    }
  }
}

/** How many scripts a pool runs and holds: SANDBOX_WORKERS and SANDBOX_FAIRNESS by default; smaller in tests. */
export interface PoolSize {
  /** Scripts one project may run at once: a worker per CPU. The pool has one worker more, in reserve. */
  cpus: number;
  /** A project's scripts running and waiting, at most; past it, `busy` at once. */
  queuePerProject: number;
  /** Scripts waiting across every project, at most. */
  queueTotal: number;
}

function defaultPoolSize(): PoolSize {
  const override = Number(process.env.MOCK_SCRIPT_QUEUE);
  return {
    cpus: Math.max(1, Math.min(SANDBOX_WORKERS, availableParallelism())),
    queuePerProject: Number.isInteger(override) && override > 0 ? override : SANDBOX_FAIRNESS.queuePerProject,
    queueTotal: SANDBOX_FAIRNESS.queueTotal,
  };
}

/**
 * The sandbox threads of this process, made on first use, shared fairly between projects: each project has its
 * own line, and an idle thread takes the next job of the next project in turn (round robin) among those running
 * fewer than their share (a script per CPU; one fewer for a while after one of theirs timed out). There is a thread
 * per CPU and one more, so one project's runaway scripts hold at most all threads but one, and another project's
 * script waits only for the projects ahead of it in turn, not for every script sent before it. A project's line is
 * bounded (and all lines together): past it, `busy` at once.
 */
export class SandboxPool {
  private readonly threads: SandboxThread[];
  /** Projects whose script ran out its time lately, and until when they run one script fewer at once. */
  private readonly timedOut = new Map<string, number>();
  /** Projects with a job running or waiting; dropped when they have none. */
  private readonly projects = new Map<string, { waiting: QueuedJob[]; running: number }>();
  /** Projects with waiting jobs, in turn order: one served goes to the back. */
  private turns: string[] = [];
  private waitingCount = 0;
  private nextId = 1;
  private dispatching = false;
  private again = false;

  constructor(private readonly size: PoolSize = defaultPoolSize()) {
    this.threads = Array.from({ length: size.cpus + 1 }, () => new SandboxThread(() => this.failWaiting()));
  }

  private submit(project: string, job: SandboxJob, timeoutMs: number): Promise<JobResult> {
    let entry = this.projects.get(project);
    if (!entry) this.projects.set(project, (entry = { waiting: [], running: 0 }));
    const { queuePerProject, queueTotal } = this.size;
    if (entry.running + entry.waiting.length >= queuePerProject) {
      this.forgetIfIdle(project);
      return Promise.resolve(busy(`this project already has ${queuePerProject} scripts running or waiting`));
    }
    if (this.waitingCount >= queueTotal) {
      this.forgetIfIdle(project);
      return Promise.resolve(busy(`${queueTotal} scripts are already waiting for the sandbox`));
    }
    const projectEntry = entry;
    return new Promise((resolve) => {
      let settled = false;
      const queued: QueuedJob = {
        id: this.nextId++,
        project,
        job,
        timeoutMs,
        running: false,
        resolve: (result) => {
          if (settled) return;
          settled = true;
          if (queued.running) projectEntry.running--;
          if (!result.ok && result.error.kind === 'timeout') this.noteTimeout(project);
          this.forgetIfIdle(project);
          resolve(result);
          this.dispatch();
        },
      };
      projectEntry.waiting.push(queued);
      this.waitingCount++;
      if (projectEntry.waiting.length === 1) this.turns.push(project);
      this.dispatch();
    });
  }

  /** Runs one mock script of a project (see runMockScript). */
  async runScript(source: string, request: ScriptRequest, options: RunOptions = {}): Promise<ScriptRun> {
    const { projectId = NO_PROJECT, ...scriptOptions } = options;
    const timeoutMs = scriptOptions.deadlineMs ?? SANDBOX_LIMITS.deadlineMs;
    return (await this.submit(projectId, { op: 'run', source, request, options: scriptOptions }, timeoutMs)) as ScriptRun;
  }

  async checkSyntax(source: string): Promise<MockResult<true>> {
    const result = await this.submit(NO_PROJECT, { op: 'check', source }, SANDBOX_LIMITS.deadlineMs);
    if (result.ok) return { ok: true, value: true };
    return { ok: false, error: result.error };
  }

  /** Hands waiting jobs to idle threads, project by project in turn. */
  private dispatch() {
    // A job settled while handing out others (a failed start) asks for another pass instead of nesting one.
    if (this.dispatching) {
      this.again = true;
      return;
    }
    this.dispatching = true;
    try {
      do {
        this.again = false;
        for (const thread of this.threads) {
          if (!thread.idle) continue;
          const job = this.nextJob();
          if (!job) break;
          thread.run(job);
        }
      } while (this.again);
    } finally {
      this.dispatching = false;
    }
  }

  /** The next waiting job of the first project in turn below its share of running scripts. */
  private nextJob(): QueuedJob | undefined {
    for (let i = 0; i < this.turns.length; i++) {
      const project = this.turns[i]!;
      const entry = this.projects.get(project)!;
      if (entry.running >= this.share(project)) continue;
      const job = entry.waiting.shift()!;
      this.waitingCount--;
      job.running = true;
      entry.running++;
      this.turns.splice(i, 1);
      if (entry.waiting.length > 0) this.turns.push(project);
      return job;
    }
    return undefined;
  }

  /**
   * Scripts a project may run at once: one per CPU, or one fewer (at least one) while its scripts run out their
   * time. A runaway script holds its CPU for its whole deadline, so a project sending them would otherwise keep every
   * CPU busy and slow everyone else's scripts and the server's own thread; a project whose scripts answer in time
   * keeps every CPU.
   */
  private share(project: string): number {
    const until = this.timedOut.get(project);
    if (until === undefined) return this.size.cpus;
    if (until > Date.now()) return Math.max(1, this.size.cpus - 1);
    this.timedOut.delete(project);
    return this.size.cpus;
  }

  private noteTimeout(project: string) {
    const now = Date.now();
    // Forget the projects whose time is up, so the map holds only those that timed out lately.
    if (this.timedOut.size >= SANDBOX_FAIRNESS.queueTotal)
      for (const [name, until] of this.timedOut) if (until <= now) this.timedOut.delete(name);
    this.timedOut.set(project, now + SANDBOX_FAIRNESS.afterTimeoutMs);
  }

  private forgetIfIdle(project: string) {
    const entry = this.projects.get(project);
    if (entry && entry.running === 0 && entry.waiting.length === 0) this.projects.delete(project);
  }

  /** Every waiting job fails now (no worker could start), rather than each waiting out another start. */
  private failWaiting() {
    const waiting = [...this.projects.values()].flatMap((entry) => entry.waiting.splice(0));
    this.turns = [];
    this.waitingCount = 0;
    for (const job of waiting) job.resolve(sandboxFailed());
  }

  async start(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.start()));
  }

  async close(): Promise<void> {
    this.failWaiting();
    await Promise.all(this.threads.map((thread) => thread.close()));
  }
}

let pool: SandboxPool | undefined;
const sandboxPool = () => (pool ??= new SandboxPool());

export interface RunOptions extends ScriptOptions {
  /** The project whose mock runs the script: the workers are shared out between projects by it. */
  projectId?: string;
}

/**
 * Runs one mock script with the request it answers, once its turn comes. Never throws: every failure is a typed
 * result, `busy` at once when the project's line (or every line together) is full.
 */
export function runMockScript(source: string, request: ScriptRequest, options: RunOptions = {}): Promise<ScriptRun> {
  return sandboxPool().runScript(source, request, options);
}

/** Compiles a script without running it, for save-time feedback: a syntax error with its line, or ok. */
export function checkScriptSyntax(source: string): Promise<MockResult<true>> {
  return sandboxPool().checkSyntax(source);
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
