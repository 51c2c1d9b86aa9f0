/**
 * GitHub's REST description imported end to end, in a process of its own (its peak memory is its own): DynamoDB
 * Local and s3rver, the gateway over the source handlers, and the import worker run in process after the start is
 * answered, as the local stack runs it. Upload ticket, presigned PUT, start, then polling until done; then the same
 * file again, unchanged, with the document writes counted. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import type { WorkerName } from '@shared/jobs';
import { dynamo } from '../../functions/data/dynamo-client';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { createLogger } from '../../functions/core/logger';
import { runImportJob } from '../../functions/workers/import/run';
import { startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';
import { projectItem } from '../../functions/domain/projects';
import { putItem } from '../../functions/data/db';
import { runMeter } from './run-meter';

const file = process.argv[2]!;
const { sample, stop } = runMeter();

const stack = await startBenchStack();
const timings: Record<string, number> = {};
const runs: Promise<void>[] = [];
registerLocalWorkers((_name: WorkerName, event) => {
  runs.push(
    new Promise<void>((r) => setTimeout(r, 0)).then(() =>
      runImportJob(event as { projectId: string; jobId: string }, { log: createLogger({}), timings }),
    ),
  );
});

/** Document writes (every table write but the job's own item). */
let writes = 0;
const client = dynamo();
const send = client.send.bind(client);
client.send = async (command: { constructor: { name: string }; input: Record<string, unknown> }) => {
  const name = command.constructor.name;
  if (name === 'BatchWriteCommand' || name === 'TransactWriteCommand') writes++;
  if (
    (name === 'PutCommand' || name === 'UpdateCommand') &&
    !/^IMPORT#/.test(String((command.input.Item ?? command.input.Key) && ((command.input.Item ?? command.input.Key) as { sk: string }).sk))
  )
    writes++;
  return send(command as never);
};

try {
  const user = await registerBenchUser();
  const project = benchProject(user.userId, 'GitHub');
  await putItem(projectItem(project));
  const bytes = readFileSync(file);

  async function importOnce() {
    const stages: Record<string, number> = {};
    for (const key of Object.keys(timings)) delete timings[key];
    const t0 = performance.now();
    const ticket = await stack.call(
      'import.upload',
      { body: { projectId: project.id, name: 'api.github.com.json', size: bytes.length } },
      { token: user.token },
    );
    const t1 = performance.now();
    const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: bytes });
    if (put.status !== 200) throw new Error(`upload: ${put.status}`);
    const t2 = performance.now();
    await stack.call('import.start', { body: { projectId: project.id, id: ticket.id } }, { token: user.token });
    const t3 = performance.now();
    let job;
    for (;;) {
      job = await stack.call('import.get', { params: { id: ticket.id } }, { token: user.token });
      if (job.state === 'done' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const t4 = performance.now();
    await Promise.all(runs);
    sample();
    stages['ticket'] = Math.round(t1 - t0);
    stages['presigned PUT (13 MB)'] = Math.round(t2 - t1);
    stages['start'] = Math.round(t3 - t2);
    for (const [name, ms] of Object.entries(timings)) stages[`job: ${name}`] = Math.round(ms);
    stages['upload to done'] = Math.round(t4 - t0);
    return { stages, job };
  }

  const first = await importOnce();
  const before = writes;
  const again = await importOnce();
  const peakMb = stop();
  console.log(
    JSON.stringify({
      first: {
        stages: first.stages,
        state: first.job.state,
        report: { created: first.job.report?.created, warnings: first.job.report?.warnings.length },
        error: first.job.error,
      },
      again: { stages: again.stages, state: again.job.state, skipped: again.job.report?.skipped },
      unchangedWrites: writes - before,
      peakMb,
    }),
  );
} finally {
  await stack.stop();
}
