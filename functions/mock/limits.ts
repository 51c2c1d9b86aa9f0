/**
 * Caps every mock answer shares, whichever way it is made: a mock endpoint is public, so its cost must stay bounded
 * whatever a project saves, and a rule like `list|1-100000000` is clamped or refused long before it is built.
 */
export const MOCK_CAPS = {
  /** Items one array rule (`list|1-n`) or string repeat (`star|n`) may make. */
  repeat: 1_000,
  /** Serialised JSON of one answer, in UTF-16 code units (what `JSON.stringify(...).length` counts). */
  outputChars: 1024 * 1024,
  /** Nesting of templates and generated values, in objects and arrays. */
  depth: 32,
  /** Values one answer may generate: bounds the time of a template or a parameter tree that multiplies out. */
  nodes: 100_000,
  /** Time one template render or generation may take before it stops with a timeout. */
  renderMs: 500,
} as const;

/**
 * CPUs the sandbox runs scripts on per process, at most, when there are that many: a Lambda function of the mock
 * origin has one or two (by its memory), the local origin shares the machine with everything else. The pool keeps
 * one worker more than that in reserve (functions/mock/sandbox.ts), so one project may use every CPU and another
 * project's script still finds a worker while the first project's scripts loop until the watchdog.
 */
export const SANDBOX_WORKERS = 2;

/**
 * Fair shares of the sandbox workers between projects (functions/mock/sandbox.ts): the workers are served project by
 * project, round robin, and one project runs at most one script per CPU at once, never on the reserve worker, and one
 * fewer (at least one) for a while after one of its scripts timed out. A project's scripts beyond its share wait in
 * its own line, up to `queuePerProject` running and waiting (a frontend's page with a dozen parallel calls, or a
 * load test at 50 connections, waits rather than being refused); past that line, or past `queueTotal` waiting across
 * every project, a request is answered at once with 429 and Retry-After. The bound keeps a runaway project's line
 * from growing without end: each waiting endless script costs its deadline on one of the project's workers, so its
 * last request waits at most about queuePerProject x deadline (64 x 0.2 s = 12.8 s on one CPU), and another project
 * never waits behind it at all. `MOCK_SCRIPT_QUEUE` overrides `queuePerProject`, read when the first script runs.
 */
export const SANDBOX_FAIRNESS = {
  queuePerProject: 64,
  /** Scripts waiting across every project: what one process holds in memory for requests not yet run. */
  queueTotal: 512,
  /** Seconds a caller refused past the queue is told to wait: a script ends within its deadline. */
  retryAfterSeconds: 1,
  /**
   * How long after one of its scripts timed out a project runs one script fewer at once (one CPU less, at least
   * one): its endless scripts then leave a CPU to the server and to everyone else's scripts.
   */
  afterTimeoutMs: 10_000,
} as const;

/** Limits of one script run in the QuickJS sandbox. */
export const SANDBOX_LIMITS = {
  deadlineMs: 200,
  memoryBytes: 32 * 1024 * 1024,
  /**
   * QuickJS counts its own stack in wasm memory, but wasm frames also use the host's native stack; measured on
   * Node 20, 64 KB is the largest setting at which deep recursion (JSON, proxies, regexps) stops inside QuickJS.
   */
  stackBytes: 64 * 1024,
  logEntries: 50,
  logEntryChars: 1_000,
  /** Arguments one helper call may pass to the host, as JSON. */
  helperArgChars: 64 * 1024,
} as const;
