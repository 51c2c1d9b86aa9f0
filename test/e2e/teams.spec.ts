/** Teams through the UI (issue 11): a team and its invitation link, user groups bound to a project, project invitations. */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { choose, createDocument, expectSaved, newPerson, signIn, withSession } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** A second person in a browser of their own, opening `url` before they have signed in. */
async function openAsSomeoneElse(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: new URL(url).origin, locale: 'zh-CN', reducedMotion: 'reduce' });
  return { context, page: await context.newPage() };
}

/**
 * Olga's team "Platform", with Dave in it as a developer (joined through an invitation), made through the API;
 * `as` signs a request as one of them.
 */
async function platformTeam(request: APIRequestContext) {
  const olga = await newPerson(request, 'Olga');
  const dave = await newPerson(request, 'Dave');
  const as = (token: string) => ({ headers: { token } });
  const data = async <T>(response: Promise<{ json: () => Promise<unknown> }>) => {
    const body = (await (await response).json()) as { code: number; message: string; data: T };
    expect(body.code, body.message).toBe(0);
    return body.data;
  };
  const team = await data<{ id: string }>(request.put('/api/team', { data: { name: 'Platform' }, ...as(olga.token) }));
  const invitation = await data<{ code: string }>(request.post(`/api/team/invitation/${team.id}`, as(olga.token)));
  await data(request.post(`/api/team/join/${invitation.code}`, as(dave.token)));
  return { olga, dave, team, as, data };
}

