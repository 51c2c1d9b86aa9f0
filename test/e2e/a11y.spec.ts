/** axe on the main pages: serious and critical violations fail. */
import { expect, test } from '@playwright/test';
import { createDocument, expectAccessible, projectWithSignIn, registerViaApi, signIn } from './support';

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
    content: {
      method: 'GET',
      path: '/things',
      description: 'Lists things',
      reqQuery: [{ id: 'q1', name: 'page', type: 'integer', required: false, value: '1', description: '', children: [] }],
    },
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

test('the share page (password and reading), share management and a release view pass axe', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const { projectId, token } = await projectWithSignIn(page, request, 'Accessible shares');
  const doc = await createDocument(request, token, projectId, { name: 'Shared page', content: { markdown: '# Shared\nText' } });
  const created = (await (
    await request.put('/api/project/document/share-item', {
      data: { projectId, name: 'Readers', docIds: [doc], expireAt: new Date(Date.now() + 86_400_000).toISOString(), password: 'letmein' },
      headers: { token },
    })
  ).json()) as { data: { id: string } };
  await request.post('/api/project-release/publish', { data: { projectId, version: '1.0.0' }, headers: { token } });

  await page.goto(`/project/${projectId}/share`);
  await expect(page.getByRole('table', { name: '分享管理' })).toContainText('Readers');
  await expectAccessible(page, 'share management');

  await page.goto(`/project/${projectId}/${doc}?version=1.0.0`);
  await expect(page.getByText('正在查看版本 1.0.0（只读）')).toBeVisible();
  await expectAccessible(page, 'release view');

  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await context.newPage();
  await reader.goto(`/project/${projectId}/share/${created.data.id}`);
  await expect(reader.getByRole('heading', { name: '请输入访问密码' })).toBeVisible();
  await expectAccessible(reader, 'share password');
  await reader.getByLabel('访问密码', { exact: true }).fill('letmein');
  await reader.getByRole('button', { name: '查看文档' }).click();
  await reader.getByRole('navigation', { name: '文档目录' }).getByRole('treeitem', { name: 'Shared page' }).click();
  await expect(reader.getByRole('article', { name: 'Shared page' })).toBeVisible();
  await expectAccessible(reader, 'share page');
  await context.close();
});

test('team console, team settings, project permissions and an invitation pass axe', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(request, 'Owner');
  const member = await registerViaApi(request, 'Member');
  const as = (token: string) => ({ headers: { token } });
  const data = async <T>(response: Promise<{ json: () => Promise<unknown> }>) => ((await (await response).json()) as { data: T }).data;
  const team = await data<{ id: string }>(request.put('/api/team', { data: { name: 'Accessible team' }, ...as(owner.token) }));
  const group = await data<{ id: string }>(
    request.put('/api/team/group', { data: { teamId: team.id, name: 'Readers' }, ...as(owner.token) }),
  );
  const joining = await data<{ code: string }>(request.post(`/api/team/invitation/${team.id}/${group.id}`, as(owner.token)));
  await request.post(`/api/team/join/${joining.code}`, as(member.token));
  const project = await data<{ id: string }>(
    request.put('/api/project', { data: { name: 'Team docs', teamId: team.id }, ...as(owner.token) }),
  );
  await request.post(`/api/project/group/bind/${project.id}/${group.id}/view`, as(owner.token));
  const invitation = await data<{ code: string }>(request.put(`/api/project/invitation/${project.id}/edit`, as(owner.token)));

  await page.goto(`/login?f=${encodeURIComponent(`/dashboard/team/${team.id}`)}`);
  await signIn(page, owner.account);
  await expect(page.getByRole('article', { name: 'Team docs' })).toBeVisible();
  await expectAccessible(page, 'team console');

  await page.goto(`/dashboard/team/${team.id}/setting/members`);
  await expect(page.getByRole('row', { name: /Member/ })).toBeVisible();
  await page.getByRole('button', { name: '生成邀请链接' }).click();
  await expect(page.locator('.invite-url')).toBeVisible();
  await page
    .getByRole('row', { name: /Member/ })
    .getByRole('button', { name: '查看项目' })
    .click();
  await expect(page.getByRole('link', { name: 'Team docs' })).toBeVisible();
  await expectAccessible(page, 'team members');

  await page.goto(`/dashboard/team/${team.id}/setting/info`);
  await expect(page.getByLabel('团队名称')).toHaveValue('Accessible team');
  await expectAccessible(page, 'team info');

  await page.goto(`/dashboard/project/${project.id}/auth`);
  await expect(page.getByRole('row', { name: 'Readers' })).toBeVisible();
  await expectAccessible(page, 'project permissions');

  await page.goto(`/invite/project/${invitation.code}`);
  await expect(page.getByRole('button', { name: '加入项目' })).toBeVisible();
  await expectAccessible(page, 'invitation');
});
