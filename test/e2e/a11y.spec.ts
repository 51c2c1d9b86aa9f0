/**
 * axe on the main pages: serious and critical violations fail. One test per page (or per state of one page), each
 * set up through the API: a failure names its page, and the pages are checked side by side.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiData, createDocument, expectAccessible, newPerson, projectWithSession, withSession } from './support';

test('the home page passes axe', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: '在线演示' })).toBeVisible();
  await expectAccessible(page, 'home');
});

test('the sign-in page passes axe', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expectAccessible(page, 'login');
});

test('the password recovery page passes axe', async ({ page }) => {
  await page.goto('/forget');
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await expectAccessible(page, 'forget');
});

test('the page after a password reset passes axe', async ({ page }) => {
  await page.goto('/forget-success');
  await expect(page.getByRole('heading', { name: '密码已重置' })).toBeVisible();
  await expectAccessible(page, 'forget-success');
});

test('the signed-in password change page passes axe', async ({ page, request }) => {
  await withSession(page.context(), await newPerson(request));
  await page.goto('/reset-pass');
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await expectAccessible(page, 'reset-pass');
});

test('the security settings page passes axe', async ({ page, request }) => {
  await withSession(page.context(), await newPerson(request));
  await page.goto('/dashboard/profile/security');
  await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
  await expectAccessible(page, 'security settings');
});

/** A signed-in page on a project with one HTTP API document. */
async function projectWithApi(page: Page, request: APIRequestContext) {
  const { projectId, token } = await projectWithSession(page, request, 'Accessible');
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
  return { projectId, api };
}

test('the project view passes axe', async ({ page, request }) => {
  const { projectId, api } = await projectWithApi(page, request);
  await page.goto(`/project/${projectId}/${api}`);
  await expect(page.getByRole('article', { name: 'List things' })).toBeVisible();
  await expectAccessible(page, 'project view');
});

/** The Mock tab with the CodeMirror editor of a Mock.js template. */
async function mockTab(page: Page, request: APIRequestContext) {
  const { projectId, api } = await projectWithApi(page, request);
  await page.goto(`/project/${projectId}/${api}`);
  await page.getByRole('article', { name: 'List things' }).getByRole('tab', { name: 'Mock' }).click();
  await page.getByRole('radiogroup', { name: 'Mock 类型' }).getByText('Mock.js 模板', { exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Mock.js 模板' })).toBeVisible();
}

test('the mock tab passes axe', async ({ page, request }) => {
  await mockTab(page, request);
  await expectAccessible(page, 'mock tab');
});

test('the mock expectation dialog passes axe', async ({ page, request }) => {
  await mockTab(page, request);
  await page.getByRole('button', { name: '添加期望' }).click();
  await page.getByRole('dialog', { name: '添加期望' }).getByRole('button', { name: '添加条件' }).click();
  await expect(page.getByRole('dialog', { name: '添加期望' }).getByRole('textbox', { name: '响应内容' })).toBeVisible();
  await expectAccessible(page, 'mock expectation dialog');
});

test('the mock help passes axe', async ({ page, request }) => {
  await mockTab(page, request);
  await page.getByRole('button', { name: '帮助' }).click();
  await expect(page.getByRole('dialog', { name: 'Mock 帮助' })).toBeVisible();
  await expectAccessible(page, 'mock help');
});

test('the HTTP API editor passes axe', async ({ page, request }) => {
  const { projectId, api } = await projectWithApi(page, request);
  await page.goto(`/project/${projectId}/${api}/edit`);
  await expect(page.getByLabel('接口路径')).toHaveValue('/things');
  await expectAccessible(page, 'editor');
});

test('the project settings pass axe', async ({ page, request }) => {
  const { projectId } = await projectWithSession(page, request, 'Accessible');
  await page.goto(`/dashboard/project/${projectId}/info`);
  await expect(page.getByLabel('项目名称')).toHaveValue('Accessible');
  await expectAccessible(page, 'settings');
});

test('the console passes axe', async ({ page, request }) => {
  await projectWithSession(page, request, 'Accessible');
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Accessible' })).toBeVisible();
  await expectAccessible(page, 'console');
});

/** A project with a password share of one page and a published release 1.0.0. */
async function sharedProject(page: Page, request: APIRequestContext) {
  const { projectId, token } = await projectWithSession(page, request, 'Accessible shares');
  const doc = await createDocument(request, token, projectId, { name: 'Shared page', content: { markdown: '# Shared\nText' } });
  const share = await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', token, {
    projectId,
    name: 'Readers',
    docIds: [doc],
    expireAt: new Date(Date.now() + 86_400_000).toISOString(),
    password: 'letmein',
  });
  await apiData(request, 'post', '/api/project-release/publish', token, { projectId, version: '1.0.0' });
  return { projectId, doc, shareId: share.id };
}