/** The invitation link the page just made (shown with a copy button). */
async function madeLink(page: Page, kind: 'team' | 'project') {
  const link = page.locator('.invite-url code');
  await expect(link).toContainText(`/invite/${kind}/`);
  const url = (await link.textContent())!.trim();
  expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/invite/${kind}/[A-Za-z0-9_-]{22}$`));
  return url;
}

test('a team: created from the menu, a member invited by link, a group bound to a project with view, then edit', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const alice = await newPerson(request, 'Alice');
  const bob = await newPerson(request, 'Bob');

  // Alice creates the team from the left menu and lands in its console.
  await withSession(page.context(), alice);
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: '主菜单' });
  await menu.getByRole('menuitem', { name: '创建团队' }).click();
  const create = page.getByRole('dialog', { name: '创建团队' });
  await create.getByLabel('团队名称').fill('x'.repeat(33));
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create.getByText('团队名称 1-32 个字符')).toBeVisible();
  await create.getByLabel('团队名称').fill('Platform');
  await create.getByLabel('团队描述').fill('Backend APIs');
  await create.getByRole('button', { name: '创建' }).click();
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/\/dashboard\/team\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'Platform', level: 1 })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Platform' })).toBeVisible();
  await expect(page).toHaveTitle('Platform - 控制台 - Apiloom');

  // A team project, made in the team console.
  await page.getByRole('button', { name: '新建项目' }).click();
  const newProject = page.getByRole('dialog', { name: '新建项目' });
  await newProject.getByLabel('项目名称').fill('Orders API');
  await newProject.getByRole('button', { name: '创建' }).click();
  await expect(newProject).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Orders API', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeVisible();

  // On the members page: a user group, and an invitation link with a copy button.
  await page.getByRole('link', { name: '团队设置' }).click();
  await expect(page).toHaveURL(/\/setting\/info$/);
  await page.getByRole('tab', { name: '成员管理' }).click();
  await expect(page).toHaveURL(/\/setting\/members$/);
  await page.getByRole('button', { name: '新建用户组' }).click();
  const groupDialog = page.getByRole('dialog', { name: '新建用户组' });
  await groupDialog.getByLabel('用户组名称').fill('x'.repeat(13));
  await groupDialog.getByRole('button', { name: '创建' }).click();
  await expect(groupDialog.getByText('用户组名称必填，最多 12 个字符')).toBeVisible();
  await groupDialog.getByLabel('用户组名称').fill('Backend');
  await groupDialog.getByRole('button', { name: '创建' }).click();
  await expect(groupDialog).toBeHidden();
  const groups = page.getByRole('region', { name: '用户组', exact: true });
  await expect(groups.getByRole('row', { name: 'Backend' })).toBeVisible();
  await page.getByRole('button', { name: '生成邀请链接' }).click();
  const link = await madeLink(page, 'team');
  await expect(page.getByRole('button', { name: '复制链接' })).toBeVisible();

  // Bob opens the link in his own browser: sign in first, then see what he joins, and join.
  const other = await openAsSomeoneElse(browser, link);
  const bobPage = other.page;
  await bobPage.goto(link);
  await expect(bobPage).toHaveURL(/\/login\?f=%2Finvite%2Fteam%2F/);
  await signIn(bobPage, bob.account);
  await expect(bobPage.getByRole('heading', { name: '加入团队' })).toBeVisible();
  await expect(bobPage.getByText('Alice 邀请您加入团队“Platform”。')).toBeVisible();
  await expect(bobPage.getByRole('row', { name: /加入后的角色\s*开发者/ })).toBeVisible();
  await bobPage.getByRole('button', { name: '加入团队' }).click();
  await expect(bobPage).toHaveURL(/\/dashboard\/team\/[\w-]+$/);
  await expect(bobPage.getByRole('heading', { name: 'Platform', level: 1 })).toBeVisible();
  // A developer reaches only the projects given to them.
  await expect(bobPage.getByText('还没有项目')).toBeVisible();
  await expect(bobPage.getByRole('article', { name: 'Orders API' })).toBeHidden();

  // Alice puts Bob in the group.
  await page.reload();
  const bobRow = page.getByRole('row', { name: /Bob/ });
  await expect(bobRow).toContainText('开发者');
  await choose(page, bobRow.getByLabel('Bob 的用户组'), 'Backend');
  await expect(page.getByText('用户组已更新')).toBeVisible();
  await expect(groups.getByRole('row', { name: 'Backend' })).toContainText('1');

  // ...and binds the group to the project with view, on the project's 权限管理.
  await page.getByRole('link', { name: '返回团队' }).click();
  await page.getByRole('button', { name: '更多操作：Orders API' }).click();
  await page.getByRole('menuitem', { name: '项目设置' }).click();
  await page.getByRole('tab', { name: '权限管理' }).click();
  await expect(page).toHaveURL(/\/dashboard\/project\/[\w-]+\/auth$/);
  const projectId = /\/dashboard\/project\/([\w-]+)\/auth$/.exec(page.url())![1]!;
  await expect(page.getByRole('row', { name: /Alice/ })).toContainText('创建者');
  const bindings = page.getByRole('region', { name: '用户组权限', exact: true });
  await choose(page, bindings.getByLabel('用户组', { exact: true }), 'Backend');
  await choose(page, bindings.getByLabel('绑定的权限'), '只读');
  await bindings.getByRole('button', { name: '绑定' }).click();
  await expect(page.getByText('用户组已绑定')).toBeVisible();
  await expect(bindings.getByRole('row', { name: 'Backend' })).toBeVisible();

  // Bob reads the project's document, with no way to edit it; the API refuses his writes too.
  const doc = await createDocument(request, alice.token, projectId, { name: 'Guide', content: { markdown: '# Welcome' } });
  await bobPage.goto(`/project/${projectId}/${doc}`);
  const article = bobPage.getByRole('article', { name: 'Guide' });
  await expect(article.getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(bobPage.getByRole('button', { name: '编辑' })).toHaveCount(0);
  await expect(bobPage.getByRole('button', { name: '新建文档' })).toHaveCount(0);
  const refused = (await (
    await request.post('/api/project/document', {
      data: { id: doc, rev: 1, content: { markdown: '# Mine' } },
      headers: { token: bob.token },
    })
  ).json()) as { code: number };
  expect(refused.code).toBe(42003);

  // Alice makes the group's role edit; Bob can now edit and save.
  await choose(page, bindings.getByRole('row', { name: 'Backend' }).getByLabel('Backend 的权限'), '可编辑');
  await expect(page.getByText('权限已更新')).toBeVisible();
  await bobPage.reload();
  await bobPage.getByRole('button', { name: '编辑' }).click();
  await bobPage.getByRole('textbox', { name: 'Markdown' }).fill('# Edited by Bob');
  await bobPage.keyboard.press('Control+s');
  await expectSaved(bobPage, 'Guide');
  await expect(bobPage.getByRole('article', { name: 'Guide' }).getByRole('heading', { name: 'Edited by Bob' })).toBeVisible();

  // A direct role wins over the group: Alice sets Bob to no access, and he is out.
  await page.reload();
  const add = page.getByRole('region', { name: '添加成员' });
  const person = add.getByLabel('要添加的人');
  await person.click();
  await person.fill('Bob');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Bob' }).click();
  await choose(page, add.getByLabel('权限', { exact: true }), '只读');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await expect(page.getByText('成员已添加')).toBeVisible();
  await choose(page, page.getByRole('region', { name: '项目成员' }).getByLabel('Bob 的权限'), '禁止访问');
  await expect(page.getByText('权限已更新')).toBeVisible();
  const outside = (await (await request.get(`/api/project/document/${doc}`, { headers: { token: bob.token } })).json()) as { code: number };
  expect(outside.code).not.toBe(0);
  await other.context.close();
});

test('a project invitation link: the invited person signs in, sees the project and joins with the chosen role', async ({
  page,
  request,
  browser,
}) => {
  const alice = await newPerson(request, 'Alice');
  const carol = await newPerson(request, 'Carol');
  const { data: project } = (await (
    await request.put('/api/project', { data: { name: 'Billing API' }, headers: { token: alice.token } })
  ).json()) as { data: { id: string } };
  await withSession(page.context(), alice);
  await page.goto(`/dashboard/project/${project.id}/auth`);
  await expect(page.getByRole('tab', { name: '权限管理', selected: true })).toBeVisible();
  await expect(page).toHaveTitle('权限管理 - Billing API - 项目设置 - Apiloom');
  // A personal project has no user groups to bind.
  await expect(page.getByRole('region', { name: '用户组权限' })).toHaveCount(0);
  const invite = page.getByRole('region', { name: '邀请链接' });
  await choose(page, invite.getByLabel('加入后的权限'), '可编辑');
  await invite.getByRole('button', { name: '生成邀请链接' }).click();
  const link = await madeLink(page, 'project');
  await expect(invite).toContainText('链接有效期至');

  const other = await openAsSomeoneElse(browser, link);
  await other.page.goto(link);
  await signIn(other.page, carol.account);
  await expect(other.page.getByRole('heading', { name: '加入项目' })).toBeVisible();
  await expect(other.page.getByText('Alice 邀请您加入项目“Billing API”。')).toBeVisible();
  await expect(other.page.getByRole('row', { name: /加入后的角色\s*可编辑/ })).toBeVisible();
  await other.page.getByRole('button', { name: '加入项目' }).click();
  await expect(other.page).toHaveURL(new RegExp(`/project/${project.id}$`));
  await expect(other.page.getByRole('heading', { name: 'Billing API', level: 1 })).toBeVisible();
  await expect(other.page.getByRole('banner').getByRole('button', { name: '新建文档' })).toBeVisible();

  // Alice sees Carol among the members with the invitation's role, and can change it.
  await page.reload();
  const members = page.getByRole('region', { name: '项目成员' });
  await expect(members.getByLabel('Carol 的权限')).toBeVisible();
  await expect(members.getByRole('row', { name: /Carol/ })).toContainText('可编辑');
  await choose(page, members.getByLabel('Carol 的权限'), '只读');
  await expect(page.getByText('权限已更新')).toBeVisible();
  await other.page.reload();
  await expect(other.page.getByRole('heading', { name: 'Billing API', level: 1 })).toBeVisible();
  await expect(other.page.getByRole('banner').getByRole('button', { name: '新建文档' })).toHaveCount(0);
  await other.context.close();
});

test('an unknown or expired invitation says so, in either language, and asks for another link', async ({ page, request }) => {
  await withSession(page.context(), await newPerson(request));
  await page.goto(`/invite/team/${'A'.repeat(22)}`);
  await expect(page.getByRole('alert')).toContainText('邀请链接无效或已过期');
  await expect(page.getByRole('button', { name: '加入团队' })).toHaveCount(0);
  await page.goto('/invite/project/not-a-code');
  await expect(page.getByRole('alert')).toContainText('邀请链接无效或已过期');

  // Pasting a link of the other kind opens it; text that is no link says so at the field.
  await page.getByLabel('邀请链接或邀请码').fill('hello');
  await page.getByRole('button', { name: '查看邀请' }).click();
  await expect(page.getByText('邀请码格式不正确')).toBeVisible();
  await page.getByLabel('邀请链接或邀请码').fill(`http://example.com/invite/team/${'B'.repeat(22)}`);
  await page.getByRole('button', { name: '查看邀请' }).click();
  await expect(page).toHaveURL(new RegExp(`/invite/team/${'B'.repeat(22)}$`));
  await expect(page.getByRole('heading', { name: '加入团队' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('邀请链接无效或已过期');

  await page.getByLabel('语言').getByText('English').click();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Join a team' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('The invitation is invalid or has expired');
});

test('team settings: edit the team, rename and delete a group, name an administrator, hand the team over, leave, disband', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { olga, dave, team, as, data } = await platformTeam(request);
  await data(request.put('/api/team/group', { data: { teamId: team.id, name: 'Ops' }, ...as(olga.token) }));
  // The team has no project at all: its logo is the team's own upload.

  await withSession(page.context(), olga);
  await page.goto(`/dashboard/team/${team.id}/setting`);
  await expect(page).toHaveURL(/\/setting\/info$/);
  await expect(page).toHaveTitle('团队信息 - Platform - 团队设置 - Apiloom');
  await page.getByLabel('团队名称').fill('Platform team');
  await page.getByLabel('团队描述').fill('Everything backend');
  await expect(page.getByText('建议尺寸 120 × 120 像素')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '上传图片' }).click();
  await (await chooser).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('Logo 图片地址')).toHaveValue(new RegExp(`^/files/${team.id}/[\\w-]+$`));
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: 'Platform team' })).toBeVisible();
  const logo = await page.getByLabel('Logo 图片地址').inputValue();
  const shown = page.getByRole('navigation', { name: '主菜单' }).locator(`img[src$="${logo}"]`);
  await expect(shown).toBeVisible();
  // The image itself arrives (served from /files/), not a broken picture.
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // Groups are renamed and deleted; the owner names and dismisses an administrator.
  await page.getByRole('tab', { name: '成员管理' }).click();
  const groups = page.getByRole('region', { name: '用户组', exact: true });
  await groups.getByRole('row', { name: 'Ops' }).getByRole('button', { name: '重命名' }).click();
  await page.getByRole('dialog', { name: '重命名用户组' }).getByLabel('用户组名称').fill('Operations');
  await page.getByRole('dialog', { name: '重命名用户组' }).getByRole('button', { name: '保存' }).click();
  await expect(groups.getByRole('row', { name: 'Operations' })).toBeVisible();
  await groups.getByRole('row', { name: 'Operations' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '删除' }).click();
  await expect(groups.getByText('还没有用户组')).toBeVisible();
  const daveRow = page.getByRole('row', { name: /Dave/ });
  await daveRow.getByRole('button', { name: '设为管理员' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '设为管理员' }).click();
  await expect(daveRow).toContainText('管理员');
  await daveRow.getByRole('button', { name: '取消管理员' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '取消管理员' }).click();
  await expect(daveRow).toContainText('开发者');
  await expect(page.getByRole('row', { name: /Olga/ }).getByRole('button', { name: '移除' })).toHaveCount(0);

  // The owner hands the team to Dave and stays on as an administrator, who may leave.
  await page.getByRole('tab', { name: '转让团队' }).click();
  await choose(page, page.getByLabel('接收成员'), 'Dave (开发者)');
  await page.getByRole('button', { name: '转让团队' }).click();
  await page.getByRole('dialog', { name: '转让团队' }).getByRole('button', { name: '转让团队' }).click();
  await expect(page.getByText('团队已转让给 Dave')).toBeVisible();
  await expect(page.getByText('只有团队所有者可以转让团队。')).toBeVisible();
  await page.getByRole('tab', { name: '团队信息' }).click();
  await expect(page.getByRole('button', { name: '解散团队' })).toHaveCount(0);
  await page.getByRole('button', { name: '退出团队' }).click();
  await page.getByRole('dialog', { name: '退出团队' }).getByRole('button', { name: '退出团队' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: 'Platform team' })).toHaveCount(0);

  // Dave, the owner now, disbands it: only once the team name is typed in full.
  const { context, page: davePage } = await openAsSomeoneElse(browser, page.url());
  await withSession(context, dave);
  await davePage.goto(`/dashboard/team/${team.id}/setting/info`);
  await davePage.getByRole('button', { name: '解散团队' }).click();
  const disband = davePage.getByRole('dialog', { name: '解散团队' });
  await expect(disband.getByRole('button', { name: '解散团队' })).toBeDisabled();
  await expect(disband.getByLabel('请输入团队名称“Platform team”以确认：')).toBeFocused();
  await disband.getByLabel('请输入团队名称“Platform team”以确认：').fill('Platform');
  // Enter does not disband before the name is typed in full.
  await disband.getByLabel('请输入团队名称“Platform team”以确认：').press('Enter');
  await expect(disband).toBeVisible();
  await expect(disband.getByRole('button', { name: '解散团队' })).toBeDisabled();
  await disband.getByLabel('请输入团队名称“Platform team”以确认：').fill('Platform team');
  await expect(disband.getByRole('button', { name: '解散团队' })).toBeEnabled();
  await disband.getByLabel('请输入团队名称“Platform team”以确认：').press('Enter');
  await expect(davePage).toHaveURL(/\/dashboard$/);
  await expect(davePage.getByText('团队“Platform team”已解散')).toBeVisible();
  await expect(davePage.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: 'Platform team' })).toHaveCount(0);
  await context.close();
});

