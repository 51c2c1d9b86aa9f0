/**
 * GitHub's REST description imported end to end, in a process of its own: DynamoDB Local and s3rver, the gateway
 * over the source handlers, and the import job run apart after the start is answered, as the local stack runs it
 * (jobs-apart.ts). Upload ticket, presigned PUT, start, then polling until done, with the progress the polls saw;
 * then the same file again, unchanged, with the document writes counted. Another call's p95 is measured at rest
 * and while the job runs. `busy` as the second argument keeps a core busy throughout. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';
import { projectItem } from '../../functions/domain/projects';
import { putItem } from '../../functions/data/db';
import { runMeter } from './run-meter';
import { busyCore, probeP95, runJobsApart } from './jobs-apart';

const file = process.argv[2]!;
const stopBusy = process.argv[3] === 'busy' ? busyCore() : () => undefined;
const { sample, stop } = runMeter();

const stack = await startBenchStack();
const runs = runJobsApart();

try {
  const user = await registerBenchUser();
  const project = benchProject(user.userId, 'GitHub');
  await putItem(projectItem(project));
  const bytes = readFileSync(file);
  const probe = () => stack.call('user.detail', {}, { token: user.token });
  const atRestP95 = await probeP95(probe);

  async function importOnce() {
    const stages: Record<string, number> = {};
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
    let over = false;
    const duringP95 = probeP95(probe, { while: () => !over });
    /** Each distinct progress the polls saw. */
    const progress: string[] = [];
    let job;
    for (;;) {
      job = await stack.call('import.get', { params: { id: ticket.id } }, { token: user.token });
      const seen = `${job.progress.done}/${job.progress.total}`;
      if (progress.at(-1) !== seen) progress.push(seen);
      if (job.state === 'done' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    over = true;
    const t4 = performance.now();
    const run = await runs.at(-1)!;
    sample();
    stages['ticket'] = Math.round(t1 - t0);
    stages['presigned PUT (13 MB)'] = Math.round(t2 - t1);
    stages['start'] = Math.round(t3 - t2);
    for (const [name, ms] of Object.entries(run.timings)) stages[`job: ${name}`] = Math.round(ms);
    stages['upload to done'] = Math.round(t4 - t0);
    return { stages, job, run, progress, duringP95: await duringP95 };
  }

  const first = await importOnce();
  const again = await importOnce();
  const peakMb = stop();
  console.log(
    JSON.stringify({
      first: {
        stages: first.stages,
        state: first.job.state,
        report: { created: first.job.report?.created, warnings: first.job.report?.warnings.length },
        error: first.job.error,
        progress: first.progress,
        jobPeakMb: first.run.peakMb,
      },
      again: { stages: again.stages, state: again.job.state, skipped: again.job.report?.skipped },
      unchangedWrites: again.run.writes,
      p95: { atRest: atRestP95, duringImport: first.duringP95 },
      peakMb,
    }),
  );
} finally {
  stopBusy();
  await stack.stop();
}
