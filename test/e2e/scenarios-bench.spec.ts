/**
 * The browser half of the scenarios bench (issue 36): the 20-step scenario (a login whose token is kept,
 * then requests that send it and check the answer) over a 100-row CSV, 2,000 requests, run in the browser's Web
 * Worker against a loopback echo server, while a PerformanceObserver records every long task of the page. The
 * page must stay responsive: no task over 200 ms. A bench, not a test: CI skips it; run it with
 * `SCENARIO_BENCH=1 npx playwright test -c test/e2e/playwright.config.ts scenarios-bench.spec.ts`.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiData, projectWithSession } from './support';

let target: Server;
let targetUrl = '';
test.beforeAll(async () => {
  target = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    req.resume();
    req.on('end', () =>
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ token: 't', id: 1, items: [1, 2, 3] })),
    );
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

test('a 2,000-request browser run leaves the page responsive', async ({ page, request }) => {
  test.skip(!process.env.SCENARIO_BENCH, 'a bench: SCENARIO_BENCH=1 runs it');
  test.setTimeout(300_000);
  const { projectId, token } = await projectWithSession(page, request, 'Bench');
  const step = (i: number) => ({
    id: `s${i}`,
    type: 'request',
    name: `step ${i}`,
    source: { kind: 'adhoc', method: i === 0 ? 'POST' : 'GET', url: `${targetUrl}/acme/${i}` },
    extract: i === 0 ? [{ variable: 'token', from: 'jsonPath', expression: '$.token' }] : [],
    overrides: { headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] },
    checks: [
      { kind: 'status', equals: 200 },
      { kind: 'jsonPath', path: '$.id', op: 'equals', value: '1' },
    ],
  });
  const rows = ['user', ...Array.from({ length: 100 }, (_, i) => `u${i}`)].join('\n');
  const made = await apiData<{ id: string }>(request, 'put', '/api/project/scenario', token, {
    projectId,
    name: 'Bench',
    content: { steps: Array.from({ length: 20 }, (_, i) => step(i)), dataSet: { format: 'csv', text: rows } },
  });
  await page.goto(`/project/${projectId}/scenarios/${made.id}?tab=run`);
  await expect(page.getByText('按测试数据运行 100 次')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { tasks: number[] };
    w.tasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.tasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  await page.getByRole('button', { name: '运行', exact: true }).click();
  await expect(page.getByText('运行记录已保存')).toBeVisible({ timeout: 280_000 });
  const tasks = await page.evaluate(() => (window as unknown as { tasks: number[] }).tasks);
  const longest = Math.max(0, ...tasks);
  console.log(`2,000 requests in ${Date.now() - started} ms; ${tasks.length} long tasks, the longest ${longest} ms`);
  expect(longest).toBeLessThan(200);
});
