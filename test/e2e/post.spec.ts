/**
 * The spec's `/post` (an auxiliary page): the blank request page, as `/test` is, in both languages. It used to be a
 * "coming later" placeholder (issue 37).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

let target: Server;
let targetUrl = '';

test.beforeAll(async () => {
  target = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res
      .writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' })
      .end(JSON.stringify({ posted: url.searchParams.get('n') ?? '' }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

test('/post is the blank request page: it sends a request to any address, no placeholder', async ({ page }) => {
  await page.goto('/post');
  await expect(page.getByRole('heading', { name: '接口测试', level: 1 })).toBeVisible();
  await expect(page.getByText('将在后续版本中提供')).toHaveCount(0);
  const run = page.getByRole('region', { name: '运行' });
  await run.getByLabel('请求地址').fill(`${targetUrl}/anything?n=42`);
  await run.getByRole('button', { name: '发送' }).click();
  await expect(run.getByTestId('run-status')).toHaveText(/^200/);
  await expect(run.getByRole('tree')).toContainText('posted: "42"');
});

test('(en) /post is the blank request page in English', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto('/post');
  await expect(page.getByRole('heading', { name: 'API test', level: 1 })).toBeVisible();
  await expect(page.getByText('Coming with a later release')).toHaveCount(0);
  const run = page.getByRole('region', { name: 'Run', exact: true });
  await run.getByLabel('Request URL').fill(`${targetUrl}/anything?n=7`);
  await run.getByRole('button', { name: 'Send' }).click();
  await expect(run.getByTestId('run-status')).toHaveText(/^200/);
});
