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
 * Sandbox worker threads per process, when there are that many CPUs: a Lambda function of the mock origin has
 * one or two (by its memory), the local origin shares the machine with everything else.
 */
export const SANDBOX_WORKERS = 2;

/**
 * Fair shares of the sandbox workers between projects (functions/mock/sandbox.ts): the workers are served project by
 * project, round robin, and one project may run at most `max(1, workers - 1)` scripts at once, so a project whose
 * scripts loop until the watchdog never holds every worker. `inFlightPerProject` caps a project's scripts running and
 * waiting: beyond it a request is answered at once with 429 (and Retry-After), because each waiting runaway script
 * costs up to its deadline plus the watchdog's grace on the project's one worker, and a queue without a bound would
 * make every request of that project wait seconds (the 100 concurrent endless scripts of issue 27 waited 10 s).
 */
export const SANDBOX_FAIRNESS = {
  inFlightPerProject: 8,
  /** Seconds a caller refused for too many scripts in flight is told to wait: a running script ends within 0.5 s. */
  retryAfterSeconds: 1,
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
