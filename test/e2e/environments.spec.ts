/**
 * Environments, variables and global parameters through the screens (issue 24): an editor creates an environment
 * with a variable, a duplicate name shows the spec's message (in Chinese and in English), a secret variable's value
 * never reaches the server, the environment chosen in the header stays chosen, a viewer sees but cannot edit, and
 * global parameters show in an HTTP API's view marked as global.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, createDocument, projectWithSession, replaceCode, viewerInOwnBrowser } from './support';

/**
 * Everything the browser sends to and gets from the API while a test runs: each request's body as the page sent it
 * (read where the page's request is routed, as its `request` event may not carry a fetch body), and each answer.
 */
async function recordTraffic(page: Page) {
  const seen: string[] = [];
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    seen.push(`${request.method()} ${request.url()} ${request.postDataBuffer()?.toString('utf8') ?? ''}`);
    await route.continue();
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/'))
      void r.text().then(
        (text) => seen.push(text),
        () => undefined,
      );
  });
  return seen;
}

async function addVariable(
  page: Page,
  fields: { name: string; value: string; secret?: boolean },
  texts = { add: '添加变量', name: '变量名' },
) {
  await page.getByRole('button', { name: texts.add }).click();
  const dialog = page.getByRole('dialog', { name: texts.add });
  await dialog.getByLabel(texts.name).fill(fields.name);
  if (fields.secret) await dialog.getByRole('switch').click();
  // A secret's value is typed into a password field (no textbox role): found by its label.
  await dialog.getByLabel(fields.secret ? /^(本地值|Local value)$/ : /^(共享值|Shared value)$/).fill(fields.value);
  await dialog.getByRole('button', { name: /保存|Save/ }).click();
  return dialog;
}

test('an editor creates an environment with variables; a duplicate name is refused; a secret stays in the browser; the choice persists', async ({
  page,
  request,
}) => {
  const { projectId } = await projectWithSession(page, request, 'Env e2e');
  const traffic = await recordTraffic(page);
  await page.goto(`/project/${projectId}/env`);
  await expect(page.getByRole('heading', { name: '环境', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: '新建环境' }).click();
  const created = page.getByRole('dialog', { name: '新建环境' });
  await created.getByLabel('环境名称').fill('dev');
  // The spec's preset names are offered as one types.
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^development$/ })
    .click();
  await created.getByLabel('前置 URL').fill('https://{{host}}/v1');
  await created.getByRole('button', { name: '保存' }).click();
  await expect(created).toBeHidden();
  await expect(page.getByRole('tab', { name: 'development' })).toBeVisible();
  await expect(page.getByText('https://{{host}}/v1')).toBeVisible();

  await expect(await addVariable(page, { name: 'host', value: 'api.example.com' })).toBeHidden();
  const variables = page.getByRole('table', { name: '变量' });
  await expect(variables.getByRole('row', { name: /host/ })).toContainText('api.example.com');

  const duplicate = await addVariable(page, { name: 'host', value: 'other.example.com' });
  await expect(duplicate.getByText('变量名重复，请重新命名')).toBeVisible();
  await duplicate.getByRole('button', { name: '取消' }).click();

  await expect(await addVariable(page, { name: 'token', value: 'sekrit-value-42', secret: true })).toBeHidden();
  const tokenRow = variables.getByRole('row', { name: /token/ });
  await expect(tokenRow.getByText('私密（仅本地）')).toBeVisible();
  const localToken = page.getByLabel('token 的本地值');
  await expect(localToken).toHaveAttribute('type', 'password');
  await expect(localToken).toHaveValue('sekrit-value-42');

  // Chosen in the header, kept for this project after a reload, with the local value of the secret.
  await page.getByRole('combobox', { name: '当前环境' }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: /^development$/ })
    .click();
  await page.reload();
  await expect(page.getByRole('banner').getByText('development')).toBeVisible();
  await expect(page.getByLabel('token 的本地值')).toHaveValue('sekrit-value-42');

  // Renamed, copied (with its variables), and the copy deleted.
  await page.getByRole('button', { name: '编辑环境' }).click();
  const edit = page.getByRole('dialog', { name: '编辑环境' });
  await edit.getByLabel('环境名称').fill('SIT');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole('tab', { name: 'SIT', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '复制环境' }).click();
  await expect(page.getByRole('tab', { name: 'SIT 副本' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').getByRole('table', { name: '变量' }).getByRole('row', { name: /host/ })).toContainText(
    'api.example.com',
  );
  await page.getByRole('tabpanel').getByRole('button', { name: '删除环境' }).click();
  await page.getByRole('dialog', { name: '删除环境“SIT 副本”？' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('tab', { name: 'SIT 副本' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'SIT', exact: true })).toBeVisible();

  // In English, the same refusal in the spec's English words.
  await page.getByLabel('语言').getByText('English').click();
  const duplicateEn = await addVariable(page, { name: 'host', value: 'x' }, { add: 'Add variable', name: 'Variable name' });
  await expect(duplicateEn.getByText('variable name duplicated, please rename')).toBeVisible();
  await duplicateEn.getByRole('button', { name: 'Cancel' }).click();

  // The secret went nowhere: not in a request, not in an answer.
  expect(traffic.length).toBeGreaterThan(5);
  expect(traffic.filter((t) => t.includes('sekrit-value-42'))).toEqual([]);
});

test('a viewer sees the environments and variables and sets a local value, but cannot change them', async ({ page, request, browser }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Env viewer');
  const env = await apiData<{ id: string }>(request, 'put', '/api/project/document/env', token, {
    projectId,
    name: 'UAT',
    baseUrl: 'https://uat.example.com',
  });
  await apiData(request, 'put', '/api/project/document/variable', token, { envId: env.id, name: 'host', value: 'uat.example.com' });
  const { context, page: viewerPage } = await viewerInOwnBrowser(browser, request, projectId, token);
  await viewerPage.goto(`/project/${projectId}/env`);
  await expect(viewerPage.getByRole('tab', { name: 'UAT' })).toBeVisible();
  await expect(viewerPage.getByRole('table', { name: '变量' }).getByRole('row', { name: /host/ })).toContainText('uat.example.com');
  await expect(viewerPage.getByText('只有项目编辑者可以修改')).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: '新建环境' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: '添加变量' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: '编辑环境' })).toHaveCount(0);
  await expect(viewerPage.getByRole('switch', { name: 'host 是私密变量' })).toBeDisabled();
  await viewerPage.getByLabel('host 的本地值').fill('localhost:8080');
  await expect(viewerPage.getByLabel('host 的本地值')).toHaveValue('localhost:8080');

  await viewerPage.goto(`/project/${projectId}/global-param`);
  await expect(viewerPage.getByRole('heading', { name: '全局参数', level: 1 })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: '添加参数' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: '保存' })).toHaveCount(0);
  await context.close();
});

