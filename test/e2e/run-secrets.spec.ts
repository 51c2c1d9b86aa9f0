/**
 * Run secrets on the environments screen (issue 36): an editor adds one through the form, sees its name marked as
 * set while its value appears nowhere (not in the page, not in what the API answered), and deletes it.
 */
import { expect, test } from '@playwright/test';
import { apiData, projectWithSession } from './support';

test('an editor adds a run secret, sees it set but never its value, and deletes it', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Run secrets e2e');
  await apiData(request, 'put', '/api/project/document/env', token, { projectId, name: 'production' });
  const value = 'sk-live-0f9e8d7c6b5a';
  const answers: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/')) answers.push(r.text().catch(() => ''));
  });
  await page.goto(`/project/${projectId}/env`);

  const section = page.getByRole('region', { name: '运行密钥（仅服务器和定时运行使用）' });
  await expect(section.getByText('还没有运行密钥')).toBeVisible();
  await section.getByLabel('密钥名').fill('API_TOKEN');
  await section.getByLabel('密钥值').fill(value);
  await section.getByRole('button', { name: '保存密钥' }).click();

  const secrets = section.getByRole('table', { name: '运行密钥（仅服务器和定时运行使用）' });
  const row = secrets.getByRole('row', { name: /API_TOKEN/ });
  await expect(row.getByText('已设置')).toBeVisible();
  // The value went once: the form is empty again, and neither the page nor any answer of the API holds it.
  await expect(section.getByLabel('密钥值')).toHaveValue('');
  await expect(section.getByLabel('密钥名')).toHaveValue('');
  expect(await page.content()).not.toContain(value);
  expect((await Promise.all(answers)).join('\n')).not.toContain(value);

  await row.getByRole('button', { name: '删除运行密钥 API_TOKEN' }).click();
  await page.getByRole('dialog', { name: '删除运行密钥“API_TOKEN”？' }).getByRole('button', { name: '删除' }).click();
  await expect(secrets.getByRole('row', { name: /API_TOKEN/ })).toHaveCount(0);
  await expect(section.getByText('还没有运行密钥')).toBeVisible();
});
