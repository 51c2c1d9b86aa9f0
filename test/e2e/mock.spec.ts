/**
 * The mock editor through the UI (issue 13, "Screens"): an HTTP API's Mock tab, its checks and server messages,
 * Save, the preview against the real mock origin, and what a foreign caller gets from the URL the page shows;
 * the project's mock token in settings.
 */
import { expect, test, type Page } from '@playwright/test';
import { choose, createDocument, newPerson, projectSignedIn, projectWithSession, replaceCode, watchConsole, withSession } from './support';

/** antd draws radio buttons over their (hidden) inputs: a person clicks the label. */
async function chooseType(page: Page, name: string) {
  await page.getByRole('radiogroup', { name: 'Mock 类型' }).getByText(name, { exact: true }).click();
  await expect(page.getByRole('radio', { name })).toBeChecked();
}

/** The mock URL the page shows, with its path parameter filled in. */
async function shownMockUrl(page: Page) {
  return ((await page.getByTestId('mock-url').textContent()) ?? '').replace('{id}', '7');
}

test('mock editor: static JSON checked and saved, previewed, then a template; a foreign caller gets the answer with open CORS', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await projectSignedIn(page, request, 'Mock e2e');

  // An HTTP API made through the UI, then its view and its Mock tab.
  await page.getByRole('banner').getByRole('button', { name: '新建文档' }).click();
  const dialog = page.getByRole('dialog', { name: '新建文档' });
  await dialog.getByLabel('文档标题').fill('Get user');
  await choose(page, dialog.getByLabel('文档类型'), 'HTTP 接口');
  await dialog.getByLabel('接口路径').fill('/users/{id}');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(page.getByLabel('接口路径')).toHaveValue('/users/{id}');
  const article = page.getByRole('article', { name: 'Get user' });
  await article.getByRole('button', { name: '预览' }).click();
  await article.getByRole('tab', { name: 'Mock' }).click();
  await expect(page).toHaveURL(/\?tab=mock$/);
  await expect(page.getByTestId('mock-url')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]+\/users\/\{id\}$/);
  // Mocks are on out of the box: data generated from the response parameters (issue 37).
  await expect(page.getByRole('radio', { name: '按响应参数生成' })).toBeChecked();

  // Static JSON: a syntax error is shown where it is while typing, and the server refuses it with the spec's words.
  await chooseType(page, '静态 JSON');
  await replaceCode(page, 'JSON 内容', '{"id": 7, "name": }');
  await expect(page.getByText('JSON数据格式错误（第 1 行，第 19 列）')).toBeVisible();
  await expect(page.locator('.cm-lint-marker-error')).toBeVisible();
  await page.getByRole('button', { name: '保存 Mock' }).click();
  await expect(page.getByText('有内容没有通过检查，请修改标出的地方后再保存。')).toBeVisible();

  await replaceCode(page, 'JSON 内容', '{"id": 7, "name": "Ada", "tags": ["a", "b"]}');
  await expect(page.getByText(/JSON数据格式错误/)).toBeHidden();
  await expect(page.getByText('未保存', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '保存 Mock' }).click();
  await expect(page.getByText('Mock 已保存')).toBeVisible();
  await expect(page.getByText('未保存', { exact: true })).toBeHidden();

  // The preview calls the real mock origin with the document's method and a concrete path.
  const preview = page.getByRole('region', { name: '预览' });
  await expect(preview.getByLabel('请求路径')).toHaveValue('/users/1');
  await preview.getByRole('button', { name: '发送请求' }).click();
  const result = page.getByRole('region', { name: '预览结果' });
  await expect(result.locator('.mock-status')).toHaveText('200');
  await expect(result.getByRole('region', { name: '响应内容' })).toHaveText(
    '{\n  "id": 7,\n  "name": "Ada",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
  );
  await expect(result).toContainText(/耗时 \d+ 毫秒/);
  await expect(result.getByRole('table', { name: '响应头' })).toContainText('access-control-allow-origin');

  // A Mock.js template: every request gets freshly generated data.
  await chooseType(page, 'Mock.js 模板');
  await replaceCode(page, 'Mock.js 模板', '{"list|3": [{"id|+1": 1, "name": "@cname", "email": "@email"}]}');
  await page.getByRole('button', { name: '保存 Mock' }).click();
  await expect(page.getByText('未保存', { exact: true })).toBeHidden();
  // Sent a moment after the save: the preview asks for no cache, so the mock origin reads what was just saved.
  const sent = page.waitForRequest((r) => r.url().includes('/users/1') && r.method() === 'GET');
  await preview.getByRole('button', { name: '发送请求' }).click();
  expect((await (await sent).allHeaders())['cache-control']).toBe('no-cache');
  const body = result.getByRole('region', { name: '响应内容' });
  await expect(body).toContainText('"id": 3');
  const generated = JSON.parse((await body.textContent()) ?? '') as { list: { id: number; name: string; email: string }[] };
  expect(generated.list.map((item) => item.id)).toEqual([1, 2, 3]);
  expect(generated.list[0]!.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
  expect(generated.list[0]!.email).toContain('@');

  // An expectation answers instead when its conditions hold; the dialog checks it with the server's schema first.
  await page.getByRole('button', { name: '添加期望' }).click();
  const expectation = page.getByRole('dialog', { name: '添加期望' });
  await expectation.getByLabel('名称').fill('VIP');
  await expectation.getByRole('button', { name: '添加条件' }).click();
  await expectation.getByLabel('条件 1 字段名').fill('vip');
  await choose(page, expectation.getByLabel('条件 1 判断'), '匹配正则');
  await expectation.getByLabel('条件 1 值').fill('(?=1)');
  await expectation.getByRole('button', { name: '确定' }).click();
  await expect(expectation.getByText('正则表达式无效（支持 RE2 语法，不支持断言和反向引用）')).toBeVisible();
  await choose(page, expectation.getByLabel('条件 1 判断'), '等于');
  await expectation.getByLabel('条件 1 值').fill('1');
  await expectation.getByLabel('状态码').fill('201');
  await expectation.getByRole('radiogroup', { name: '响应内容类型' }).getByText('Mock.js 模板', { exact: true }).click();
  await replaceCode(page, '响应内容', '{"vip": true, "name": "@cname"}');
  await expectation.getByRole('button', { name: '确定' }).click();
  await expect(expectation).toBeHidden();
  const expectations = page.getByRole('table', { name: '期望' });
  await expect(expectations.getByRole('row', { name: /VIP/ })).toContainText('Query 参数 vip 等于 1');
  await page.getByRole('button', { name: '保存 Mock' }).click();
  await expect(page.getByText('未保存', { exact: true })).toBeHidden();
  await preview.getByLabel('Query 参数').fill('vip=1');
  await preview.getByRole('button', { name: '发送请求' }).click();
  await expect(result.locator('.mock-status')).toHaveText('201');
  await expect(body).toContainText('"vip": true');
  await expect(body).not.toContainText('@cname');

  // A foreign caller (another origin, no cookies) at the URL the page shows.
  const url = await shownMockUrl(page);
  const foreign = await request.get(url, { headers: { Origin: 'https://frontend.example' } });
  expect(foreign.status()).toBe(200);
  expect(foreign.headers()['access-control-allow-origin']).toBe('*');
  expect(foreign.headers()['set-cookie']).toBeUndefined();
  expect(((await foreign.json()) as { list: unknown[] }).list).toHaveLength(3);
  expect(problems).toEqual([]);
});

