/**
 * The scenario bench's server half (issue 36), in a process of its own: the same shape as the CLI half (log in and
 * keep the token, then create and read back with it, 20 steps over a 100-row CSV: 2,000 requests) started with
 * scenarioJob.start on a bench stack and run by the run-scenario worker's own entry, to a loopback echo server in
 * a third process, admitted through the guard's test-only parameter (never configuration). Polls the job as a
 * client does. Prints one JSON line: the time from start to done, the process's peak memory (the API, the worker
 * and s3rver together: an upper bound of the worker's), requests and the run's status.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { putItem } from '../../functions/data/db';
import { createLogger } from '../../functions/core/logger';
import { projectItem } from '../../functions/domain/projects';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { handleRunScenarioEvent, type RunScenarioEvent } from '../../functions/workers/run-scenario/run';
import { startBenchStack } from './harness';
import { runMeter } from './run-meter';
import { benchScenarioSteps } from './scenario-steps';
import { benchProject, registerBenchUser } from './users';

const echo = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'scenarios-echo.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve) => echo.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

const stack = await startBenchStack();
const guard = { admitForTests: new Set(['127.0.0.1']) };
const log = createLogger({ job: 'run-scenario-bench' });
const runs: Promise<void>[] = [];
const invoke = (event: unknown) => {
  runs.push(handleRunScenarioEvent(event as RunScenarioEvent, { log, guard, reinvoke: async (next) => invoke(next) }));
};
registerLocalWorkers((name, event) => {
  if (name !== 'run-scenario') throw new Error(`the bench runs no ${name} worker`);
  setTimeout(() => invoke(event), 0);
});

const steps = benchScenarioSteps({
  create: { kind: 'adhoc', method: 'POST', url: '/orders' },
  read: { kind: 'adhoc', method: 'GET', url: '/orders/{{orderId}}' },
});
const csv = ['user,sku', ...Array.from({ length: 100 }, (_, i) => `user${i},sku-${i}`)].join('\n');

const { stages, time, stop } = runMeter();
try {
  const user = await registerBenchUser();
  const project = benchProject(user.userId, 'Scenarios');
  await putItem(projectItem(project));
  const as = { token: user.token };
  const env = await stack.call('env.create', { body: { projectId: project.id, name: 'Echo', baseUrl: base } }, as);
  const scenario = await stack.call(
    'scenario.create',
    {
      body: {
        projectId: project.id,
        name: 'Bench',
        content: { steps, dataSet: { format: 'csv', fileName: 'rows.csv', text: csv, nameColumn: 'user', requiredColumns: ['sku'] } },
      },
    },
    as,
  );
  const job = await time('server job, start to done (2,000 requests)', async () => {
    const started = await stack.call('scenarioJob.start', { body: { scenarioId: scenario.id, environmentId: env.id } }, as);
    for (;;) {
      await new Promise((r) => setTimeout(r, 200));
      const polled = await stack.call('scenarioJob.get', { params: { id: started.id } }, as);
      if (polled.state === 'done' || polled.state === 'failed') return polled;
    }
  });
  await Promise.all(runs);
  const run = job.runId ? await stack.call('scenarioRun.get', { params: { id: job.runId } }, as) : undefined;
  const peakMb = stop();
  console.log(
    JSON.stringify({
      stages,
      peakMb,
      state: job.state,
      requests: run?.summary.requests ?? 0,
      status: run?.summary.status ?? job.error?.message ?? 'none',
      failedChecks: run?.summary.checks.failed ?? -1,
    }),
  );
} finally {
  echo.kill();
  await stack.stop();
}
