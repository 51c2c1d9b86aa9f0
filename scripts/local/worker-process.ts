/**
 * One worker run in a Node process of its own (scripts/local/workers.ts starts it): what Lambda's asynchronous
 * invocation gives a worker in AWS, a function apart from the API's. It takes one message (the handler's file and
 * the event), runs the handler, answers how it went and exits; its heap is its own and goes with it.
 */
import { pathToFileURL } from 'node:url';

interface RunMessage {
  file: string;
  event: unknown;
  requestId: string;
}

type WorkerHandler = (event: unknown, context: { awsRequestId: string }) => Promise<unknown>;

process.once('message', (message: RunMessage) => {
  void (async () => {
    try {
      const { handler } = (await import(pathToFileURL(message.file).href)) as { handler: WorkerHandler };
      await handler(message.event, { awsRequestId: message.requestId });
      process.send!({ ok: true }, undefined, {}, () => process.exit(0));
    } catch (err) {
      process.send!({ ok: false, error: (err as Error).stack ?? String(err) }, undefined, {}, () => process.exit(1));
    }
  })();
});
