/**
 * The scenario bench's CLI run (issue 36), in a process of its own (its peak memory is its own): a 20-step scenario
 * (log in and keep the token, then create, read back and check against the documented response, with the token)
 * over a 100-row CSV, 2,000 requests sent with the CLI's transport to a loopback echo server in a third process.
 * Prints one JSON line: the stages' times, the peak memory, requests and the run's status.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { readDataSet } from '../../shared/scenarios/data-set';
import { runScenario } from '../../shared/scenarios/engine';
import { apiOf, scenarioOf, sourcesOf } from '../../shared/scenarios/test-kit';
import { paramRow } from '../../shared/schemas/param-row';
import { nodeTransport } from '../../cli/run/transport';
import { report } from '../../cli/run/report-files';
import { runMeter } from './run-meter';
import { tmpdir } from 'node:os';

const echo = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'scenarios-echo.ts')], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = await new Promise<string>((resolve) => echo.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));

const echoed = apiOf({
  method: 'POST',
  path: '/orders',
  requestType: 'json',
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
});
const steps: unknown[] = [
  {
    id: 'login',
    type: 'request',
    source: { kind: 'adhoc', method: 'POST', url: '/login' },
    overrides: { body: { type: 'json', text: '{"user":"{{user}}"}' } },
    extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
    checks: [{ kind: 'status', equals: 200 }],
  },
];
for (let i = 1; steps.length < 20; i++) {
  steps.push({
    id: `create${i}`,
    type: 'request',
    source: { kind: 'document', documentId: 'orders' },
    overrides: {
      headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
      body: { type: 'json', text: '{"sku":"{{sku}}","n":' + i + '}' },
    },
    extract: [{ variable: 'orderId', from: 'jsonPath', expression: '$.id' }],
    checks: [{ kind: 'jsonPath', path: '$.body.sku', op: 'equals', value: '{{sku}}' }],
  });
  if (steps.length < 20) {
    steps.push({
      id: `read${i}`,
      type: 'request',
      source: { kind: 'document', documentId: 'orders' },
      overrides: {
        path: '/orders/{{orderId}}',
        headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }],
        body: { type: 'none', text: '' },
      },
      checks: [
        { kind: 'status', equals: 200 },
        { kind: 'jsonPath', path: '$.auth', op: 'matches', value: '^Bearer tok-' },
        { kind: 'time', underMs: 5000 },
      ],
    });
  }
}
const csv = ['user,sku', ...Array.from({ length: 100 }, (_, i) => `user${i},sku-${i}`)].join('\n');

const { stages, time, stop } = runMeter();
const rows = await time('read the CSV', () => readDataSet({ format: 'csv', text: csv, nameColumn: 'user', requiredColumns: ['sku'] }));
const outcome = await time('run (2,000 requests)', () =>
  runScenario(scenarioOf(steps), {
    transport: nodeTransport,
    sources: sourcesOf({ orders: { state: 'ok', id: 'orders', title: 'Orders', content: echoed } }),
    environment: { baseUrl: base, variables: {} },
    rows,
  }),
);
await time('write junit, json, html', () =>
  report(
    { scenarioName: 'Bench', ...outcome },
    { reporters: ['junit', 'json', 'html'], outDir: join(tmpdir(), `apiloom-bench-${process.pid}`), locale: 'en' },
    () => undefined,
  ),
);
const peakMb = stop();
echo.kill();
console.log(
  JSON.stringify({
    stages,
    peakMb,
    requests: outcome.summary.requests,
    status: outcome.summary.status,
    failedChecks: outcome.summary.checks.failed,
  }),
);
