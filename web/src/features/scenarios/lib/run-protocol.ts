/**
 * How a browser run's page and its Web Worker talk (issue 36). The engine runs in the worker, off the main thread;
 * what only the page can do it asks the page for, one call at a time by id: send a request (the direct, proxy or
 * plug-in transport: the plug-in answers the page only, the proxy needs the page's session), run a script (the
 * runner's own sandbox worker), and read a document, a model or a called scenario through the API. Each step's
 * result comes back as it ends, so the page lists it at once; the summary comes last.
 */
import type { RunSummary, ScriptRun, StepResult } from '@shared/scenarios/engine';
import type { ScenarioContent } from '@shared/schemas/scenario';

export type HostCall =
  | { kind: 'transport'; request: ScriptRun['request'] }
  | { kind: 'script'; phase: 'pre' | 'post'; code: string; run: ScriptRun }
  | { kind: 'document' | 'model' | 'scenario'; id: string };

export interface RunInput {
  content: ScenarioContent;
  environment: { baseUrl: string; variables: Record<string, string> };
  /** Runs without a data set (1 by default). */
  iterations?: number;
  bail?: boolean;
  /** Whether the page can run scripts (else steps' scripts are not run). */
  scripts: boolean;
}

export type ToWorker =
  | { type: 'run'; input: RunInput }
  | { type: 'answer'; id: number; ok: true; value: unknown }
  | { type: 'answer'; id: number; ok: false; message: string }
  | { type: 'abort' };

export type FromWorker =
  | { type: 'call'; id: number; call: HostCall }
  | { type: 'step'; result: StepResult }
  | { type: 'done'; summary: RunSummary }
  /** `dataSet`: the data set could not be read (its words in `message`); `crash`: the engine itself failed. */
  | { type: 'failed'; reason: 'dataSet' | 'crash'; message: string };

/** A worker or a MessagePort: what either side holds of the other. */
export interface PortLike<In, Out> {
  postMessage(message: Out): void;
  onmessage: ((event: MessageEvent<In>) => void) | null;
}
