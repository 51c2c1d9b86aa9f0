/**
 * What the runner sends and runs with: the transports (direct from the page here; the proxy and the plug-in come
 * from their own modules), the pm-script sandbox and the code snippets. The panel takes them as one object, so the
 * page composes it and a test can hand in its own.
 */
import type { RunRequest, RunResponse, RunTransport } from '@shared/schemas/runner';
import { directTransport } from './direct-transport';

export type Transport = (req: RunRequest, signal?: AbortSignal) => Promise<RunResponse>;

export interface ScriptContext {
  request: RunRequest;
  response?: RunResponse;
  environment: Record<string, string>;
  variables: Record<string, string>;
}

export interface ScriptResult {
  tests: { name: string; passed: boolean; error?: string }[];
  environment: Record<string, string>;
  variables: Record<string, string>;
  request: RunRequest;
  logs: string[];
  warnings: string[];
  error?: string;
  timeMs: number;
}

export interface ScriptRunner {
  run(phase: 'pre' | 'post', code: string, ctx: ScriptContext): Promise<ScriptResult>;
  dispose(): void;
}

export const SNIPPET_TARGETS = ['curl', 'fetch', 'axios', 'python', 'go', 'java-okhttp'] as const;
export type SnippetTarget = (typeof SNIPPET_TARGETS)[number];

export interface RunEngines {
  transports: Partial<Record<RunTransport, Transport>>;
  /** Makes the script sandbox (a worker); absent: the page offers no scripts. */
  scripts?: () => ScriptRunner;
  /** Absent: the page offers no snippets. */
  snippet?: (req: RunRequest, target: SnippetTarget) => Promise<string>;
}

export const runEngines: RunEngines = {
  transports: { direct: directTransport },
};
