/**
 * The scenario bench's CLI run (issue 36), in a process of its own, through the real `apiloom run`: a local stack
 * (DynamoDB Local, s3rver, the gateway over the source handlers) holds a project with an API document, an
 * environment whose base address is a loopback echo server (a third process) and a 20-step scenario (log in and
 * keep the token, then create, read back and check against the documented response, with the token). The one-file
 * CLI build then runs it, a child process under /usr/bin/time, over a 100-row CSV: 2,000 requests, reports in
 * every format, and the run posted back with a `run` token. Prints one JSON line: the CLI's wall time and peak
 * memory, the requests and status its JSON report says, and whether the run reached the history.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paramRow } from '../../shared/schemas/param-row';
import { buildCli } from '../build-cli';
import { startBenchStack } from './harness';
import { benchScenarioSteps } from './scenario-steps';
import { registerBenchUser } from './users';

const echo = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'scenarios-echo.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve) => echo.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
const stack = await startBenchStack();
const { call } = stack;

/** The CLI under /usr/bin/time, asynchronously: the stack it calls answers from this very process. */
function timedCli(cli: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; ms: number; peakMb: number; stdout: string; stderr: string }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn('/usr/bin/time', ['-f', 'maxrss %M', process.execPath, cli, ...args], {
      env: { PATH: process.env.PATH ?? '', LANG: 'en_US.UTF-8', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const rss = /maxrss (\d+)/.exec(stderr)?.[1];
      resolve({
        code: code ?? -1,
        ms: Math.round(performance.now() - started),
        peakMb: rss ? Math.round(Number(rss) / 1024) : -1,
        stdout,
        stderr,
      });
    });
  });
}

try {
  const user = await registerBenchUser();
  const opts = { token: user.token };
  const project = await call('project.create', { body: { name: 'Scenario bench' } }, opts);
  const orders = await call(
    'document.create',
    {
      body: {
        projectId: project.id,
        type: 'api',
        name: 'Orders',
        content: {
          method: 'POST',
          path: '/orders',
          description: 'Orders',
          responses: [
            {
              status: '200',
              body: [
                paramRow('method', 'string', { required: true }),
                paramRow('path', 'string', { required: true }),
                paramRow('id', 'integer', { required: true }),
                paramRow('token', 'string', { required: true }),
              ],
            },
          ],
        },
      },
    },
    opts,
  );
  const steps = benchScenarioSteps({
    create: { kind: 'document', documentId: orders.id },
    read: { kind: 'document', documentId: orders.id },
    readOverrides: { path: '/orders/{{orderId}}', body: { type: 'none', text: '' } },
  });

  await call('env.create', { body: { projectId: project.id, name: 'bench', baseUrl: base } }, opts);
  await call('scenario.create', { body: { projectId: project.id, name: 'Bench', content: { steps } } }, opts);
  const { secret } = await call(
    'token.create',
    { body: { projectId: project.id, name: 'bench', scopes: ['run'], expiresInDays: 1 } },
    opts,
  );

  const dir = mkdtempSync(join(tmpdir(), 'apiloom-scenario-bench-'));
  const cli = join(dir, 'apiloom.mjs');
  await buildCli(cli);
  const rows = join(dir, 'rows.csv');
  writeFileSync(rows, ['user,sku', ...Array.from({ length: 100 }, (_, i) => `user${i},sku-${i}`)].join('\n'));
  const out = join(dir, 'reports');
  const cliRun = await timedCli(
    cli,
    ['run', 'Bench', '--project', project.id, '--env', 'bench', '--data', rows, '--reporters', 'cli,junit,json,html', '--out-dir', out],
    { APILOOM_URL: stack.origin, APILOOM_TOKEN: secret },
  );
  if (cliRun.code !== 0) throw new Error(`apiloom run: exit ${cliRun.code}: ${cliRun.stdout}${cliRun.stderr}`);
  const { summary } = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as {
    summary: { requests: number; status: string; checks: { failed: number } };
  };
  const scenarios = await call('scenario.list', { params: { id: project.id } }, opts);
  const runs = await call('scenarioRun.list', { params: { id: scenarios.scenarios[0]!.id } }, opts);
  console.log(
    JSON.stringify({
      stages: { 'apiloom run (2,000 requests, 4 reports, the run posted)': cliRun.ms },
      peakMb: cliRun.peakMb,
      requests: summary.requests,
      status: summary.status,
      failedChecks: summary.checks.failed,
      recorded: runs.length === 1 && runs[0]!.summary.requests === summary.requests,
    }),
  );
} finally {
  echo.kill();
  await stack.stop();
}
