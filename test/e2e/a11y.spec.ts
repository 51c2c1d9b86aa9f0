/** axe on the main pages: serious and critical violations fail. */
import { expect, test } from '@playwright/test';
import { createDocument, expectAccessible, projectWithSignIn } from './support';

test('home, login, console, project view, mock tab, editor and settings pass axe', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('button', { name: '在线演示' })).toBeVisible();
  await expectAccessible(page, 'home');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expectAccessible(page, 'login');

  const { projectId, token } = await projectWithSignIn(page, request, 'Accessible');
  const api = await createDocument(request, token, projectId, {
    type: 'api',
    name: 'List things',
    content: { method: 'GET', path: '/things', description: 'Lists things', reqQuery: [{ id: 'q1', name: 'page', type: 'integer', required: false, value: '1', description: '', children: [] }] },
  });
  await page.goto(`/project/${projectId}/${api}`);
  await expect(page.getByRole('article', { name: 'List things' })).toBeVisible();
  await expectAccessible(page, 'project view');

  // The Mock tab with the CodeMirror editor, an expectation's dialog and the help drawer.
  await page.getByRole('article', { name: 'List things' }).getByRole('tab', { name: 'Mock' }).click();
  await page.getByRole('radiogroup', { name: 'Mock 类型' }).getByText('Mock.js 模板', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Mock.js 模板' })).toBeVisible();
  await expectAccessible(page, 'mock tab');
  await page.getByRole('button', { name: '添加期望' }).click();
  await page.getByRole('dialog', { name: '添加期望' }).getByRole('button', { name: '添加条件' }).click();
  await expect(page.getByRole('dialog', { name: '添加期望' }).getByRole('textbox', { name: '响应内容' })).toBeVisible();
  await expectAccessible(page, 'mock expectation dialog');
  await page.getByRole('dialog', { name: '添加期望' }).getByRole('button', { name: '取消' }).click();
  await page.getByRole('button', { name: '帮助' }).click();
  await expect(page.getByRole('dialog', { name: 'Mock 帮助' })).toBeVisible();
  await expectAccessible(page, 'mock help');
  await page.keyboard.press('Escape');

  await page.goto(`/project/${projectId}/${api}/edit`);
  await expect(page.getByLabel('接口路径')).toHaveValue('/things');
  await expectAccessible(page, 'editor');

  await page.goto(`/dashboard/project/${projectId}/info`);
  await expect(page.getByLabel('项目名称')).toHaveValue('Accessible');
  await expectAccessible(page, 'settings');

  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Accessible' })).toBeVisible();
  await expectAccessible(page, 'console');
});
