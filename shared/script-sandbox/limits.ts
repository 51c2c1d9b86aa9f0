/**
 * Limits of one request script (issue 24), apart from the sandbox so that the page's side (the watchdog in
 * ./worker-runner.ts) reads them without loading QuickJS.
 */
export const SCRIPT_LIMITS = {
  deadlineMs: 1_000,
  /** Holds chai (a few MB loaded), a 5 MB response as text and its parsed JSON. */
  memoryBytes: 64 * 1024 * 1024,
  /** QuickJS's own stack: deep recursion ends as a stack overflow inside QuickJS, not in the host. */
  stackBytes: 256 * 1024,
} as const;
