/**
 * Test scenarios through the screens (issue 36): from the workspace's side switch, a scenario is built step by step
 * (a login that keeps its token with a JSON path extraction, a request that sends it and checks the role the data
 * set expects), a three-row CSV attached, and run in the browser (the engine in a Web Worker, requests sent directly
 * to a loopback server the test starts, with CORS). Each step is listed as it ends; the one failing check is shown
 * with its field path in the saved run's report, and the run is in the scenario's history with its pass rate. The
 * longest task the page had while the run went on is measured with a PerformanceObserver and reported.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiData, choose, createDocument, projectWithSession, viewerInOwnBrowser } from './support';

let target: Server;
let targetUrl = '';

test.beforeAll(async () => {
  target = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'GET, POST' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url === '/acme/login' && req.method === 'POST') {
        const { user } = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { user?: string };
        return json(200, { token: `tok-${user}` });
      }
      if (req.url === '/acme/me') {
        const user = /^Bearer tok-(\w+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (!user) return json(401, { error: 'no token' });
        // Only ann is an admin: the data set's third row expects an owner, and that check fails.
        return json(200, { name: user, role: user === 'ann' ? 'admin' : 'member' });
      }
      json(404, { error: 'none' });
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

test('a scenario built through the screens keeps a token, runs over three rows and shows its failing check by field path', async ({
  page,
  request,
  browser,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Scenarios e2e');
  await page.goto(`/project/${projectId}`);
  await page.locator('.workspace-side-switch').getByText('测试场景', { exact: true }).click();
  await expect(page.getByRole('heading', { name: '测试场景', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: '新建场景' }).click();
  await page.getByRole('dialog').getByLabel('名称').fill('登录流程');
  await page.getByRole('dialog').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('heading', { name: '登录流程', level: 1 })).toBeVisible();

  // Step 1: the login, its body from the row, the token kept by a JSON path.
  await page.getByRole('button', { name: '添加步骤' }).click();
  await page.getByRole('menuitem', { name: '请求', exact: true }).click();
  const login = page.getByRole('group', { name: /^1\. 请求/ });
  await login.getByLabel('步骤名称 1').fill('登录');
  await choose(page, login.getByLabel('请求方法'), 'POST');
  await login.getByLabel('请求地址').fill(`${targetUrl}/acme/login`);
  await login.getByRole('radio', { name: 'JSON' }).check();
  await login.getByRole('textbox', { name: '请求体' }).fill('{"user":"{{user}}"}');
  await login.getByRole('group', { name: '提取变量' }).getByRole('button', { name: '添加' }).click();
  await login.getByLabel('提取变量 1 变量名').fill('token');
  await login.getByLabel('提取变量 1 表达式').fill('$.token');

  // Step 2: uses the token, and checks the role the row expects.
  await page.getByRole('button', { name: '添加步骤' }).last().click();
  await page.getByRole('menuitem', { name: '请求', exact: true }).click();
  const me = page.getByRole('group', { name: /^2\. 请求/ });
  await me.getByLabel('步骤名称 2').fill('我的信息');
  await me.getByLabel('请求地址').fill(`${targetUrl}/acme/me`);
  await me.getByRole('group', { name: '请求头' }).getByRole('button', { name: '添加' }).click();
  await me.getByLabel('请求头 1 名称').fill('Authorization');
  await me.getByLabel('请求头 1 值').fill('Bearer {{token}}');
  await me.getByRole('group', { name: '断言' }).getByRole('button', { name: '添加' }).click();
  await choose(page, me.getByLabel('断言 2 断言类型'), 'JSON 路径');
  await me.getByLabel('断言 2 JSON 路径').fill('$.role');
  await me.getByLabel('断言 2 期望值').fill('{{role}}');

  // Three rows of test data, each named by its user.
  const data = page.getByRole('region', { name: '测试数据' });
  await data
    .locator('input[type=file]')
    .setInputFiles({ name: 'rows.csv', mimeType: 'text/csv', buffer: Buffer.from('user,role\nann,admin\nbob,member\ncy,owner\n') });
  await expect(data.getByText('文件：rows.csv（3 行，utf-8）')).toBeVisible();
  await choose(page, data.getByLabel('行名称列'), 'user');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);

  // The run, with the page watched for long tasks while it goes.
  await page.getByRole('tab', { name: '运行', exact: true }).click();
  await expect(page.getByText('按测试数据运行 3 次')).toBeVisible();
  await page.evaluate(() => {
    const w = window as unknown as { longestTask: number };
    w.longestTask = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longestTask = Math.max(w.longestTask, entry.duration);
    }).observe({ type: 'longtask' });
  });
  await page.getByRole('button', { name: '运行', exact: true }).click();
  const live = page.getByRole('region', { name: '步骤进度' });
  await expect(live.getByRole('listitem', { name: 'cy 我的信息 失败' })).toBeVisible();
  await expect(page.getByText('运行记录已保存')).toBeVisible();
  const longestTask = await page.evaluate(() => (window as unknown as { longestTask: number }).longestTask);
  test.info().annotations.push({ type: 'longest task during the browser run (ms)', description: String(longestTask) });
  console.log(`longest task during the browser run: ${longestTask} ms`);
  await expect(live.getByRole('listitem', { name: /通过$/ })).toHaveCount(5);
  await expect(live.getByRole('listitem', { name: 'ann 我的信息 通过' })).toBeVisible();

  // The saved run's report: the failing check first, with its field path and the row it ran for.
  await page.locator('.ant-alert').filter({ hasText: '运行记录已保存' }).getByRole('link', { name: '查看报告' }).click();
  const failures = page.getByRole('region', { name: '失败的断言' });
  await expect(failures.getByText('我的信息 [cy]')).toBeVisible();
  await expect(failures.getByText('$.role equals owner，实际为「member」')).toBeVisible();

  // The same on the server: its guard refuses a loopback target, so every request fails there, and the run is kept.
  await page.getByText('返回场景').click();
  await expect(page.getByText('最近 1 次运行的通过率：0%')).toBeVisible();
  await page.getByRole('tab', { name: '运行', exact: true }).click();
  await page.getByRole('button', { name: '在服务器运行' }).click();
  await expect(page.getByText('服务器运行已完成')).toBeVisible({ timeout: 30_000 });

  // Both runs in the history, with the pass rate, and compared; one assertion in English.
  await page.getByRole('tab', { name: '运行历史' }).click();
  await expect(page.getByText('最近 2 次运行的通过率：0%')).toBeVisible();
  for (const box of await page.getByRole('row').getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: '对比所选的两次运行' }).click();
  await expect(page.getByRole('heading', { name: '对比两次运行', level: 1 })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'ann' }).filter({ hasText: '我的信息' })).toHaveClass(/scenario-changed/);
  await page.evaluate(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Compare two runs', level: 1 })).toBeVisible();

  // A viewer reads the scenarios and their runs with no control that changes them; a step whose document is in the
  // bin is flagged.
  const docId = await createDocument(request, token, projectId, {
    name: 'Me',
    type: 'api',
    content: { method: 'GET', path: '/acme/me', description: 'e2e' },
  });
  const flagged = await apiData<{ id: string }>(request, 'put', '/api/project/scenario', token, {
    projectId,
    name: '引用文档',
    content: { steps: [{ id: 'me', type: 'request', name: 'me', source: { kind: 'document', documentId: docId } }] },
  });
  await apiData(request, 'delete', `/api/project/document/${docId}`, token);
  const viewer = await viewerInOwnBrowser(browser, request, projectId, token);
  await viewer.page.goto(`/project/${projectId}/scenarios/${flagged.id}`);
  await expect(viewer.page.getByText(/^引用的接口文档(「Me」)?在回收站中$/)).toBeVisible();
  await expect(viewer.page.getByText('你可以查看此场景和它的运行记录，但不能修改。')).toBeVisible();
  await expect(viewer.page.getByRole('link', { name: '登录流程' })).toBeVisible();
  await expect(viewer.page.getByRole('button', { name: /添加步骤|新建场景|新建目录|保存|更多操作/ })).toHaveCount(0);
  await viewer.context.close();
});

test('a Postman collection becomes a scenario from the scenarios side, and the scenario goes back out as a collection', async ({
  page,
  request,
}) => {
  const { projectId } = await projectWithSession(page, request, 'Postman e2e');
  await page.goto(`/project/${projectId}/scenarios`);
  const collection = {
    info: { name: 'Shop', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
    item: [
      {
        name: 'Log in',
        event: [{ listen: 'test', script: { exec: ['pm.test("ok", () => pm.response.to.have.status(200));'] } }],
        request: { method: 'POST', url: { raw: '{{baseUrl}}/acme/login' }, body: { mode: 'raw', raw: '{"user":"ann"}' } },
      },
      { name: 'Me', request: { method: 'GET', url: { raw: '{{baseUrl}}/acme/me' } } },
    ],
  };
  const side = page.getByRole('navigation', { name: '测试场景' });
  await side
    .locator('input[type=file]')
    .setInputFiles({ name: 'shop.postman_collection.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(collection)) });
  await expect(page.getByText('已导入为测试场景「Shop」')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  await expect(page.getByRole('group', { name: /^1\. 请求/ })).toBeVisible();
  await expect(page.getByRole('group', { name: /^2\. 请求/ })).toBeVisible();

  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出为 Postman 集合' }).click()]);
  expect(file.suggestedFilename()).toBe('Shop.postman_collection.json');
  const exported = JSON.parse(readFileSync(await file.path(), 'utf8')) as { info: { name: string }; item: { name: string }[] };
  expect(exported.info.name).toBe('Shop');
  expect(exported.item.map((i) => i.name)).toEqual(['Log in', 'Me']);

  // A file that is not JSON is refused by name, and nothing is made.
  await side.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('「notes.txt」不是 JSON 文件，请选择 Postman 导出的集合（v2.0 或 v2.1）')).toBeVisible();
  await expect(side.getByRole('link')).toHaveCount(1);
});