test('share management passes axe', async ({ page, request }) => {
  const { projectId } = await sharedProject(page, request);
  await page.goto(`/project/${projectId}/share`);
  await expect(page.getByRole('table', { name: '分享管理' })).toContainText('Readers');
  await expectAccessible(page, 'share management');
});

test('a release view passes axe', async ({ page, request }) => {
  const { projectId, doc } = await sharedProject(page, request);
  await page.goto(`/project/${projectId}/${doc}?version=1.0.0`);
  await expect(page.getByText('正在查看版本 1.0.0（只读）')).toBeVisible();
  await expectAccessible(page, 'release view');
});

test('the share page, asking for the password and then reading, passes axe', async ({ page, request, browser, baseURL }) => {
  const { projectId, shareId } = await sharedProject(page, request);
  // A reader with the link only, in a browser of their own.
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await context.newPage();
  await reader.goto(`/project/${projectId}/share/${shareId}`);
  await expect(reader.getByRole('heading', { name: '请输入访问密码' })).toBeVisible();
  await expectAccessible(reader, 'share password');
  await reader.getByLabel('访问密码', { exact: true }).fill('letmein');
  await reader.getByRole('button', { name: '查看文档' }).click();
  await reader.getByRole('navigation', { name: '文档目录' }).getByRole('treeitem', { name: 'Shared page' }).click();
  await expect(reader.getByRole('article', { name: 'Shared page' })).toBeVisible();
  await expectAccessible(reader, 'share page');
  await context.close();
});

/** A team with a member in a group, a team project bound to the group, and a project invitation; the owner signed in. */
async function team(page: Page, request: APIRequestContext) {
  const owner = await newPerson(request, 'Owner');
  const member = await newPerson(request, 'Member');
  const team = await apiData<{ id: string }>(request, 'put', '/api/team', owner.token, { name: 'Accessible team' });
  const group = await apiData<{ id: string }>(request, 'put', '/api/team/group', owner.token, { teamId: team.id, name: 'Readers' });
  const joining = await apiData<{ code: string }>(request, 'post', `/api/team/invitation/${team.id}/${group.id}`, owner.token);
  await apiData(request, 'post', `/api/team/join/${joining.code}`, member.token);
  const project = await apiData<{ id: string }>(request, 'put', '/api/project', owner.token, { name: 'Team docs', teamId: team.id });
  await apiData(request, 'post', `/api/project/group/bind/${project.id}/${group.id}/view`, owner.token);
  const invitation = await apiData<{ code: string }>(request, 'put', `/api/project/invitation/${project.id}/edit`, owner.token);
  await withSession(page.context(), owner);
  return { teamId: team.id, projectId: project.id, invitation: invitation.code };
}

test('the team console passes axe', async ({ page, request }) => {
  const { teamId } = await team(page, request);
  await page.goto(`/dashboard/team/${teamId}`);
  await expect(page.getByRole('article', { name: 'Team docs' })).toBeVisible();
  await expectAccessible(page, 'team console');
});

