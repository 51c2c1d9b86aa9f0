/**
 * GitHub's whole REST description (2,192 documents once imported) exported as a user starts it: imported through
 * the job, then for each format asked (`pdf`, `docx`) export.start and polling export.get until done, the job run
 * apart as the local stack runs it (jobs-apart.ts). Per format: the time from start to done, the job's stages, its
 * peak memory (its own process), the file's size, and another call's p95 at rest and while the job runs. `busy` as
 * an argument keeps a core busy throughout. Prints one JSON line.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { startBenchStack } from './harness';
import { benchProject, registerBenchUser } from './users';
import { projectItem } from '../../functions/domain/projects';
import { putItem } from '../../functions/data/db';
import { busyCore, probeP95, runJobsApart } from './jobs-apart';

const [file, ...rest] = process.argv.slice(2);
const formats = rest.filter((a): a is 'pdf' | 'docx' => a === 'pdf' || a === 'docx');
const stopBusy = rest.includes('busy') ? busyCore() : () => undefined;

const stack = await startBenchStack();
const runs = runJobsApart();
const pause = () => new Promise((r) => setTimeout(r, 200));

try {
  const user = await registerBenchUser();
  const project = benchProject(user.userId, 'GitHub');
  await putItem(projectItem(project));
  const bytes = readFileSync(file!);
  const ticket = await stack.call(
    'import.upload',
    { body: { projectId: project.id, name: 'api.github.com.json', size: bytes.length } },
    { token: user.token },
  );
  await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: bytes });
  await stack.call('import.start', { body: { projectId: project.id, id: ticket.id } }, { token: user.token });
  let imported;
  do {
    await pause();
    imported = await stack.call('import.get', { params: { id: ticket.id } }, { token: user.token });
  } while (imported.state !== 'done' && imported.state !== 'failed');
  if (imported.state !== 'done') throw new Error(`import ${imported.state}`);

  const probe = () => stack.call('user.detail', {}, { token: user.token });
  const atRestP95 = await probeP95(probe);
  const exports: Record<string, unknown> = {};
  for (const format of formats) {
    const loadAtStart = loadavg()[0]!;
    const started = performance.now();
    const job = await stack.call('export.start', { body: { projectId: project.id, format } }, { token: user.token });
    let over = false;
    const duringP95 = probeP95(probe, { while: () => !over });
    // A run whose process dies (out of memory) leaves the job running until its lease lapses: the bench says so.
    let died: string | undefined;
    const ran = runs.at(-1)!.then(
      (figures) => figures,
      (err: Error) => {
        died = err.message;
        return { timings: {}, writes: 0, peakMb: 0, cpuMs: 0 };
      },
    );
    let polled;
    do {
      await pause();
      polled = await stack.call('export.get', { params: { id: job.id } }, { token: user.token });
    } while (polled.state !== 'done' && polled.state !== 'failed' && !died);
    over = true;
    const ms = Math.round(performance.now() - started);
    const figures = await ran;
    exports[format] = {
      state: died ? 'died' : polled.state,
      error: died ?? polled.error?.message ?? null,
      documents: polled.progress.total,
      ms,
      stages: Object.fromEntries(Object.entries(figures.timings).map(([k, v]) => [k, Math.round(v)])),
      jobPeakMb: figures.peakMb,
      jobCpuMs: figures.cpuMs,
      mb: Math.round(((polled.size ?? 0) / 1024 / 1024) * 10) / 10,
      p95: { atRest: atRestP95, duringExport: await duringP95 },
      load: [loadAtStart, loadavg()[0]!],
    };
  }
  console.log(JSON.stringify({ exports }));
} finally {
  stopBusy();
  await stack.stop();
}
