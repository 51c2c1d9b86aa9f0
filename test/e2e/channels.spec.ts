/**
 * Notification channels through project settings (issue 38): the project's administrator adds a DingTalk channel
 * pointed at the local DingTalk fake (its address from /__dev/notify.json, as `npm start` serves it) with its 加签
 * secret, sees it listed masked, sends a test message, and a document's edit reaches the fake as a message whose
 * signature the fake verified as DingTalk does; the open delivery log shows the next delivery without reopening. The
 * tab passes axe. The same person, as a team's owner, sets a
 * default Slack channel in the team's settings and tests it.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FAKE_SECRETS, type ReceivedMessage } from '../../scripts/local/notify-fakes';
import { apiData, choose, createDocument, expectAccessible, expectSaved, projectWithSession, watchConsole } from './support';

const notifyFakes = async (request: APIRequestContext) =>
  (await (await request.get('/__dev/notify.json')).json()) as { urls: { dingtalk: string; slack: string }; received: ReceivedMessage[] };

test('an administrator configures a DingTalk channel, tests it, and an edit reaches the fake signed', async ({ page, request }) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const { projectId, token } = await projectWithSession(page, request, 'Channels e2e');
  // Named for this run: the fake keeps every message the stack sent, other runs' too (\`--repeat-each\`).
  const docName = `List pets ${projectId.slice(-6)}`;
  const docId = await createDocument(request, token, projectId, { name: docName, type: 'doc', content: { markdown: '# Pets' } });
  const otherDocId = await createDocument(request, token, projectId, { name: 'Feed pets', type: 'doc', content: { markdown: '# Feed' } });
  const { urls } = await notifyFakes(request);

  await page.goto(`/dashboard/project/${projectId}/channels`);
  await expect(page.getByRole('tab', { name: '通知渠道', selected: true })).toBeVisible();
  await page.getByRole('button', { name: '添加渠道' }).click();
  const dialog = page.getByRole('dialog', { name: '添加渠道' });
  await dialog.getByLabel('名称', { exact: true }).fill('研发群');
  await dialog.getByLabel('机器人 Webhook 地址').fill(urls.dingtalk);
  await dialog.getByLabel('加签密钥（以 SEC 开头）').fill(FAKE_SECRETS.dingtalk);
  await choose(page, dialog.getByLabel('事件', { exact: true }), '修改文档');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  // Listed with its kind and health; the address masked, the secret nowhere.
  const row = page.getByRole('row', { name: /研发群/ });
  await expect(row).toContainText('钉钉机器人');
  await expect(row).toContainText('正常');
  await expect(row).toContainText('/…ocal');
  await expect(page.locator('body')).not.toContainText(FAKE_SECRETS.dingtalk);
  await expect(page.locator('body')).not.toContainText('access_token');
  await expectAccessible(page, 'notification channels');

  await row.getByRole('button', { name: '发送测试消息' }).click();
  await expect(row.getByRole('status')).toHaveText('测试消息已发送');

  // An edit of the document in its editor: its event goes through the table's stream to the channel, signed.
  await page.goto(`/project/${projectId}/${docId}/edit`);
  await page.getByRole('textbox', { name: 'Markdown' }).fill('# Pets\n\nEvery pet, listed.');
  await page.keyboard.press('Control+s');
  await expectSaved(page, docName);
  await expect
    .poll(async () =>
      (await notifyFakes(request)).received
        .filter((m) => m.provider === 'dingtalk' && JSON.stringify(m.body).includes(docName))
        .map((m) => m.verified),
    )
    .toEqual([true]);
  await page.goto(`/dashboard/project/${projectId}/channels`);

  await row.getByRole('button', { name: '投递记录' }).click();
  const deliveries = page.getByRole('dialog', { name: '投递记录 · 研发群' }).getByRole('row', { name: /修改文档/ });
  await expect(deliveries).toHaveCount(1);
  // The open log refreshes itself: another document's edit shows up without reopening it.
  await apiData(request, 'post', '/api/project/document', token, { id: otherDocId, rev: 1, content: { markdown: '# Feed\n\nDaily.' } });
  await expect(deliveries).toHaveCount(2, { timeout: 30_000 });

  // A team's administrator sets a default channel in the team's settings, and tests it.
  const team = await apiData<{ id: string }>(request, 'put', '/api/team', token, { name: 'Channels team' });
  await page.goto(`/dashboard/team/${team.id}/setting/channels`);
  await page.getByRole('button', { name: '添加渠道' }).click();
  const teamDialog = page.getByRole('dialog', { name: '添加渠道' });
  await teamDialog.getByLabel('名称', { exact: true }).fill('全员群');
  await choose(page, teamDialog.getByLabel('类型', { exact: true }), 'Slack');
  await teamDialog.getByLabel('Incoming Webhook 地址').fill(urls.slack);
  await expect(teamDialog.getByLabel('目录', { exact: true })).toHaveCount(0);
  await teamDialog.getByRole('button', { name: '保存' }).click();
  const teamRow = page.getByRole('row', { name: /全员群/ });
  await teamRow.getByRole('button', { name: '发送测试消息' }).click();
  await expect(teamRow.getByRole('status')).toHaveText('测试消息已发送');
  expect(problems).toEqual([]);
});
