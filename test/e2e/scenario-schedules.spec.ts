/**
 * A scenario's schedules through its page (issue 36): an editor adds a cron schedule for an environment and sees
 * when it runs next, a cron the server refuses shows its message under the field, and the schedule is deleted.
 */
import { expect, test } from '@playwright/test';
import { apiData, projectWithSession } from './support';

test('an editor adds a schedule and sees its next run, a bad cron is refused at the field, and the schedule is deleted', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Schedules e2e');
  await apiData(request, 'put', '/api/project/document/env', token, { projectId, name: 'UAT', baseUrl: 'https://uat.example.com' });
  const scenario = await apiData<{ id: string }>(request, 'put', '/api/project/scenario', token, { projectId, name: '每日巡检' });
  await page.goto(`/project/${projectId}/scenarios/${scenario.id}?tab=schedules`);

  await expect(page.getByRole('tab', { name: '定时运行', selected: true })).toBeVisible();
  await expect(page.getByText('还没有定时运行')).toBeVisible();
  const form = page.getByRole('form', { name: '添加定时运行' });
  // The time zone starts on Asia/Shanghai and the environment on the project's only one.
  await expect(form.getByText('Asia/Shanghai')).toBeVisible();
  await expect(form.getByText('UAT')).toBeVisible();
  await form.getByLabel('Cron 表达式').fill('0 9 * * 1-5');
  await form.getByRole('button', { name: '添加定时运行' }).click();

  const row = page.getByRole('row', { name: /0 9 \* \* 1-5/ });
  await expect(row).toContainText('Asia/Shanghai');
  await expect(row).toContainText('UAT');
  await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:00:00/);
  await expect(form.getByLabel('Cron 表达式')).toHaveValue('');

  // A minute of 61 has the cron's shape; the server reads it and refuses it under the field.
  await form.getByLabel('Cron 表达式').fill('61 9 * * *');
  await form.getByRole('button', { name: '添加定时运行' }).click();
  await expect(form.getByText('Cron 表达式应为 5 段（分 时 日 月 周）', { exact: false })).toBeVisible();

  await row.getByRole('button', { name: '删除定时运行 0 9 * * 1-5' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('还没有定时运行')).toBeVisible();
});
