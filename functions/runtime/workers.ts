/**
 * Invoking an on-demand worker (shared/jobs.ts WORKERS) from a service. In AWS: Lambda's Invoke with
 * InvocationType Event, so the request is answered at once and Lambda runs (and, on an error, retries) the worker;
 * the function's name comes from the environment the stack sets. Locally the stack registers a runner that calls
 * the worker's handler in the same process after the request is answered: a bundle cannot import another
 * bundle's state, so the runner is found on `globalThis`. The Lambda client is the runtime's own SDK, loaded on
 * first use (scripts/build-functions.ts keeps it external).
 */
import { workerFunctionEnv, type WorkerName } from '@shared/jobs';
import { env } from '../env';

type LocalRunner = (name: WorkerName, event: unknown) => void;
const LOCAL_RUNNER = Symbol.for('apiloom.localWorkers');
const registry = globalThis as unknown as Record<symbol, LocalRunner | undefined>;

/** The local stack (and the tests' gateway) run workers in process through this. */
export function registerLocalWorkers(run: LocalRunner | undefined) {
  registry[LOCAL_RUNNER] = run;
}

export async function invokeWorker(name: WorkerName, event: unknown): Promise<void> {
  const local = registry[LOCAL_RUNNER];
  if (local) {
    local(name, event);
    return;
  }
  const functionName = process.env[workerFunctionEnv(name)];
  if (!functionName) throw new Error(`no function for the ${name} worker (${workerFunctionEnv(name)})`);
  const { LambdaClient, InvokeCommand } = await import('@aws-sdk/client-lambda');
  const client = new LambdaClient({ region: env().AWS_REGION });
  await client.send(
    new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: new TextEncoder().encode(JSON.stringify(event)) }),
  );
}