test('team console: the team arranges folders, lists every project it reaches, and keeps its own archive', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { olga, dave, team, as, data } = await platformTeam(request);
  await data(request.put('/api/project', { data: { name: 'Dave API', teamId: team.id }, ...as(dave.token) }));
  await data(request.put('/api/project', { data: { name: 'Olga notes' }, ...as(olga.token) }));

  // The owner operates a developer's project: files it in a team folder, archives it and finds it in the team's archive.
  // A personal project moves into the team from its card.
  await withSession(page.context(), olga);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: '更多操作：Olga notes' }).click();
  await page.getByRole('menuitem', { name: '移到团队' }).click();
  const moving = page.getByRole('dialog', { name: '移到团队' });
  await expect(moving).toContainText('除您以外的项目成员都会被移除');
  await choose(page, moving.getByLabel('目标团队'), 'Platform');
  await moving.getByRole('button', { name: '移动' }).click();
  await expect(page.getByText('项目已移到团队')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Olga notes' })).toBeHidden();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: 'Platform' }).click();
  await expect(page.getByRole('article', { name: 'Olga notes' })).toContainText('创建者');
  await expect(page.getByRole('article', { name: 'Dave API' })).toContainText('管理员');
  await page.getByRole('button', { name: '新建文件夹' }).click();
  await page.getByRole('dialog', { name: '新建文件夹' }).getByLabel('文件夹名称').fill('Payments');
  await page.getByRole('dialog', { name: '新建文件夹' }).getByRole('button', { name: '保存' }).click();
  const folder = page.getByRole('article', { name: '文件夹 Payments' });
  await page.getByRole('article', { name: 'Dave API' }).dragTo(folder);
  await expect(page.getByRole('article', { name: 'Dave API' })).toBeHidden();
  await folder.getByRole('button', { name: 'Payments', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('Platform/Payments');
  await expect(page.getByRole('article', { name: 'Dave API' })).toBeVisible();
  await page.getByRole('link', { name: '全部项目' }).click();
  await page.getByRole('article', { name: 'Dave API' }).getByRole('button', { name: '更多操作：Dave API' }).click();
  await page.getByRole('menuitem', { name: '归档', exact: true }).click();
  await page.getByRole('dialog', { name: '归档' }).getByRole('button', { name: '归档' }).click();
  await expect(page.getByRole('article', { name: 'Dave API' })).toBeHidden();
  await expect(page.getByRole('article', { name: 'Olga notes' })).toBeVisible();
  await page.getByRole('link', { name: '归档项目' }).click();
  await page.getByRole('article', { name: 'Dave API' }).getByRole('button', { name: '取消归档' }).click();
  await expect(page.getByRole('article', { name: 'Dave API' })).toBeHidden();

  // A developer reads the team's folders but does not arrange them.
  const { context, page: davePage } = await openAsSomeoneElse(browser, page.url());
  await withSession(context, dave);
  await davePage.goto(`/dashboard/team/${team.id}`);
  await expect(davePage.getByRole('article', { name: '文件夹 Payments' })).toBeVisible();
  await expect(davePage.getByRole('button', { name: '更多操作：Payments' })).toHaveCount(0);
  await expect(davePage.getByRole('button', { name: '新建文件夹' })).toHaveCount(0);
  await expect(davePage.getByRole('button', { name: '新建项目' })).toBeVisible();
  await davePage.getByRole('article', { name: '文件夹 Payments' }).getByRole('button', { name: 'Payments', exact: true }).click();
  await expect(davePage.getByRole('article', { name: 'Dave API' })).toContainText('创建者');
  await context.close();
});
