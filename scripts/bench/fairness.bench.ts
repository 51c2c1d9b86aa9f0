/**
 * Issue 27's figure: another project's script mock (answering at once) at rest, then while one project fires 100
 * concurrent `while (true) {}` script requests, wave after wave, in the same run. Target: p99 under that load at
 * most 100 ms, or at most 2x the p99 at rest, whichever is larger.
 */
import type { startBenchStack } from './harness';
import { describeLoad, load } from './harness';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const RUNAWAY_CONCURRENCY = 100;
const MEASURE_MS = 5_000;
const OTHER_CONCURRENCY = 4;

/**
 * The abusive project, in a worker thread of its own (so it does not slow the server's event loop from inside):
 * 100 requests at once, the next 100 once all are answered, until told to stop. Counts the answers by status.
 */
const ATTACK_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, concurrency } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const statuses = {};
let stopping = false;
parentPort.on('message', () => { stopping = true; });
const one = () => new Promise((resolve) => {
  const req = http.request(url, { agent }, (res) => {
    res.resume();
    res.on('end', () => { statuses[res.statusCode] = (statuses[res.statusCode] || 0) + 1; resolve(); });
  });
  req.on('error', () => { statuses.error = (statuses.error || 0) + 1; resolve(); });
  req.end();
});
(async () => {
  let waves = 0;
  parentPort.postMessage({ started: true });
  while (!stopping) {
    await Promise.all(Array.from({ length: concurrency }, one));
    waves++;
  }
  agent.destroy();
  parentPort.postMessage({ statuses, waves });
})();
`;

async function attack(url: string) {
  const { Worker } = await import('node:worker_threads');
  const worker = new Worker(ATTACK_WORKER, { eval: true, workerData: { url, concurrency: RUNAWAY_CONCURRENCY } });
  const done = new Promise<{ statuses: Record<string, number>; waves: number }>((resolve, reject) => {
    worker.on('message', (message: { started?: boolean; statuses?: Record<string, number>; waves?: number }) => {
      if (!message.started) resolve(message as { statuses: Record<string, number>; waves: number });
    });
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

export async function benchFairness(stack: Stack) {
  const { token } = await registerBenchUser();
  const scriptMock = async (name: string, path: string, body: string) => {
    const project = await stack.call('project.create', { body: { name } }, { token });
    const doc = await stack.call(
      'document.create',
      { body: { projectId: project.id, name: path, type: 'api', content: { method: 'GET', path, description: 'bench' } } },
      { token },
    );
    await stack.call('mock.save', { body: { projectId: project.id, docId: doc.id, type: 'script', body } }, { token });
    return `${stack.mockOrigin}/${project.id}${path}`;
  };
  const runaway = await scriptMock('Fairness abuser', '/loop', 'while (true) {}');
  const other = await scriptMock('Fairness bystander', '/hello', 'return { body: { hello: request.path } };');

  await load(other, { concurrency: OTHER_CONCURRENCY, durationMs: 1_500 }); // warm up
  const atRest = await load(other, { concurrency: OTHER_CONCURRENCY, durationMs: MEASURE_MS });
  const attacker = await attack(runaway);
  let underLoad: Awaited<ReturnType<typeof load>>;
  let abuse: Awaited<ReturnType<typeof attacker.stop>>;
  try {
    underLoad = await load(other, { concurrency: OTHER_CONCURRENCY, durationMs: MEASURE_MS });
  } finally {
    abuse = await attacker.stop();
  }
  const ratio = underLoad.p99 / atRest.p99;
  const target = Math.max(100, 2 * atRest.p99);
  const answered = Object.entries(abuse.statuses)
    .map(([status, count]) => `${count}x ${status}`)
    .join(', ');
  return {
    [`fairness: other project's script mock at rest (${OTHER_CONCURRENCY} connections)`]: describeLoad(atRest),
    [`fairness: the same while one project fires ${RUNAWAY_CONCURRENCY} endless scripts`]: describeLoad(underLoad),
    'fairness: p99 under load / p99 at rest': `${ratio.toFixed(2)}x (target p99 <= ${target.toFixed(0)} ms: ${underLoad.p99 <= target ? 'met' : 'MISSED'})`,
    "fairness: the abusive project's answers": `${abuse.waves} waves: ${answered}`,
  };
}
