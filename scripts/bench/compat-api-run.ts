/**
 * The compatibility report end to end (issue 35), in a process of its own: GitHub's REST description imported into
 * a project on the local stack (DynamoDB Local, s3rver, the gateway over the source handlers), released as 1.0.0,
 * then the planter's 200 changes saved into the live project through `document.update` and `document.delete`.
 * Then timed: the report through the API route (`release.changes` 1.0.0 → live, the changes function's own code in
 * this process, so its heap growth is the call's), through the CLI (`apiloom diff` on the two versions exported as
 * OpenAPI files, a child process under /usr/bin/time for its peak memory), and on the report page in Chromium (the
 * longest task on the main thread, by PerformanceObserver `longtask`). Prints one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SESSION_HINT_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import type { WorkerName } from '@shared/jobs';
import { projectStateAt } from '../../functions/domain/compat';
import { readProjectFile } from '../../functions/domain/project-file';
import { writeOpenApiJson } from '../../functions/export/openapi/index';
import { createLogger } from '../../functions/core/logger';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { runImportJob } from '../../functions/workers/import/run';
import { buildCli } from '../build-cli';
import { launchChromium } from '../chromium';
import { plantChanges, scorePlanted } from './compat-plant';
import { startBenchStack } from './harness';
import { registerBenchUser } from './users';

const file = process.argv[2]!;
const stack = await startBenchStack();
const runs: Promise<void>[] = [];
registerLocalWorkers((_name: WorkerName, event) => {
  runs.push(
    new Promise<void>((r) => setTimeout(r, 0)).then(() =>
      runImportJob(event as { projectId: string; jobId: string }, { log: createLogger({}), timings: {} }),
    ),
  );
});
const { call, origin } = stack;

try {
  const user = await registerBenchUser();
  const opts = { token: user.token };
  const project = await call('project.create', { body: { name: 'GitHub' } }, opts);
  const bytes = readFileSync(file);
  const ticket = await call('import.upload', { body: { projectId: project.id, name: 'api.github.com.json', size: bytes.length } }, opts);
  const put = await fetch(ticket.url, { method: 'PUT', headers: ticket.headers, body: bytes });
  if (put.status !== 200) throw new Error(`upload: ${put.status}`);
  await call('import.start', { body: { projectId: project.id, id: ticket.id } }, opts);
  for (;;) {
    const job = await call('import.get', { params: { id: ticket.id } }, opts);
    if (job.state === 'failed') throw new Error(`import failed: ${job.error?.message}`);
    if (job.state === 'done') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await Promise.all(runs);
  await call('release.publish', { body: { projectId: project.id, version: '1.0.0', desc: 'GitHub as described' } }, opts);

  // The planted changes, saved as a person's edits would be (the fixtures' older sides too, before the release
  // would have them: so the release is re-published after them, and the live project then gets the newer sides).
  // A copy: the state read is the instance's own (shared with the reports that follow), and the planter changes it.
  const live = structuredClone(await projectStateAt(project.id, 'live'));
  const original = structuredClone(live);
  const { after, planted } = plantChanges(live);
  const save = async (from: typeof original, into: typeof original) => {
    const target = new Map(into.documents.map((d) => [d.id, d]));
    const changed = from.documents.filter((d) => JSON.stringify(target.get(d.id)?.content) !== JSON.stringify(d.content));
    for (let i = 0; i < changed.length; i += 8)
      await Promise.all(
        changed.slice(i, i + 8).map(async (d) => {
          const now = target.get(d.id);
          if (!now) return call('document.delete', { params: { id: d.id } }, opts);
          const doc = await call('document.get', { params: { id: d.id } }, opts);
          return call('document.update', { body: { id: d.id, rev: doc.rev, content: now.content } }, opts);
        }),
      );
  };
  // `live` now holds the older sides: 1.0.0 is released from them, and the live project moves on to `after`.
  await save(original, live);
  await call('release.delete', { params: { projectId: project.id, version: '1.0.0' } }, opts);
  await call('release.publish', { body: { projectId: project.id, version: '1.0.0', desc: 'GitHub, with the older sides' } }, opts);
  await save(live, after);

  // The API route, three times; the middle one counts.
  const apiRuns: number[] = [];
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
  const reports = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    reports.push(await call('release.changes', { params: { id: project.id }, query: { from: '1.0.0', to: 'live' } }, opts));
    apiRuns.push(Math.round(performance.now() - started));
  }
  clearInterval(sampler);
  const score = scorePlanted(reports[0]!, planted);

  // The CLI on the two versions as OpenAPI files.
  const dir = mkdtempSync(join(tmpdir(), 'apiloom-compat-bench-'));
  const cli = join(dir, 'apiloom.mjs');
  await buildCli(cli);
  const exported = async (version: string | null, name: string) => {
    const { file: projectFile } = await readProjectFile(
      { projectId: project.id, docIds: null, version, shareId: null },
      new Date().toISOString(),
    );
    const options = { language: 'en' as const, serials: new Map<string, string>(), exportedAt: '', readImage: async () => undefined };
    writeFileSync(join(dir, name), (await writeOpenApiJson(projectFile, options)).body);
    return join(dir, name);
  };
  const older = await exported('1.0.0', 'github-1.0.0.json');
  const newer = await exported(null, 'github-planted.json');
  const cliRuns: { ms: number; peakMb: number; findings: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    // Exit 0 without --fail-on, whatever it finds; stderr carries /usr/bin/time's line.
    const child = spawnSync('/usr/bin/time', ['-f', 'maxrss %M', process.execPath, cli, 'diff', older, newer, '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (child.status !== 0) throw new Error(`apiloom diff: exit ${child.status}: ${child.stderr}`);
    const out = child.stdout;
    const err = child.stderr;
    const ms = Math.round(performance.now() - started);
    const rss = /maxrss (\d+)/.exec(err)?.[1];
    cliRuns.push({
      ms,
      peakMb: rss ? Math.round(Number(rss) / 1024) : -1,
      findings: (JSON.parse(out) as { findings: unknown[] }).findings.length,
    });
  }

  // The report page in Chromium: the longest main-thread task while it loads and shows the report.
  const browser = await launchChromium();
  let page;
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addCookies([
      { name: TOKEN_COOKIE, value: user.token, url: origin, httpOnly: true },
      { name: SESSION_HINT_COOKIE, value: '1', url: origin },
    ]);
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(Math.round(entry.duration));
      }).observe({ type: 'longtask', buffered: true });
    });
    const tab = await context.newPage();
    const started = performance.now();
    await tab.goto(`${origin}/project/${project.id}/changes?from=1.0.0&to=live`);
    await tab.getByTestId('count-error').waitFor({ timeout: 120_000 });
    const shownMs = Math.round(performance.now() - started);
    // The filter redraws every finding: a person's first click, measured too.
    await tab.getByRole('switch').first().click();
    await tab.waitForTimeout(1000);
    const longTasks = await tab.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    page = { shownMs, longestTaskMs: Math.max(0, ...longTasks), longTasks: longTasks.length };
  } finally {
    await browser.close();
  }

  const middle = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
  console.log(
    JSON.stringify({
      operations: original.documents.filter((d) => d.type === 'api').length,
      planted: planted.length,
      api: { ms: middle(apiRuns), runs: apiRuns, heapGrowthMb: Math.round((heapPeak - heapBefore) / 1024 / 1024), ...score },
      cli: { ms: middle(cliRuns.map((r) => r.ms)), peakMb: Math.max(...cliRuns.map((r) => r.peakMb)), findings: cliRuns[0]!.findings },
      page,
      rssMb: Math.round(process.memoryUsage().rss / 1024 / 1024),
    }),
  );
} finally {
  await stack.stop();
}
