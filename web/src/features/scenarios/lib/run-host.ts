/**
 * The page's side of a browser run: starts the run in the worker and answers its calls with what the page was
 * given (the chosen transport, the script sandbox, the API's documents and scenarios). Stopping aborts the request
 * in flight and tells the engine, which ends the run at its next step.
 */
import type { EngineOptions, RunSummary, ScenarioScripts, ScenarioSources, StepResult } from '@shared/scenarios/engine';
import type { FromWorker, HostCall, PortLike, RunInput, ToWorker } from './run-protocol';

export interface RunDeps {
  transport: EngineOptions['transport'];
  scripts?: ScenarioScripts;
  sources: ScenarioSources;
}

/** The run did not happen: its data set could not be read (`dataSet`), or the engine failed (`crash`). */
export class RunNotFinished extends Error {
  constructor(
    readonly reason: 'dataSet' | 'crash',
    message: string,
  ) {
    super(message);
    this.name = 'RunNotFinished';
  }
}

export interface HostedRun {
  /** The run's summary once it ends (stopped runs too); rejects with RunNotFinished. */
  finished: Promise<RunSummary>;
  stop(): void;
}

export function hostScenarioRun(
  port: PortLike<FromWorker, ToWorker>,
  input: RunInput,
  deps: RunDeps,
  onStep: (result: StepResult) => void,
): HostedRun {
  const controller = new AbortController();
  const answer = async (call: HostCall): Promise<unknown> => {
    switch (call.kind) {
      case 'transport':
        return deps.transport(call.request, controller.signal);
      case 'script':
        if (!deps.scripts) throw new Error('scripts are not available here');
        return deps.scripts(call.phase, call.code, call.run);
      case 'document':
        return deps.sources.document(call.id);
      case 'model':
        return deps.sources.model(call.id);
      case 'scenario':
        return deps.sources.scenario(call.id);
    }
  };
  const finished = new Promise<RunSummary>((resolve, reject) => {
    port.onmessage = (event) => {
      const message = event.data;
      switch (message.type) {
        case 'step':
          onStep(message.result);
          break;
        case 'done':
          resolve(message.summary);
          break;
        case 'failed':
          reject(new RunNotFinished(message.reason, message.message));
          break;
        case 'call':
          answer(message.call).then(
            (value) => port.postMessage({ type: 'answer', id: message.id, ok: true, value }),
            (error: unknown) =>
              port.postMessage({
                type: 'answer',
                id: message.id,
                ok: false,
                message: error instanceof Error ? error.message : String(error),
              }),
          );
      }
    };
  });
  port.postMessage({ type: 'run', input });
  return {
    finished,
    stop: () => {
      controller.abort();
      port.postMessage({ type: 'abort' });
    },
  };
}

/** A run in a Web Worker of its own, ended once the run is. */
export function startBrowserRun(input: RunInput, deps: RunDeps, onStep: (result: StepResult) => void): HostedRun {
  const worker = new Worker(new URL('./run.worker.ts', import.meta.url), { type: 'module', name: 'scenario-run' });
  // A worker that cannot start (its chunk failed to load) or breaks never answers: the run ends with why.
  const broke = new Promise<never>((_, reject) => {
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new RunNotFinished('crash', event.message || "the run's worker failed"));
    };
  });
  const run = hostScenarioRun(worker, input, deps, onStep);
  const finished = Promise.race([run.finished, broke]);
  const end = () => worker.terminate();
  finished.then(end, end);
  return { finished, stop: () => run.stop() };
}
