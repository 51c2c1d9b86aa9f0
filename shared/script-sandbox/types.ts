/**
 * The request scripts' contract with the runner (issue 24): what a pre-request or post-response script sees and
 * what a run hands back. The worker, the sandbox core and the runner page all speak it.
 */
import type { RunRequest, RunResponse } from '@shared/schemas/runner';

export type ScriptPhase = 'pre' | 'post';

export interface ScriptContext {
  /** The request about to be sent (pre) or sent (post), variables already substituted. */
  request: RunRequest;
  /** The response, for a post-response script. */
  response?: RunResponse;
  environment: Record<string, string>;
  variables: Record<string, string>;
}

export interface ScriptTest {
  name: string;
  passed: boolean;
  error?: string;
}

export interface ScriptResult {
  /** `pm.test` results in the order the script declared them. */
  tests: ScriptTest[];
  /** The environment and the variables after the script (unchanged when it ran out of time or memory). */
  environment: Record<string, string>;
  variables: Record<string, string>;
  /** The request as a pre-request script left it; a post-response script cannot change it. */
  request: RunRequest;
  /** `console.*` output, one entry per call. */
  logs: string[];
  /** What the script asked for that this sandbox does not do (`pm.sendRequest`, ...), each once. */
  warnings: string[];
  /** Why the script stopped: its own error with the line, the deadline or the memory cap. */
  error?: string;
  timeMs: number;
}