test('a project mock token set in settings: the mock URL answers 401 without it and 200 with it', async ({ page, context, request }) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { projectId, token: session } = await projectWithSession(page, request, 'Token e2e');
  const created = (await (
    await request.put('/api/project/document', {
      data: { projectId, type: 'api', name: 'Ping', content: { method: 'GET', path: '/ping', description: 'Ping' } },
      headers: { token: session },
    })
  ).json()) as { data: { id: string } };
  const docId = created.data.id;
  const saved = (await (
    await request.put('/api/project/document/mock-config', {
      data: { projectId, docId, type: 'static', body: '{"pong": true}' },
      headers: { token: session },
    })
  ).json()) as { code: number };
  expect(saved.code).toBe(0);

  await page.goto(`/dashboard/project/${projectId}/info`);
  const settings = page.getByRole('region', { name: 'Mock' });
  await expect(settings.getByRole('switch', { name: '启用 Mock' })).toBeChecked();
  await expect(settings.getByRole('textbox', { name: 'Mock 令牌' })).toHaveValue('');
  await settings.getByRole('button', { name: '生成新令牌' }).click();
  const mockToken = await settings.getByRole('textbox', { name: 'Mock 令牌' }).inputValue();
  expect(mockToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
  await settings.getByRole('button', { name: '保存 Mock 设置' }).click();
  await expect(page.getByText('已保存', { exact: true })).toBeVisible();
  await expect(settings.getByRole('button', { name: '保存 Mock 设置' })).toBeDisabled();

  // The document's Mock tab shows the URL with the token; without it the mock origin refuses.
  await page.goto(`/project/${projectId}/${docId}`);
  await page.getByRole('article', { name: 'Ping' }).getByRole('tab', { name: 'Mock' }).click();
  await expect(page.getByTestId('mock-url')).toHaveText(new RegExp(`/${projectId}/ping\\?mockToken=${mockToken}$`));
  await page.getByRole('button', { name: '复制 Mock 地址' }).click();
  await expect(page.getByText('Mock 地址已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.getByTestId('mock-url').textContent());
  const url = await shownMockUrl(page);
  const bare = url.replace(/\?.*$/, '');
  await expect.poll(async () => (await request.get(bare)).status()).toBe(401);
  const refused = (await (await request.get(bare)).json()) as { message: string };
  expect(refused.message).toContain('mockToken');
  const admitted = await request.get(url);
  expect(admitted.status()).toBe(200);
  expect(await admitted.json()).toEqual({ pong: true });
  expect((await request.get(bare, { headers: { 'X-Mock-Token': mockToken } })).status()).toBe(200);

  // The preview sends the token the editor knows.
  await page.getByRole('region', { name: '预览' }).getByRole('button', { name: '发送请求' }).click();
  await expect(page.getByRole('region', { name: '预览结果' }).locator('.mock-status')).toHaveText('200');

  // Turned off in settings, the project's mocks stop answering.
  await page.goto(`/dashboard/project/${projectId}/info`);
  await settings.getByRole('switch', { name: '启用 Mock' }).click();
  await settings.getByRole('button', { name: '保存 Mock 设置' }).click();
  await expect(settings.getByRole('button', { name: '保存 Mock 设置' })).toBeDisabled();
  await expect.poll(async () => (await request.get(url)).status()).toBe(404);
});

test('a viewer reads the mock without changing it, and learns that a token is needed without seeing it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await newPerson(request, 'Owner');
  const call = async <T>(method: 'put' | 'post', url: string, data: unknown, token: string) => {
    const body = (await (await request[method](url, { data, headers: { token } })).json()) as { code: number; message: string; data: T };
    expect(body.code, body.message).toBe(0);
    return body.data;
  };
  const project = await call<{ id: string; rev: number }>('put', '/api/project', { name: 'Viewer e2e' }, owner.token);
  const doc = await call<{ id: string }>(
    'put',
    '/api/project/document',
    { projectId: project.id, type: 'api', name: 'Stock', content: { method: 'GET', path: '/stock/:sku', description: 'Stock' } },
    owner.token,
  );
  await call(
    'put',
    '/api/project/document/mock-config',
    {
      projectId: project.id,
      docId: doc.id,
      type: 'template',
      body: '{"count|1-9": 1}',
      expectations: [
        {
          id: 'sold-out',
          name: 'Sold out',
          conditions: [{ source: 'path', name: 'sku', op: 'eq', value: 'X1' }],
          status: 200,
          bodyType: 'static',
          body: '{"count": 0}',
        },
      ],
    },
    owner.token,
  );
  await call('post', '/api/project', { id: project.id, rev: project.rev, mockToken: 'viewer-e2e-token' }, owner.token);
  const invitation = await call<{ code: string }>('put', `/api/project/invitation/${project.id}/view`, undefined, owner.token);
  const viewer = await newPerson(request, 'Viewer');
  await call('post', `/api/project/invitation/join/${invitation.code}`, undefined, viewer.token);

  await withSession(page.context(), viewer);
  await page.goto(`/project/${project.id}/${doc.id}?tab=mock`);
  await expect(page.getByText('只有可编辑成员可以修改 Mock 设置。')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Mock.js 模板' })).toBeChecked();
  await expect(page.getByRole('radio', { name: '脚本' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Mock.js 模板' })).toHaveAttribute('contenteditable', 'false');
  await expect(page.getByRole('button', { name: '保存 Mock' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '添加期望' })).toHaveCount(0);
  await expect(page.getByTestId('mock-url')).toHaveText(new RegExp(`/${project.id}/stock/:sku$`));
  await expect(page.getByText(/此项目的 Mock 需要令牌，请向项目的可编辑成员索取/)).toBeVisible();

  await page.getByRole('button', { name: '查看期望 Sold out' }).click();
  const dialog = page.getByRole('dialog', { name: '查看期望' });
  await expect(dialog.getByLabel('条件 1 值')).toHaveValue('X1');
  await expect(dialog.getByLabel('条件 1 值')).toBeDisabled();
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toBeHidden();

  // Without the token the preview shows the mock origin's refusal, as any caller would get it.
  await page.getByRole('region', { name: '预览' }).getByRole('button', { name: '发送请求' }).click();
  const result = page.getByRole('region', { name: '预览结果' });
  await expect(result.locator('.mock-status')).toHaveText('401');
  await expect(result.getByRole('region', { name: '响应内容' })).toContainText('"code": 41003');
});

for (const lang of ['zh', 'en'] as const) {
  test(`a new API answers its mock out of the box, and its 404 says how to switch it on (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    const words =
      lang === 'zh'
        ? {
            auto: '按响应参数生成',
            off: '关闭',
            save: '保存 Mock',
            saved: 'Mock 已保存',
            send: '发送请求',
            result: '预览结果',
            body: '响应内容',
            how: 'Mock 类型',
          }
        : {
            auto: 'Generated from response parameters',
            off: 'Off',
            save: 'Save mock',
            saved: 'Mock saved',
            send: 'Send request',
            result: 'Preview result',
            body: 'Response body',
            how: 'Mock tab',
          };
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    const { projectId, token } = await projectWithSession(page, request, `Fresh mock ${lang}`);
    const docId = await createDocument(request, token, projectId, {
      name: 'Get pet',
      type: 'api',
      content: {
        method: 'GET',
        path: '/pets/{id}',
        description: 'A pet',
        responses: [
          {
            status: '200',
            body: [
              { id: 'i', name: 'id', type: 'integer', value: '' },
              { id: 'e', name: 'email', type: 'string', value: '' },
            ],
          },
        ],
      },
    });
    await page.goto(`/project/${projectId}/${docId}?tab=mock`);
    await expect(page.getByRole('radio', { name: words.auto })).toBeChecked();

    // Nobody saved anything: the URL the page shows already answers, from the response parameters.
    const url = ((await page.getByTestId('mock-url').textContent()) ?? '').replace('{id}', '7');
    const answered = await request.get(url);
    expect(answered.status()).toBe(200);
    const generated = (await answered.json()) as { id: unknown; email: unknown };
    expect(typeof generated.id).toBe('number');
    expect(String(generated.email)).toContain('@');
    await page.getByRole('button', { name: words.send }).click();
    await expect(page.getByRole('region', { name: words.result }).locator('.mock-status')).toHaveText('200');
    await expect(page.getByRole('region', { name: words.result }).getByRole('region', { name: words.body })).toContainText('"email"');

    // Switched off, the URL answers 404 with how to switch it on, in the caller's language.
    await page
      .getByRole('radiogroup', { name: lang === 'zh' ? 'Mock 类型' : 'Mock type' })
      .getByText(words.off, { exact: true })
      .click();
    await page.getByRole('button', { name: words.save }).click();
    await expect(page.getByText(words.saved)).toBeVisible();
    await expect(async () => {
      const off = await request.get(url, { headers: { 'accept-language': lang, 'cache-control': 'no-cache' } });
      expect(off.status()).toBe(404);
      expect(((await off.json()) as { message: string }).message).toContain(words.how);
    }).toPass();
  });
}
