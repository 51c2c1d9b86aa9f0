/**
 * What the runner sends and runs with: the transports (direct from the page; our proxy; the browser plug-in), the pm-script sandbox (./scripts, a Web Worker) and the code snippets (./snippets). The
 * panel takes them as one object, so the page composes it and a test can hand in its own.
 */
import type { RunRequest, RunResponse, RunTransport } from '@shared/schemas/runner';
import { directTransport } from './direct-transport';
import { pluginTransport } from './plugin-transport';
import { proxyTransport } from './proxy-transport';
// eslint-disable-next-line no-restricted-imports -- ./scripts is the runner's pm-script sandbox, not the repository's scripts/ folder
import { createScriptRunner, type ScriptRunner } from './scripts';
import { toSnippet, type SnippetTarget } from './snippets';

// eslint-disable-next-line no-restricted-imports -- ./scripts is the runner's pm-script sandbox, not the repository's scripts/ folder
export type { ScriptContext, ScriptResult, ScriptRunner } from './scripts';
export { SNIPPET_TARGETS, type SnippetTarget } from './snippets';

export type Transport = (req: RunRequest, signal?: AbortSignal) => Promise<RunResponse>;

export interface RunEngines {
  transports: Partial<Record<RunTransport, Transport>>;
  /** Makes the script sandbox (a worker); absent: the page offers no scripts. */
  scripts?: () => ScriptRunner;
  /** Absent: the page offers no snippets. */
  snippet?: (req: RunRequest, target: SnippetTarget) => Promise<string>;
}

export const runEngines: RunEngines = {
  transports: { direct: directTransport, proxy: proxyTransport, plugin: pluginTransport },
  scripts: createScriptRunner,
  snippet: toSnippet,
};
