/**
 * Issue 12 through the UI: share links made on the share management screen and read in a fresh browser (the
 * password, the scope and nothing past it), and releases published, switched to and away from.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, choose, createDocument, createProject, expectSaved, newPerson, projectWithSession, watchConsole } from './support';

const tree = (page: Page) => page.getByRole('navigation', { name: '文档目录' });

/** Checks a document in the share dialog's document picker. */
async function pick(page: Page, title: string) {
  await page.locator(`.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="${title}"]`).click();
}

test('a password share of two documents: made on the share screen, read in a fresh browser, and nothing past it', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const { projectId, token } = await projectWithSession(page, request, 'Shared API');
  const alpha = await createDocument(request, token, projectId, { name: 'Alpha', content: { markdown: 'alpha words' } });
  const beta = await createDocument(request, token, projectId, { name: 'Beta', content: { markdown: 'beta words' } });
  const gamma = await createDocument(request, token, projectId, { name: 'Gamma', content: { markdown: 'gamma secret' } });
  await page.goto(`/project/${projectId}`);

  // From the workspace's top bar to share management, inside the workspace.
  await page.getByRole('banner').getByRole('link', { name: '分享管理' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/share$`));
  await expect(page.getByRole('heading', { name: '分享管理', level: 1 })).toBeVisible();
  await expect(page.getByText('还没有分享链接')).toBeVisible();

  await page.getByRole('button', { name: '新建分享' }).click();
  const dialog = page.getByRole('dialog', { name: '新建分享' });
  await expect(dialog.getByLabel('分享名称')).toBeFocused();
  await dialog.getByLabel('分享名称').fill('For QA');
  await dialog.getByLabel('分享范围').click();
  await pick(page, 'Alpha');
  await pick(page, 'Beta');
  await dialog.getByLabel('分享名称').click();
  await dialog.getByLabel('访问密码').fill('open sesame');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();

  const shares = page.getByRole('table', { name: '分享管理' });
  const row = shares.getByRole('row').filter({ hasText: 'For QA' });
  await expect(row).toContainText('2 项');
  await expect(row).toContainText('有密码');
  await expect(row).toContainText('实时版本');
  const link = await row.getByRole('link', { name: '打开分享：For QA' }).getAttribute('href');
  expect(link).toMatch(new RegExp(`/project/${projectId}/share/${projectId}_[\\w-]{22}$`));
  const shareId = link!.split('/').at(-1)!;

  // A reader with the link only: no session, a fresh browser.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await context.newPage();
  const problems = watchConsole(reader);
  const asked: string[] = [];
  reader.on('request', (r) => {
    if (r.url().includes('/api/')) asked.push(new URL(r.url()).pathname);
  });
  await reader.goto(link!);
  await expect(reader.getByRole('heading', { name: '请输入访问密码' })).toBeVisible();
  await reader.getByLabel('访问密码', { exact: true }).fill('not it');
  await reader.getByRole('button', { name: '查看文档' }).click();
  await expect(reader.getByText('访问密码不正确，请重新输入')).toBeVisible();
  await reader.getByLabel('访问密码', { exact: true }).fill('open sesame');
  await reader.getByRole('button', { name: '查看文档' }).click();

  // The link opens on the share's first document, not on an overview asking to pick one.
  await expect(tree(reader).getByRole('treeitem')).toHaveText(['Beta', 'Alpha']);
  await expect(reader.getByRole('article', { name: 'Beta' })).toContainText('beta words');
  await expect(reader).toHaveURL(new RegExp(`/share/${shareId}\\?doc=${beta}$`));
  await expect(reader.getByText('For QA')).toBeVisible();
  await expect(tree(reader).getByRole('treeitem', { name: 'Gamma' })).toHaveCount(0);
  await tree(reader).getByRole('treeitem', { name: 'Alpha' }).click();
  await expect(reader.getByRole('article', { name: 'Alpha' })).toContainText('alpha words');
  await expect(reader).toHaveURL(new RegExp(`/share/${shareId}\\?doc=${alpha}$`));
  // Read only, and no way out of the share: no edit, history, settings, or links to the project.
  for (const name of ['编辑', '历史记录', '新建文档', '项目设置']) await expect(reader.getByRole('button', { name })).toHaveCount(0);
  expect(await reader.locator(`a[href^="/project/${projectId}"]:not([href*="/share/"])`).count()).toBe(0);

  // The third document: not in the tree, refused by address, and refused by the API with this reader's token.
  await reader.goto(`${link}?doc=${gamma}`);
  await expect(reader.getByRole('heading', { name: '这篇文档不在此分享中' })).toBeVisible();
  await expect(reader.getByText('gamma secret')).toHaveCount(0);
  // The page asked for nothing of the project beyond the share: not the project, its whole tree, or the third.
  expect(asked.filter((path) => path === `/api/project/${projectId}` || path.includes('/children/all/') || path.endsWith(gamma))).toEqual(
    [],
  );
  const shareToken = await reader.evaluate((key) => sessionStorage.getItem(key), `apiloom.share.${shareId}`);
  expect(shareToken).toBeTruthy();
  // Asked from the reader's browser, which holds no session (the test's own request context signed up the owner).
  const read = async (id: string) =>
    (
      (await (await context.request.get(`/api/project/document/${id}`, { headers: { 'share-token': shareToken! } })).json()) as {
        code: number;
      }
    ).code;
  expect(await read(beta)).toBe(0);
  expect(await read(gamma)).not.toBe(0);
  const whole = (await (
    await context.request.get(`/api/project/document/children/all/${projectId}`, { headers: { 'share-token': shareToken! } })
  ).json()) as { code: number };
  expect(whole.code).not.toBe(0);

  // The tab keeps its token: a reload reads on without the password.
  await reader.goto(`${link}?doc=${beta}`);
  await expect(reader.getByRole('article', { name: 'Beta' })).toContainText('beta words');

  // Deleted on the settings tab, the link stops working for the reader on the next read.
  await page.goto(`/dashboard/project/${projectId}/share`);
  await page.getByRole('button', { name: '删除分享：For QA' }).click();
  await page.getByRole('dialog', { name: '删除分享' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByText('还没有分享链接')).toBeVisible();
  await reader.reload();
  await expect(reader.getByRole('heading', { name: '分享不存在或已被删除' })).toBeVisible();
  // Refusals are answers, not console errors; navigations may abort the previous page's reads.
  expect(problems.filter((p) => !p.startsWith('failed:'))).toEqual([]);
  await context.close();
});

test('a release is published through its dialog, read after the live document changes, and left for live', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { projectId, token } = await projectWithSession(page, request, 'Released');
  const doc = await createDocument(request, token, projectId, { name: 'Notes', content: { markdown: 'first words' } });
  const problems = watchConsole(page);
  await page.goto(`/project/${projectId}/${doc}`);
  await expect(page.getByRole('article', { name: 'Notes' })).toContainText('first words');

  await page.getByRole('banner').getByRole('button', { name: '版本列表' }).click();
  const drawer = page.getByRole('dialog', { name: '版本列表' });
  await expect(drawer.getByText('还没有发布过版本')).toBeVisible();
  await drawer.getByRole('button', { name: '发布版本' }).click();
  const publish = page.getByRole('dialog', { name: '发布版本' });
  await expect(publish.getByLabel('版本号')).toHaveValue('1.0.0');
  await publish.getByLabel('发布说明').fill('First cut');
  await publish.getByRole('button', { name: '发布' }).click();
  await expect(publish).toBeHidden();
  await expect(drawer.getByText('1.0.0', { exact: true })).toBeVisible();
  await expect(drawer.getByText('First cut')).toBeVisible();
  await expect(drawer).toContainText('E2E 发布于');
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .click();

  // The live document changes.
  await page.getByRole('article', { name: 'Notes' }).getByRole('button', { name: '编辑' }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill('second words');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Notes');
  await expect(page.getByRole('article', { name: 'Notes' })).toContainText('second words');

  // The release still reads as it was published, read only.
  const switcher = page.getByRole('banner').getByLabel('查看版本');
  await choose(page, switcher, '1.0.0');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}\\?version=1\\.0\\.0$`));
  await expect(page.getByText('正在查看版本 1.0.0（只读）')).toBeVisible();
  await expect(page.getByRole('article', { name: 'Notes' })).toContainText('first words');
  await expect(page.getByRole('article', { name: 'Notes' })).not.toContainText('second words');
  for (const name of ['编辑', '历史记录', '新建文档']) await expect(page.getByRole('button', { name })).toHaveCount(0);

  // Back to live: the new text, and editing again.
  await choose(page, switcher, '实时版本');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}$`));
  await expect(page.getByRole('article', { name: 'Notes' })).toContainText('second words');
  await expect(page.getByRole('article', { name: 'Notes' }).getByRole('button', { name: '编辑' })).toBeVisible();

  // The creator deletes the release from the version list.
  await page.getByRole('banner').getByRole('button', { name: '版本列表' }).click();
  await drawer.getByRole('button', { name: '删除版本 1.0.0' }).click();
  await page.getByRole('dialog', { name: '删除版本' }).getByRole('button', { name: '删除' }).click();
  await expect(drawer.getByText('还没有发布过版本')).toBeVisible();
  expect(problems.filter((p) => !p.startsWith('failed:'))).toEqual([]);
});

test('an expired link and too many password guesses say so plainly', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token } = await newPerson(request, 'Owner');
  const project = await createProject(request, token, { name: 'Guarded' });
  const share = async (body: Record<string, unknown>) =>
    (
      await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', token, {
        projectId: project,
        name: 'Link',
        ...body,
      })
    ).id;

  // The expiry is held to the second when the link is read. The API takes only a future one: this link gets a few
  // seconds, room enough to be accepted on a busy machine, and has expired by the time the guesses are made.
  const soon = await share({ expireAt: new Date(Date.now() + 5_000).toISOString() });
  const guarded = await share({ expireAt: new Date(Date.now() + 3_600_000).toISOString(), password: 'right one' });
  // Ten wrong guesses use up the share's limit (counted per share, whoever guesses).
  for (let i = 0; i < 10; i++)
    await request.post(`/api/project/document/share-code/assertion/${guarded}`, { form: { password: `guess ${i}` } });

  const expired = page.getByRole('heading', { name: '分享链接已过期' });
  await expect(async () => {
    await page.goto(`/project/${project}/share/${soon}`);
    await expect(expired).toBeVisible({ timeout: 2_000 });
  }).toPass({ intervals: [500], timeout: 30_000 });
  await expect(page.getByText('请联系分享者获取新的链接。')).toBeVisible();

  // Past the limit even the right password is refused for a while, and the page says to try later.
  await page.goto(`/project/${project}/share/${guarded}`);
  await page.getByLabel('访问密码', { exact: true }).fill('right one');
  await page.getByRole('button', { name: '查看文档' }).click();
  await expect(page.getByRole('alert')).toContainText(/尝试次数过多，请 \d+ 分钟后再试/);
  await expect(page.getByRole('button', { name: '查看文档' })).toBeDisabled();

  // The same page in English.
  await page.getByText('English').click();
  await expect(page.getByRole('alert')).toContainText(/Too many attempts\. Try again in \d+ min\./);
});

test('a visitor of a public project switches to a release and back: the live read is never answered from the cached release', async ({
  browser,
  request,
  baseURL,
}) => {
  const { token } = await newPerson(request, 'Owner');
  const project = await createProject(request, token, { name: 'Open API', visibility: 'public' });
  const doc = await createDocument(request, token, project, { name: 'Intro', content: { markdown: 'first words' } });
  const frozen = (await (
    await request.post('/api/project-release/publish', { data: { projectId: project, version: '1.0.0' }, headers: { token } })
  ).json()) as { code: number };
  expect(frozen.code).toBe(0);
  const current = ((await (await request.get(`/api/project/document/${doc}`, { headers: { token } })).json()) as { data: { rev: number } })
    .data;
  await request.post('/api/project/document', {
    data: { id: doc, rev: current.rev, content: { markdown: 'second words' } },
    headers: { token },
  });

  // A visitor, signed out: the release is cached by the browser (public, an hour).
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`/project/${project}/${doc}?version=1.0.0`);
  await expect(page.getByRole('article', { name: 'Intro' })).toContainText('first words');
  // No share or edit for a visitor, and the version list without publish or delete.
  await expect(page.getByRole('banner').getByRole('link', { name: '分享管理' })).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: '版本列表' }).click();
  const drawer = page.getByRole('dialog', { name: '版本列表' });
  await expect(drawer.getByText('1.0.0', { exact: true })).toBeVisible();
  await expect(drawer.getByRole('button', { name: '发布版本' })).toHaveCount(0);
  await expect(drawer.getByRole('button', { name: '删除版本 1.0.0' })).toHaveCount(0);
  // Closed by its button: an Escape pressed before the drawer has taken focus goes nowhere.
  await drawer
    .getByRole('button', { name: 'Close' })
    .or(drawer.getByRole('button', { name: '关闭' }))
    .click();
  await expect(drawer).toBeHidden();

  await choose(page, page.getByRole('banner').getByLabel('查看版本'), '实时版本');
  await expect(page.getByRole('article', { name: 'Intro' })).toContainText('second words');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Intro' })).toContainText('second words');
  await context.close();
});
