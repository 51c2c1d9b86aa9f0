/**
 * On-demand workers (shared/jobs.ts WORKERS) in the local stack: what Lambda's asynchronous invocation does in AWS,
 * done in this process. The run starts after the current request has been answered (a macrotask later) and its
 * failure is logged, never thrown into the request that started it.
 */
import { pathToFileURL } from 'node:url';
import type { WorkerName } from '@shared/jobs';
import { functionBundle, functionEntry } from './paths';

type WorkerHandler = (event: unknown, context: { awsRequestId: string }) => Promise<unknown>;

const running = new Set<Promise<void>>();
let runs = 0;

export function runLocalWorker(name: WorkerName, event: unknown, from: 'bundles' | 'source', log: (line: string) => void = console.error) {
  const file = from === 'bundles' ? functionBundle(name) : functionEntry(name, 'worker');
  const run = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(async () => {
      const { handler } = (await import(pathToFileURL(file).href)) as { handler: WorkerHandler };
      await handler(event, { awsRequestId: `local-${name}-${++runs}` });
    })
    .catch((err: unknown) => log(`Worker ${name} failed: ${(err as Error).stack ?? String(err)}`))
    .finally(() => running.delete(run));
  running.add(run);
}

/** Waits for every run in flight (tests, and a stack shutting down). */
export async function settledWorkers() {
  while (running.size) await Promise.all([...running]);
}
