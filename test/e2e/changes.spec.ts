/**
 * Issue 35 through the screens: a release published through its dialog, the API changed in the document editor so
 * that it breaks clients (a query parameter made required, a response field removed), the compatibility report
 * opened from the project menu (two errors, grouped under the operation, exported), from the version list and the
 * version switcher, readable at phone width, and the publish dialog offering the next major version. Then the
 * project's policy: one finding accepted with a reason on the report, a check turned off on the settings screen,
 * both in the policy's history with who and why, and the report with no error left.
 */
import { expect, test } from '@playwright/test';
import { choose, createDocument, expectSaved, projectWithSession, watchConsole } from './support';

const pets = {
  method: 'GET',
  path: '/pets',
  description: 'Lists pets',
  reqQuery: [{ id: 'limit', name: 'limit', type: 'integer', required: false, value: '', description: '', children: [] }],
  responses: [
    {
      status: '200',
      body: ['id', 'price'].map((name) => ({ id: name, name, type: 'string', required: true, value: '', description: '', children: [] })),
    },
  ],
};

test('publish 1.0.0, break the API in the editor, read the report (2 errors), 2.0.0 offered; accept one, turn one off', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { projectId, token } = await projectWithSession(page, request, 'Pet store');
  const doc = await createDocument(request, token, projectId, { name: 'List pets', type: 'api', content: pets });
  const problems = watchConsole(page);
  await page.goto(`/project/${projectId}/${doc}`);

  // Publish 1.0.0 through the version list's dialog.
  await page.getByRole('banner').getByRole('button', { name: '版本列表' }).click();
  const drawer = page.getByRole('dialog', { name: '版本列表' });
  await drawer.getByRole('button', { name: '发布版本' }).click();
  const publish = page.getByRole('dialog', { name: '发布版本' });
  await expect(publish.getByLabel('版本号')).toHaveValue('1.0.0');
  await publish.getByRole('button', { name: '发布' }).click();
  await expect(publish).toBeHidden();
  await expect(drawer.getByText('1.0.0', { exact: true })).toBeVisible();
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .click();

  // The API changes in the editor: `limit` becomes required, `price` leaves the response.
  await page.getByRole('article', { name: 'List pets' }).getByRole('button', { name: '编辑', exact: true }).click();
  // The editor opens on the section the view showed (the query: the API has no body), and a tab clicked holds.
  await expect(page.locator('.api-editor').getByRole('tab', { name: /Query 参数/, selected: true })).toBeVisible();
  await page.getByRole('tab', { name: /Query 参数/ }).click();
  await page.getByLabel('Query 参数 必填 0.0').check();
  await page.getByRole('button', { name: '删除参数 price' }).click();
  await expect(page.getByRole('button', { name: '删除参数 price' })).toHaveCount(0);
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'List pets');

  // The report, from the project menu: the latest release against live.
  await page.getByRole('banner').getByRole('link', { name: '兼容性报告' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/changes$`));
  await expect(page.getByRole('heading', { name: '兼容性报告', level: 1 })).toBeVisible();
  await expect(page.getByTestId('count-error')).toHaveText('2 错误');
  await expect(page.getByTestId('count-warning')).toHaveText('0 警告');
  const group = page.getByRole('article', { name: /GET \/pets/ });
  await expect(group.locator('li[data-severity="error"]')).toHaveCount(2);
  await expect(group).toContainText('request-parameter-became-required');
  await expect(group).toContainText('请求参数 request query limit 变为必填');
  await expect(group).toContainText('response-required-property-removed');
  // Each finding's operation links to its document at both versions.
  await expect(group.getByRole('link', { name: '旧版本中的文档' })).toHaveAttribute('href', `/project/${projectId}/${doc}?version=1.0.0`);
  await expect(group.getByRole('link', { name: '新版本中的文档' })).toHaveAttribute('href', `/project/${projectId}/${doc}`);

  // The other changes are hidden until asked for; "breaking only" keeps the errors.
  await expect(page.locator('li[data-severity="change"]')).toHaveCount(0);
  await page.getByLabel('只看破坏性变更').click();
  await expect(page.locator('li[data-severity="error"]')).toHaveCount(2);

  // Exported as Markdown.
  await page.getByRole('button', { name: '导出' }).hover();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Markdown' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('changes-1.0.0-live.md');
  const text = await download.createReadStream().then(
    (stream) =>
      new Promise<string>((resolve) => {
        let all = '';
        stream.on('data', (chunk: Buffer) => (all += chunk.toString('utf8')));
        stream.on('end', () => resolve(all));
      }),
  );
  expect(text).toContain('`response-required-property-removed`');

  // In English too.
  await page.evaluate(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto(`/project/${projectId}/changes?from=1.0.0&to=live`);
  await expect(page.getByTestId('count-error')).toHaveText('2 errors');
  await expect(page.getByRole('article', { name: /GET \/pets/ })).toContainText('Request parameter request query limit became required');
  await page.evaluate(() => localStorage.setItem('apiloom.lang', 'zh'));
  await page.reload();

  // Readable at phone width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('count-error')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // From the version list and the version switcher.
  await page.goto(`/project/${projectId}/${doc}`);
  await page.getByRole('banner').getByRole('button', { name: '版本列表' }).click();
  await expect(drawer.getByRole('link', { name: '版本 1.0.0 以来的变化' })).toHaveAttribute(
    'href',
    `/project/${projectId}/changes?from=1.0.0&to=live`,
  );
  await drawer.getByRole('button', { name: '发布版本' }).click();
  // The publish dialog offers the next major version, from the verdict, still editable.
  await expect(publish.getByLabel('版本号')).toHaveValue('2.0.0');
  await expect(publish.getByTestId('bump-hint')).toContainText('主');
  await publish.getByLabel('版本号').fill('1.1.0');
  await expect(publish.getByLabel('版本号')).toHaveValue('1.1.0');
  await publish.getByRole('button', { name: '取消' }).click();
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .click();
  await choose(page, page.getByRole('banner').getByLabel('查看版本'), '兼容性报告');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/changes\\?from=1\\.0\\.0&to=live$`));
  await expect(page.getByTestId('count-error')).toHaveText('2 错误');

  // The policy: the required parameter accepted on the report, with a reason; it stays listed, marked accepted.
  const required = page.getByRole('listitem').filter({ hasText: 'request-parameter-became-required' });
  await required.getByRole('button', { name: '接受' }).click();
  const accept = page.getByRole('dialog', { name: '接受这个发现' });
  await accept.getByLabel('理由').fill('Every client sends limit already');
  await accept.getByRole('button', { name: '接受' }).click();
  await expect(page.getByTestId('count-error')).toHaveText('1 错误');
  await expect(page.getByTestId('count-accepted')).toHaveText('1 已接受');
  await expect(required).toContainText('错误 (已接受)');
  await expect(required).toContainText('理由: Every client sends limit already');

  // The settings screen: the accepted finding with who and why; the removed field's check turned off.
  await page.goto(`/dashboard/project/${projectId}/compat`);
  await expect(page.getByRole('region', { name: '已接受的发现' })).toContainText('E2E 已接受：Every client sends limit already');
  await page.getByLabel('搜索检查项').fill('response-required-property-removed');
  await choose(page, page.getByLabel('response-required-property-removed', { exact: true }), '关闭');
  await page.getByRole('button', { name: '保存级别' }).click();
  const history = page.getByRole('region', { name: '策略变更记录' });
  await expect(history.getByRole('listitem').first()).toContainText('E2E 将 response-required-property-removed 的级别改为 关闭');
  await expect(history).toContainText(
    'E2E 接受了 request-parameter-became-required（request query limit）：Every client sends limit already',
  );

  // The report obeys: no error left, and the turned-off check is gone.
  await page.goto(`/project/${projectId}/changes?from=1.0.0&to=live`);
  await expect(page.getByTestId('count-error')).toHaveText('0 错误');
  await expect(page.getByText('response-required-property-removed')).toHaveCount(0);
  // The test's own page loads abort reads still in flight; anything else the app logged is a problem.
  expect(problems.filter((p) => !p.endsWith('net::ERR_ABORTED'))).toEqual([]);
});