test('global parameters set on their page show in an HTTP API view, marked as global, not in its document, and to a share reader', async ({
  page,
  request,
  browser,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Globals e2e');
  const api = await createDocument(request, token, projectId, {
    type: 'api',
    name: 'List things',
    content: { method: 'GET', path: '/things', description: 'Lists things' },
  });
  await page.goto(`/project/${projectId}/global-param`);
  await expect(page.getByRole('heading', { name: '全局参数', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: '添加参数' }).click();
  await page.getByLabel('请求 Header 参数名 1').fill('X-Tenant');
  await page.getByLabel('请求 Header 参数值 1').fill('acme');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('全局参数已保存')).toBeVisible();

  await page.goto(`/project/${projectId}/${api}`);
  const article = page.getByRole('article', { name: 'List things' });
  await expect(article).toBeVisible();
  const globals = page.getByRole('table', { name: '全局参数' });
  await expect(globals.getByRole('row', { name: /X-Tenant/ })).toContainText('请求 Header');
  await expect(globals.getByRole('row', { name: /X-Tenant/ }).getByText('全局', { exact: true })).toBeVisible();
  await expect(globals.getByRole('row', { name: /X-Tenant/ })).toContainText('acme');
  // The document itself is unchanged: its headers are its own.
  const doc = await apiData<{ content: { reqHeaders: unknown[] } }>(request, 'get', `/api/project/document/${api}`, token);
  expect(doc.content.reqHeaders).toEqual([]);

  // A share reader (no account) sees them too, under the shared API.
  const share = await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', token, {
    projectId,
    name: 'For QA',
    expireAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const context = await browser.newContext();
  const reader = await context.newPage();
  await reader.goto(`/project/${projectId}/share/${share.id}?doc=${api}`);
  await expect(reader.getByRole('article', { name: 'List things' })).toBeVisible();
  const shared = reader.getByRole('table', { name: '全局参数' }).getByRole('row', { name: /X-Tenant/ });
  await expect(shared.getByText('全局', { exact: true })).toBeVisible();
  await context.close();
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const L of [
    { lang: 'zh', variables: '变量', name: '变量名', remove: '删除变量' },
    { lang: 'en', variables: 'Variables', name: 'Variable name', remove: 'Delete variable' },
  ] as const) {
    test(`[${L.lang}] the variables table keeps its headers on one line and its delete button on screen`, async ({ page, request }) => {
      const { projectId, token } = await projectWithSession(page, request, 'Phone env');
      const env = await apiData<{ id: string }>(request, 'put', '/api/project/document/env', token, { projectId, name: 'staging' });
      await apiData(request, 'put', '/api/project/document/variable', token, {
        envId: env.id,
        name: 'baseUrl',
        value: 'https://staging.api.example.com/v1',
        description: 'Where the staging API answers',
      });
      if (L.lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
      await page.goto(`/project/${projectId}/env`);
      const table = page.getByRole('table', { name: L.variables, exact: true });
      const header = table.getByRole('columnheader', { name: L.name, exact: true });
      await expect(header).toBeVisible();
      // One line of header text, where it used to wrap a character a line.
      const { height } = (await header.boundingBox())!;
      const line = await header.evaluate((th) => parseFloat(getComputedStyle(th).lineHeight));
      const padding = await header.evaluate(
        (th) => parseFloat(getComputedStyle(th).paddingTop) + parseFloat(getComputedStyle(th).paddingBottom),
      );
      expect(height).toBeLessThan(2 * line + padding);
      await expect(table.getByRole('button', { name: `${L.remove} baseUrl` })).toBeInViewport({ ratio: 1 });
    });
  }
});

for (const lang of ['zh', 'en'] as const) {
  test(`values a request script writes show in the environment page beside the shared ones, editable and clearable (${lang})`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const words =
      lang === 'zh'
        ? {
            run: '运行',
            pre: '前置脚本',
            preLabel: '前置脚本（发送前运行）',
            send: '发送',
            results: '测试结果',
            written: '已写入环境的本地值：',
            scriptValues: '脚本写入的本地值',
            localOf: (n: string) => `${n} 的本地值`,
            clear: (n: string) => `清除本地值：${n}`,
            none: '还没有脚本写入的值',
          }
        : {
            run: 'Run',
            pre: 'Pre-request script',
            preLabel: 'Pre-request script (runs before sending)',
            send: 'Send',
            results: 'Test results',
            written: 'Written to the environment',
            scriptValues: 'Local values written by scripts',
            localOf: (n: string) => `Local value of ${n}`,
            clear: (n: string) => `Clear the local ${n}`,
            none: 'No values written by scripts yet',
          };
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    const { projectId, token } = await projectWithSession(page, request, `Script values ${lang}`);
    const env = await apiData<{ id: string }>(request, 'put', '/api/project/document/env', token, { projectId, name: 'dev', baseUrl: '' });
    await apiData(request, 'put', '/api/project/document/variable', token, { envId: env.id, name: 'host', value: 'shared-host' });
    await page.addInitScript(([key, id]) => localStorage.setItem(key!, id!), [`apiloom.env.${projectId}`, env.id]);
    // The app's own page is the target: what matters is the pre-request script, which runs before anything is sent.
    const docId = await createDocument(request, token, projectId, {
      name: 'Echo',
      type: 'api',
      content: { method: 'GET', path: `${baseURL}/`, description: 'e2e' },
    });

    await page.goto(`/project/${projectId}/${docId}?tab=run`);
    const run = page.getByRole('region', { name: words.run, exact: true });
    await run.getByRole('tab', { name: words.pre }).click();
    await replaceCode(page, words.preLabel, "pm.environment.set('echoed', 'hello'); pm.environment.set('host', 'my-host');");
    await run.getByRole('button', { name: words.send }).click();
    await run.getByRole('tab', { name: words.results }).click();
    await expect(run.getByText(new RegExp(`${words.written}.*echoed`))).toBeVisible();

    // The environment page shows both: the defined variable's local value, and the name only the script knows.
    await page.goto(`/project/${projectId}/env`);
    await expect(page.getByLabel(words.localOf('host'))).toHaveValue('my-host');
    const written = page.getByRole('table', { name: words.scriptValues });
    await expect(written.getByLabel(words.localOf('echoed'))).toHaveValue('hello');
    await written.getByLabel(words.localOf('echoed')).fill('changed');
    await page.reload();
    await expect(page.getByRole('table', { name: words.scriptValues }).getByLabel(words.localOf('echoed'))).toHaveValue('changed');

    // Cleared: the script's name is gone, the defined variable falls back to its shared value.
    await page.getByRole('button', { name: words.clear('echoed') }).click();
    await expect(page.getByRole('table', { name: words.scriptValues })).toContainText(words.none);
    await page.getByRole('button', { name: words.clear('host') }).click();
    await expect(page.getByLabel(words.localOf('host'))).toHaveValue('');
    await expect(page.getByLabel(words.localOf('host'))).toHaveAttribute('placeholder', 'shared-host');
  });
}
