/**
 * The interface test runner through the screens (issue 24): an HTTP API document's Run tab and the blank /test/test
 * page, sending directly from the page to a loopback server the test starts (it answers with CORS headers, except on
 * /nocors). An environment with a base-address variable is made through the screens; a login request's
 * post-response script keeps the token; a second request sends it and passes its assertions; its cURL snippet is
 * copied. The blank page sends any address and saves the request as a document, which shows in the tree.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { apiData, choose, createDocument, expectAccessible, projectWithSession, replaceCode, viewerInOwnBrowser } from './support';

let target: Server;
let targetUrl = '';
const TOKEN = 'tok-7f3a';

test.beforeAll(async () => {
  target = createServer((req, res) => {
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, PATCH',
      'access-control-expose-headers': 'x-served-by',
    };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const json = (status: number, body: unknown, headers: Record<string, string> = cors) =>
        res.writeHead(status, { ...headers, 'content-type': 'application/json', 'x-served-by': 'e2e' }).end(JSON.stringify(body));
      if (url.pathname === '/nocors') return json(200, { hidden: true }, {});
      if (url.pathname === '/login' && req.method === 'POST') {
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { user?: string };
        return json(200, { token: TOKEN, user: body.user });
      }
      if (url.pathname === '/me') {
        if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'no token' });
        return json(200, { id: 7, name: 'Ann', roles: ['admin'] });
      }
      if (url.pathname.startsWith('/ping')) return json(200, { pong: url.searchParams.get('n') ?? '' });
      json(404, { error: 'none' });
    });
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

const api = (method: string, path: string, extra: Record<string, unknown> = {}) => ({
  type: 'api',
  content: { method, path, description: 'e2e', ...extra },
});
const param = (name: string, value: string, type = 'string') => ({ id: name, name, type, value, children: [] });

test('an environment variable, a login whose script keeps the token, a request that uses it and passes its tests, its cURL snippet copied', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const { projectId, token } = await projectWithSession(page, request, 'Runner e2e');
  // What the page sends to our API: the token a script keeps must never be in it (it stays in this browser).
  const toApi: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) toApi.push(`${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ''}`);
  });
  const loginId = await createDocument(request, token, projectId, {
    name: 'Login',
    ...api('POST', '{{base}}/login', { requestType: 'json', reqBody: [param('user', 'ann')] }),
  });
  const meId = await createDocument(request, token, projectId, {
    name: 'Me',
    ...api('GET', '{{base}}/me', {
      reqHeaders: [param('Authorization', 'Bearer {{token}}')],
      responses: [{ status: '200', body: [param('id', '1', 'integer'), param('name', 'x'), param('email', 'x')] }],
    }),
  });

  // The environment and its base-address variable, through the screens.
  await page.goto(`/project/${projectId}/env`);
  await page.getByRole('button', { name: '新建环境' }).click();
  const created = page.getByRole('dialog', { name: '新建环境' });
  await created.getByLabel('环境名称').fill('local');
  await created.getByRole('button', { name: '保存' }).click();
  await expect(created).toBeHidden();
  await page.getByRole('button', { name: '添加变量' }).click();
  const variable = page.getByRole('dialog', { name: '添加变量' });
  await variable.getByLabel('变量名').fill('base');
  await variable.getByLabel('共享值').fill(targetUrl);
  await variable.getByRole('button', { name: '保存' }).click();
  await expect(variable).toBeHidden();
  await choose(page, page.getByLabel('当前环境'), 'local');

  // Log in: the post-response script keeps the token in the environment (this browser).
  await page.goto(`/project/${projectId}/${loginId}?tab=run`);
  const run = page.getByRole('region', { name: '运行' });
  await expect(run.getByLabel('请求地址')).toHaveValue('{{base}}/login');
  await run.getByRole('tab', { name: '后置脚本' }).click();
  await replaceCode(page, '后置脚本（收到响应后运行）', "pm.environment.set('token', pm.response.json().token);");
  await run.getByRole('button', { name: '发送' }).click();
  await expect(run.getByTestId('run-status')).toHaveText(/^200/);
  await expect(run.getByText('本次通过「直连」发送')).toBeVisible();
  await run.getByRole('tab', { name: '测试结果' }).click();
  await expect(run.getByText('已写入环境的本地值：token')).toBeVisible();

  // The second request, in English: it sends the token and passes its assertions; the diff names the missing field.
  await page.getByLabel('语言').getByText('English').click();
  await page.goto(`/project/${projectId}/${meId}?tab=run`);
  const me = page.getByRole('region', { name: 'Run', exact: true });
  await me.getByRole('tab', { name: 'Headers' }).click();
  await expect(me.getByLabel('Value Authorization')).toHaveValue('Bearer {{token}}');
  await me.getByRole('tab', { name: 'Post-response script' }).click();
  await replaceCode(
    page,
    'Post-response script (runs on the response)',
    "pm.test('status is 200', () => pm.expect(pm.response.code).to.equal(200));\npm.test('is Ann', () => pm.expect(pm.response.json().name).to.equal('Ann'));",
  );
  await me.getByRole('button', { name: 'Send' }).click();
  await expect(me.getByTestId('run-status')).toHaveText(/^200/);
  await me.getByRole('tab', { name: 'Test results' }).click();
  await expect(me.getByText('2 passed, 0 failed')).toBeVisible();
  await expect(me.getByRole('listitem', { name: 'Passed is Ann' })).toBeVisible();
  await me.getByRole('tab', { name: 'Compared with the document' }).click();
  await expect(me.getByRole('listitem').filter({ hasText: 'email' })).toContainText('Missing field');
  await expect(me.getByRole('listitem').filter({ hasText: 'roles' })).toContainText('Extra field');

  // Its cURL snippet, with the variables filled in, copied to the clipboard.
  const snippets = me.getByRole('region', { name: 'Code snippets' });
  await snippets.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(`${targetUrl}/me`);
  expect(copied).toContain(`Bearer ${TOKEN}`);
  expect(copied).toMatch(/^curl /);

  // The run is kept in this browser and runs again from the list.
  const recent = me.getByRole('region', { name: 'Recent runs' });
  await expect(recent.getByRole('listitem', { name: `GET ${targetUrl}/me` })).toBeVisible();
  await expectAccessible(page, 'run tab');
  expect(toApi.length).toBeGreaterThan(0);
  expect(toApi.filter((line) => line.includes(TOKEN))).toEqual([]);
});

test('the Run tab: prefilled with path and query and global parameters marked, Send waits for an address, a CORS refusal says to use the proxy or the plug-in, recent runs re-run; a viewer runs too', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { projectId, token } = await projectWithSession(page, request, 'Runner tab e2e');
  await apiData(request, 'post', '/api/project/document/global-param', token, {
    projectId,
    rev: 0,
    value: JSON.stringify({
      req: { headers: [{ name: 'X-Tenant', value: 't1' }], query: [], body: [], path: [] },
      resp: { headers: [], body: [] },
    }),
  });
  const pingId = await createDocument(request, token, projectId, {
    name: 'Ping',
    ...api('GET', `${targetUrl}/ping/{n}`, { reqPath: [param('n', '5')], reqQuery: [param('n', '42')] }),
  });
  const hiddenId = await createDocument(request, token, projectId, { name: 'Hidden', ...api('GET', `${targetUrl}/nocors`) });

  await page.goto(`/project/${projectId}/${pingId}`);
  const article = page.getByRole('article', { name: 'Ping' });
  await article.getByRole('tab', { name: '运行' }).click();
  await expect(page).toHaveURL(/\?tab=run$/);
  const run = page.getByRole('region', { name: '运行' });
  await expect(run.getByLabel('参数值 n').first()).toHaveValue('5');
  await run.getByRole('tab', { name: '请求头' }).click();
  await expect(run.getByLabel('参数值 X-Tenant')).toHaveValue('t1');
  await expect(run.getByRole('group', { name: '请求头' }).getByText('全局')).toBeVisible();
  await expectAccessible(page, 'run tab headers');

  const send = run.getByRole('button', { name: '发送' });
  const url = run.getByLabel('请求地址');
  await url.fill('');
  await expect(send).toBeDisabled();
  await url.fill(`${targetUrl}/ping/{n}`);
  await send.click();
  await expect(run.getByTestId('run-status')).toHaveText(/^200/);
  await expect(run.getByRole('tree')).toContainText('pong: "42"');
  await run.getByText('原始', { exact: true }).click();
  await expect(run.getByRole('radio', { name: '原始' })).toBeChecked();
  await expect(run.getByRole('region', { name: '响应体' })).toHaveText('{"pong":"42"}');

  // Recent runs: the run is listed; run again from the list.
  const recent = run.getByRole('region', { name: '最近运行' });
  const listed = recent.getByRole('listitem', { name: `GET ${targetUrl}/ping/5?n=42` });
  await expect(listed).toBeVisible();
  await listed.getByRole('button', { name: '再次运行' }).click();
  await expect(recent.getByRole('listitem', { name: /^GET / })).toHaveCount(2);

  // A target without CORS: explained, not "network error".
  await page.goto(`/project/${projectId}/${hiddenId}?tab=run`);
  await page.getByRole('region', { name: '运行' }).getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('alert')).toHaveText(/目标可能不允许跨域（CORS）.*请改用代理或插件发送/);
  // Through the proxy instead: the active way is shown, and the proxy's guard refuses a loopback target in its own words.
  const hiddenRun = page.getByRole('region', { name: '运行' });
  await hiddenRun.getByText('代理', { exact: true }).click();
  await expect(hiddenRun.getByRole('radio', { name: '代理' })).toBeChecked();
  await expect(hiddenRun.getByText('经 Apiloom 服务器代发：适合不支持跨域的公网接口。')).toBeVisible();
  await hiddenRun.getByRole('button', { name: '发送' }).click();
  await expect(page.getByRole('alert')).toContainText('代理只发送到公网 http(s) 地址');

  // A viewer of the project runs it too (the Run tab is for reading, not editing).
  const { context: viewerContext, page: viewerPage } = await viewerInOwnBrowser(browser, request, projectId, token);
  await viewerPage.goto(`/project/${projectId}/${pingId}?tab=run`);
  const viewerRun = viewerPage.getByRole('region', { name: '运行' });
  await expect(viewerPage.getByRole('button', { name: '编辑' })).toBeHidden();
  await viewerRun.getByRole('button', { name: '发送' }).click();
  await expect(viewerRun.getByTestId('run-status')).toHaveText(/^200/);
  // Recent runs are the viewer's own.
  await expect(viewerRun.getByRole('region', { name: '最近运行' }).getByRole('listitem', { name: /^GET / })).toHaveCount(1);
  await viewerContext.close();
});

test('the blank test page: any address with an environment, then saved as a new HTTP API document that shows in the tree; a guest sends but cannot save', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { projectId, token } = await projectWithSession(page, request, 'Blank e2e');
  const env = await apiData<{ id: string }>(request, 'put', '/api/project/document/env', token, { projectId, name: 'local' });
  await apiData(request, 'put', '/api/project/document/variable', token, { envId: env.id, name: 'host', value: targetUrl });
  await page.goto('/test/test');
  await expect(page.getByRole('heading', { name: '接口测试', level: 1 })).toBeVisible();
  const run = page.getByRole('region', { name: '运行' });
  await expect(run.getByRole('button', { name: '发送' })).toBeDisabled();
  await choose(page, run.getByLabel('项目'), 'Blank e2e');
  await choose(page, run.getByLabel('当前环境'), 'local');
  await run.getByLabel('请求地址').fill('{{host}}/ping/blank?n=9');
  await run.getByRole('button', { name: '发送' }).click();
  await expect(run.getByTestId('run-status')).toHaveText(/^200/);
  await expect(run.getByRole('tree')).toContainText('pong: "9"');

  await run.getByRole('button', { name: '保存为接口文档' }).click();
  const dialog = page.getByRole('dialog', { name: '保存为新的 HTTP 接口文档' });
  await dialog.getByLabel('文档标题').fill('Saved ping');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/[\\w-]+$`));
  await expect(page.getByRole('tree').getByText('Saved ping')).toBeVisible();
  // The saved document keeps the variable as written, not its value.
  await expect(page.getByRole('article', { name: 'Saved ping' })).toContainText('{{host}}/ping/blank');

  // In English, the page's own words.
  await page.goto('/test');
  await page.getByLabel('语言').getByText('English').click();
  await expect(page.getByRole('heading', { name: 'API test', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Run', exact: true }).getByRole('button', { name: 'Send' })).toBeDisabled();
  await expectAccessible(page, 'test page');

  // Nobody signed in: the page sends, and says that saving needs a session.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/test/test');
  await expect(guest.getByText('登录后可以使用环境，并把请求保存为文档')).toBeVisible();
  const guestRun = guest.getByRole('region', { name: '运行' });
  await guestRun.getByLabel('请求地址').fill(`${targetUrl}/ping/guest?n=1`);
  await guestRun.getByRole('button', { name: '发送' }).click();
  await expect(guestRun.getByTestId('run-status')).toHaveText(/^200/);
  await expect(guestRun.getByRole('button', { name: '保存为接口文档' })).toHaveCount(0);
  await guestContext.close();
});

for (const lang of ['zh', 'en'] as const) {
  test(`Run-tab scripts are saved with the API document: written, saved, there after a reload and in its history (${lang})`, async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(90_000);
    const words =
      lang === 'zh'
        ? {
            run: '运行',
            pre: '前置脚本',
            preLabel: '前置脚本（发送前运行）',
            post: '后置脚本',
            save: '保存脚本',
            saved: '脚本随接口文档保存，刷新后仍在',
            unsaved: '脚本有未保存的修改',
          }
        : {
            run: 'Run',
            pre: 'Pre-request script',
            preLabel: 'Pre-request script (runs before sending)',
            post: 'Post-response script',
            save: 'Save scripts',
            saved: 'The scripts are saved with the API document and stay after a reload',
            unsaved: 'The scripts have unsaved changes',
          };
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    const { projectId, token } = await projectWithSession(page, request, `Scripts kept ${lang}`);
    const docId = await createDocument(request, token, projectId, { name: 'Login', ...api('POST', `${targetUrl}/login`) });
    const script = "pm.environment.set('sentAt', 'now');";

    await page.goto(`/project/${projectId}/${docId}?tab=run`);
    const run = page.getByRole('region', { name: words.run, exact: true });
    await run.getByRole('tab', { name: words.pre }).click();
    await expect(run.getByText(words.saved)).toBeVisible();
    await replaceCode(page, words.preLabel, script);
    await expect(run.getByText(words.unsaved)).toBeVisible();
    await run.getByRole('button', { name: words.save }).click();
    await expect(run.getByText(words.saved)).toBeVisible();

    await page.reload();
    await run.getByRole('tab', { name: words.pre }).click();
    await expect(page.getByRole('textbox', { name: words.preLabel })).toHaveText(script);

    // Saved as the document: a new revision in its history, and in what it reads through the API.
    const saved = await apiData<{ rev: number; content: { scripts?: { pre: string; post: string } } }>(
      request,
      'get',
      `/api/project/document/${docId}`,
      token,
    );
    expect(saved.rev).toBe(2);
    expect(saved.content.scripts).toEqual({ pre: script, post: '' });

    // A viewer runs the script but is not offered to save it.
    const viewer = await viewerInOwnBrowser(browser, request, projectId, token);
    await viewer.page.goto(`/project/${projectId}/${docId}?tab=run`);
    const theirs = viewer.page.getByRole('region', { name: '运行', exact: true });
    await theirs.getByRole('tab', { name: '前置脚本' }).click();
    await expect(viewer.page.getByRole('textbox', { name: '前置脚本（发送前运行）' })).toHaveText(script);
    await expect(theirs.getByRole('button', { name: '保存脚本' })).toHaveCount(0);
    await viewer.context.close();
  });
}