test('the team members page, with an invitation link and a member’s projects shown, passes axe', async ({ page, request }) => {
  const { teamId } = await team(page, request);
  await page.goto(`/dashboard/team/${teamId}/setting/members`);
  await expect(page.getByRole('row', { name: /Member/ })).toBeVisible();
  await page.getByRole('button', { name: '生成邀请链接' }).click();
  await expect(page.locator('.invite-url')).toBeVisible();
  await page
    .getByRole('row', { name: /Member/ })
    .getByRole('button', { name: '查看项目' })
    .click();
  await expect(page.getByRole('link', { name: 'Team docs' })).toBeVisible();
  await expectAccessible(page, 'team members');
});

test('the team information page passes axe', async ({ page, request }) => {
  const { teamId } = await team(page, request);
  await page.goto(`/dashboard/team/${teamId}/setting/info`);
  await expect(page.getByLabel('团队名称')).toHaveValue('Accessible team');
  await expectAccessible(page, 'team info');
});

test('the project permissions page passes axe', async ({ page, request }) => {
  const { projectId } = await team(page, request);
  await page.goto(`/dashboard/project/${projectId}/auth`);
  await expect(page.getByRole('row', { name: 'Readers' })).toBeVisible();
  await expectAccessible(page, 'project permissions');
});

test('an invitation page passes axe', async ({ page, request }) => {
  const { invitation } = await team(page, request);
  await page.goto(`/invite/project/${invitation}`);
  await expect(page.getByRole('button', { name: '加入项目' })).toBeVisible();
  await expectAccessible(page, 'invitation');
});

test('the import page with a preview passes axe', async ({ page, request }) => {
  const { projectId } = await projectWithSession(page, request, 'Accessible');
  await page.goto(`/dashboard/import?projectId=${projectId}`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByText('点击选择文件，或将文件拖到这里').click();
  await (await chooser).setFiles(new URL('../../shared/import/openapi/fixtures/swagger2-petstore.yaml', import.meta.url).pathname);
  await expect(page.getByRole('region', { name: '预览' })).toContainText('OpenAPI / Swagger');
  await expectAccessible(page, 'import page');
});

/** A project with an environment holding a shared and a secret variable, and a global header. */
async function projectWithEnvironment(page: Page, request: APIRequestContext) {
  const { projectId, token } = await projectWithSession(page, request, 'Accessible envs');
  const env = await apiData<{ id: string }>(request, 'put', '/api/project/document/env', token, {
    projectId,
    name: 'development',
    baseUrl: 'https://{{host}}',
  });
  await apiData(request, 'put', '/api/project/document/variable', token, { envId: env.id, name: 'host', value: 'api.example.com' });
  await apiData(request, 'put', '/api/project/document/variable', token, { envId: env.id, name: 'token', secret: true });
  await apiData(request, 'post', '/api/project/document/global-param', token, {
    projectId,
    rev: 0,
    value: JSON.stringify({ req: { headers: [{ name: 'X-Tenant', value: 'acme' }] } }),
  });
  return { projectId };
}

test('the environments page passes axe', async ({ page, request }) => {
  const { projectId } = await projectWithEnvironment(page, request);
  await page.goto(`/project/${projectId}/env`);
  await expect(page.getByRole('table', { name: '变量' }).getByRole('row', { name: /token/ })).toBeVisible();
  await expect(page.getByRole('combobox', { name: '当前环境' })).toBeVisible();
  await expectAccessible(page, 'environments');
});

test('the global parameters page passes axe', async ({ page, request }) => {
  const { projectId } = await projectWithEnvironment(page, request);
  await page.goto(`/project/${projectId}/global-param`);
  await expect(page.getByLabel('请求 Header 参数名 1')).toHaveValue('X-Tenant');
  await expectAccessible(page, 'global parameters');
});
