/**
 * On-demand workers (shared/jobs.ts WORKERS) in the local stack: what Lambda's asynchronous invocation does in AWS.
 * The run starts after the current request has been answered (a macrotask later) and its failure is logged, never
 * thrown into the request that started it.
 *
 * `apart` (the stack's way): each run is a Node process of its own (worker-process.ts) with the heap its function
 * has in AWS, as the function is apart from the API's there: an export rendering for a minute or an import mapping
 * 13 MB never holds up the API's event loop, and what it allocated goes when it ends. `inProcess` (the integration
 * tests' way): the handler runs in this process, where a test can plant faults in the clients it uses.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WORKERS, type WorkerName } from '@shared/jobs';
import { functionBundle, functionEntry, ROOT } from './paths';

type WorkerHandler = (event: unknown, context: { awsRequestId: string }) => Promise<unknown>;
export type WorkerPlacement = 'apart' | 'inProcess';

const running = new Set<Promise<void>>();
let runs = 0;

const CHILD = join(ROOT, 'scripts/local/worker-process.ts');

/** Runs the handler in a process of its own; settles when that process has exited (rejects when the run failed). */
function runApart(name: WorkerName, file: string, event: unknown, requestId: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const child = fork(CHILD, [], {
      cwd: ROOT,
      env: process.env,
      // tsx reads the TypeScript (this file's and the sources'); the heap is the function's memory in AWS.
      execArgv: ['--import', 'tsx', `--max-old-space-size=${WORKERS[name].memoryMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let outcome: { ok: boolean; error?: string } | undefined;
    child.once('message', (m: { ok: boolean; error?: string }) => (outcome = m));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (outcome?.ok) resolve();
      else reject(new Error(outcome?.error ?? `the ${name} worker's process ended (${signal ?? `exit code ${code}`})`));
    });
    child.send({ file, event, requestId });
  });
}

async function runInProcess(file: string, event: unknown, requestId: string) {
  const { handler } = (await import(pathToFileURL(file).href)) as { handler: WorkerHandler };
  await handler(event, { awsRequestId: requestId });
}

export function runLocalWorker(
  name: WorkerName,
  event: unknown,
  from: 'bundles' | 'source',
  log: (line: string) => void = console.error,
  placement: WorkerPlacement = 'apart',
) {
  const file = from === 'bundles' ? functionBundle(name) : functionEntry(name, 'worker');
  const requestId = `local-${name}-${++runs}`;
  const run = new Promise<void>((resolve) => setTimeout(resolve, 0))
    .then(() => (placement === 'apart' ? runApart(name, file, event, requestId) : runInProcess(file, event, requestId)))
    .catch((err: unknown) => log(`Worker ${name} failed: ${(err as Error).stack ?? String(err)}`))
    .finally(() => running.delete(run));
  running.add(run);
}

/** Waits for every run in flight (tests, and a stack shutting down). */
export async function settledWorkers() {
  while (running.size) await Promise.all([...running]);
}
