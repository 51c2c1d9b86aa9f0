/**
 * The request scripts' Web Worker: the sandbox core (shared/script-sandbox/sandbox.ts) with chai bundled as text, answering one job at a
 * time. It says `ready` once QuickJS and chai are loaded, so the main thread's watchdog does not count loading
 * against a script's deadline.
 */
import chaiSource from 'chai?raw';
import { createScriptSandbox } from '@shared/script-sandbox/sandbox';
import type { WorkerJob, WorkerReply } from './worker-runner';

const sandbox = createScriptSandbox({ chaiSource });
const scope = self as unknown as { onmessage: ((e: MessageEvent<WorkerJob>) => void) | null; postMessage: (m: WorkerReply) => void };

scope.onmessage = (event) => {
  const { id, phase, code, ctx, locale } = event.data;
  void sandbox.run(phase, code, ctx, { locale }).then((result) => scope.postMessage({ id, result }));
};
// Ready either way: if QuickJS cannot load, each run says so instead of the page waiting for a start-up.
const ready = () => scope.postMessage('ready');
void sandbox.warm().then(ready, ready);
