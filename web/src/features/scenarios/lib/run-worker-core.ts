/**
 * The worker's side of a browser run: the shared engine, with every outside call (transport, scripts, sources) made
 * a message to the page. A plain module: run.worker.ts serves it on the worker's own scope, a test on a
 * MessageChannel's port.
 */
import { DataSetError, readDataSet, type DataRow } from '@shared/scenarios/data-set';
import { runScenario } from '@shared/scenarios/engine';
import type { FromWorker, HostCall, PortLike, RunInput, ToWorker } from './run-protocol';

export function serveScenarioRuns(port: PortLike<ToWorker, FromWorker>) {
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let controller: AbortController | null = null;

  const ask = <T>(call: HostCall): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve, reject });
      port.postMessage({ type: 'call', id, call });
    });

  async function run(input: RunInput) {
    controller = new AbortController();
    let rows: DataRow[] | undefined;
    try {
      rows = input.content.dataSet ? readDataSet(input.content.dataSet) : undefined;
    } catch (error) {
      if (!(error instanceof DataSetError)) throw error;
      port.postMessage({ type: 'failed', reason: 'dataSet', message: error.detail });
      return;
    }
    try {
      const { summary } = await runScenario(input.content, {
        transport: (request) => ask({ kind: 'transport', request }),
        sources: {
          document: (id) => ask({ kind: 'document', id }),
          model: (id) => ask({ kind: 'model', id }),
          scenario: (id) => ask({ kind: 'scenario', id }),
        },
        ...(input.scripts ? { scripts: (phase, code, run) => ask({ kind: 'script', phase, code, run }) } : {}),
        environment: input.environment,
        ...(rows ? { rows } : {}),
        ...(input.iterations ? { iterations: input.iterations } : {}),
        bail: !!input.bail,
        signal: controller.signal,
        // The page keeps the results as they come; the worker holds none of them.
        keepResults: false,
        onStep: (result) => port.postMessage({ type: 'step', result }),
      });
      port.postMessage({ type: 'done', summary });
    } catch (error) {
      port.postMessage({ type: 'failed', reason: 'crash', message: error instanceof Error ? error.message : String(error) });
    }
  }

  port.onmessage = (event) => {
    const message = event.data;
    if (message.type === 'run') void run(message.input);
    else if (message.type === 'abort') controller?.abort();
    else {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value as never);
      else waiting?.reject(new Error(message.message));
    }
  };
}
