/**
 * What a new user meets (issue 27): dialogs that take typing at once, examples of the declared types, path
 * parameters taken from the path, counts that agree with the lists, flows that end where the user is going, and
 * reading on a phone. In Chinese and English where text is involved.
 */
import { expect, test, type Page } from '@playwright/test';
import { LIMITS } from '@shared/constants';
import { apiData, createDocument, createProject, expectSaved, newPerson, projectWithSession, withSession } from './support';

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));

const LANGS = [
  {
    lang: 'zh',
    newFolder: '新建文件夹',
    folderName: '文件夹名称',
    newDoc: '新建文档',
    docTitle: '文档标题',
    rename: '重命名',
    tree: '文档目录',
    reqBody: '请求体',
    example: '响应示例',
    path: '接口路径',
    reqPath: '路径参数',
    save: /保存/,
    edit: '编辑',
    stale: '路径中已没有这些参数：merchantId',
    removeStale: '删除这些参数',
    counts: (members: number, projects: number) => `${members} 名成员 · ${projects} 个项目`,
    noProjects: '还没有您可以访问的团队项目',
    accessHint: '团队的所有者或管理员可以在项目设置的“权限管理”中把您加入项目；您也可以新建项目。',
    newProject: '新建项目',
    projectName: '项目名称',
    create: '创建',
    recycle: '回收站',
    restore: '恢复',
    restoredToArchive: '已恢复到“归档项目”',
    restoredToProjects: '已恢复到“我的项目”',
  },
  {
    lang: 'en',
    newFolder: 'New folder',
    folderName: 'Folder name',
    newDoc: 'New document',
    docTitle: 'Document title',
    rename: 'Rename',
    tree: 'Documents',
    reqBody: 'Request body',
    example: 'Response example',
    path: 'Path',
    reqPath: 'Path parameters',
    save: /Save/,
    edit: 'Edit',
    stale: 'The path no longer has these parameters: merchantId',
    removeStale: 'Remove them',
    counts: (members: number, projects: number) => `Members: ${members} · Projects: ${projects}`,
    noProjects: 'No team projects you can open yet',
    accessHint: 'The team owner or an administrator can add you to a project in its settings (Authority); you can also create a project.',
    newProject: 'New project',
    projectName: 'Project name',
    create: 'Create',
    recycle: 'Recycle bin',
    restore: 'Restore',
    restoredToArchive: 'Restored to "Archived projects"',
    restoredToProjects: 'Restored to "My projects"',
  },
] as const;

for (const L of LANGS) {
  // With the dialogs' opening animation, as people see them: the focus trap takes the focus before it ends.
  test.describe(() => {
    test.use({ reducedMotion: 'no-preference' });
    test(`[${L.lang}] new folder, new document and rename take typing at once, without a click`, async ({ page, request }) => {
      if (L.lang === 'en') await english(page);
      const { projectId, token } = await projectWithSession(page, request, 'Typing');
      await createDocument(request, token, projectId, { type: 'doc', name: 'Note', content: { markdown: 'x' } });

      await page.goto('/dashboard');
      await page.getByRole('button', { name: L.newFolder }).click();
      const folder = page.getByRole('dialog', { name: L.newFolder });
      await expect(folder.getByLabel(L.folderName)).toBeFocused();
      await page.keyboard.type('Typed folder');
      await expect(folder.getByLabel(L.folderName)).toHaveValue('Typed folder');
      await page.keyboard.press('Escape');
      await expect(folder).toBeHidden();

      await page.goto(`/project/${projectId}`);
      await page.getByRole('banner').getByRole('button', { name: L.newDoc }).click();
      const create = page.getByRole('dialog', { name: L.newDoc });
      await expect(create.getByLabel(L.docTitle)).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Typed doc');
      await expect(create.getByLabel(L.docTitle)).toHaveValue('Typed doc');
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      const tree = page.getByRole('navigation', { name: L.tree });
      await tree.getByRole('treeitem', { name: 'Note' }).click({ button: 'right' });
      await page.getByRole('menuitem', { name: L.rename }).click();
      const rename = page.getByRole('dialog', { name: L.rename });
      await expect(rename.getByLabel(L.docTitle)).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type('Typed name');
      await page.keyboard.press('Enter');
      await expect(tree.getByRole('treeitem', { name: 'Typed name' })).toBeVisible();
    });
  });

  test(`[${L.lang}] examples follow the declared types in the view and the mock preview`, async ({ page, request }) => {
    if (L.lang === 'en') await english(page);
    const { projectId, token } = await projectWithSession(page, request, 'Examples');
    const phone = { id: 'p1', name: 'phone', type: 'string', required: true, value: '13800000000', description: '', children: [] };
    const count = { id: 'p2', name: 'count', type: 'integer', required: true, value: '3', description: '', children: [] };
    const doc = await createDocument(request, token, projectId, {
      type: 'api',
      name: 'Pay',
      content: { method: 'POST', path: '/pay', description: 'Pays', reqBody: [phone, count], respBody: [phone, count] },
    });
    const expected = '{\n  "phone": "13800000000",\n  "count": 3\n}';

    await page.goto(`/project/${projectId}/${doc}`);
    await expect(page.getByRole('region', { name: L.example }).locator('pre')).toHaveText(expected);

    await page.goto(`/project/${projectId}/${doc}?tab=mock`);
    await expect(page.getByLabel(L.reqBody, { exact: true })).toHaveValue(expected);
  });

  test(`[${L.lang}] path parameters come from the path as it is typed, keep their descriptions and are flagged when gone`, async ({
    page,
    request,
  }) => {
    if (L.lang === 'en') await english(page);
    const { projectId, token } = await projectWithSession(page, request, 'Paths');
    const doc = await createDocument(request, token, projectId, {
      type: 'api',
      name: 'Orders',
      content: { method: 'GET', path: '/pay', description: 'Lists orders' },
    });
    await page.goto(`/project/${projectId}/${doc}/edit`);
    const path = page.getByLabel(L.path, { exact: true });
    await path.click();
    await page.keyboard.press('End');
    await page.keyboard.type('/{merchantId}/orders/:orderId');
    await page.getByRole('tab', { name: L.reqPath }).click();
    const table = page.getByRole('table', { name: L.reqPath });
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.0`)).toHaveValue('merchantId');
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.1`)).toHaveValue('orderId');
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.2`)).toHaveCount(0);
    await table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '说明' : 'Description'} 0.1`).fill('the order');

    // A renamed segment keeps its parameter's description; a removed one is flagged, not dropped.
    await path.fill('/pay/{merchantId}/orders/{id}');
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.1`)).toHaveValue('id');
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '说明' : 'Description'} 0.1`)).toHaveValue('the order');
    await expect(page.getByText(L.stale)).toBeHidden();
    await path.fill('/pay/orders/{id}');
    await expect(page.getByText(L.stale)).toBeVisible();
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.0`)).toHaveValue('merchantId');
    await page.getByRole('button', { name: L.removeStale }).click();
    await expect(page.getByText(L.stale)).toBeHidden();
    await expect(table.getByLabel(`${L.reqPath} ${L.lang === 'zh' ? '参数名' : 'Name'} 0.0`)).toHaveValue('id');

    await page.getByRole('button', { name: L.save }).click();
    await expect(page.getByRole('article', { name: 'Orders' }).getByRole('button', { name: L.edit, exact: true })).toBeVisible();
    const saved = await apiData<{ content: { reqPath: { name: string; description: string }[] } }>(
      request,
      'get',
      `/api/project/document/${doc}`,
      token,
    );
    expect(saved.content.reqPath.map((p) => [p.name, p.description])).toEqual([['id', 'the order']]);
  });

  test(`[${L.lang}] team counts are what the viewer can see and follow the list; an empty list says how to get access`, async ({
    page,
    browser,
    request,
  }) => {
    if (L.lang === 'en') await english(page);
    const owner = await newPerson(request, 'Owner');
    const dev = await newPerson(request, 'Dev');
    const team = await apiData<{ id: string }>(request, 'put', '/api/team', owner.token, { name: 'Platform' });
    const invitation = await apiData<{ code: string }>(request, 'post', `/api/team/invitation/${team.id}`, owner.token);
    await apiData(request, 'post', `/api/team/join/${invitation.code}`, dev.token);
    await createProject(request, owner.token, { name: 'Owner only', teamId: team.id });

    // The developer reaches none of the team's projects: the count says 0, and the empty list says what to do.
    await withSession(page.context(), dev);
    await page.goto(`/dashboard/team/${team.id}?view=all`);
    await expect(page.getByText(L.counts(2, 0))).toBeVisible();
    await expect(page.getByText(L.noProjects)).toBeVisible();
    await expect(page.getByText(L.accessHint)).toBeVisible();

    // The owner sees the project; one made here opens, and the count has followed the list on the way back.
    const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'zh-CN', reducedMotion: 'reduce' });
    const ownerPage = await context.newPage();
    if (L.lang === 'en') await english(ownerPage);
    await withSession(context, owner);
    await ownerPage.goto(`/dashboard/team/${team.id}`);
    await expect(ownerPage.getByText(L.counts(2, 1))).toBeVisible();
    await ownerPage.getByRole('button', { name: L.newProject }).click();
    const dialog = ownerPage.getByRole('dialog', { name: L.newProject });
    await dialog.getByLabel(L.projectName).fill('Made here');
    await dialog.getByRole('button', { name: L.create }).click();
    await expect(ownerPage.getByRole('heading', { name: 'Made here', level: 1 })).toBeVisible();
    await expect(ownerPage).toHaveURL(/\/project\/[\w-]+$/);
    await ownerPage.goBack();
    await expect(ownerPage.getByRole('article', { name: 'Made here' })).toBeVisible();
    await expect(ownerPage.getByText(L.counts(2, 2))).toBeVisible();
    await context.close();
  });

  test(`[${L.lang}] a project restored from the bin goes back where it was, and the toast says where`, async ({ page, request }) => {
    if (L.lang === 'en') await english(page);
    const person = await newPerson(request);
    const archived = await createProject(request, person.token, { name: 'Was archived' });
    await apiData(request, 'post', `/api/project/archive/${archived}`, person.token);
    await apiData(request, 'delete', `/api/project/archive/${archived}`, person.token);
    const active = await createProject(request, person.token, { name: 'Was active' });
    await apiData(request, 'delete', `/api/project/${active}`, person.token);
    await withSession(page.context(), person);

    await page.goto('/dashboard?view=recycle');
    await page.getByRole('article', { name: 'Was archived' }).getByRole('button', { name: L.restore }).click();
    await expect(page.getByText(L.restoredToArchive)).toBeVisible();
    await page.getByRole('article', { name: 'Was active' }).getByRole('button', { name: L.restore }).click();
    await expect(page.getByText(L.restoredToProjects)).toBeVisible();
  });
}

test.describe('reading on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  const noOverflow = async (page: Page, where: string) => {
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `${where}: page wider than the screen`).toBeLessThanOrEqual(client);
  };

  for (const L of [
    { lang: 'zh', contents: '文档目录', tree: '文档目录' },
    { lang: 'en', contents: 'Documents', tree: 'Documents' },
  ] as const) {
    test(`[${L.lang}] a public project, one of its documents and a share read at full width with the tree in a drawer`, async ({
      page,
      request,
    }) => {
      if (L.lang === 'en') await english(page);
      const owner = await newPerson(request, 'Owner');
      const token = owner.token;
      const projectId = await createProject(request, token, { name: 'A rather long public project name for phones', visibility: 'public' });
      const param = (name: string) => ({
        id: name,
        name,
        type: 'string',
        required: true,
        value: 'x',
        description: 'A parameter with words',
        children: [],
      });
      const api = await createDocument(request, token, projectId, {
        type: 'api',
        name: 'Create a merchant payment',
        content: {
          method: 'POST',
          path: '/pay/{merchantId}/orders/with/a/rather/long/path/that/goes/on',
          description: 'Creates an order.',
          reqPath: [param('merchantId')],
          reqBody: [param('phone'), param('amount'), param('currency')],
          respBody: [param('orderId')],
        },
      });
      const doc = await createDocument(request, token, projectId, {
        type: 'doc',
        name: 'Guide',
        content: {
          markdown:
            '## Intro\n\n```\nconst averyveryveryverylongidentifierthatdoesnotwrap = somethingelseentirely(withArguments, andMore);\n```\n\n| a | b | c |\n|---|---|---|\n| one | two | three |',
        },
      });
      const share = await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', token, {
        projectId,
        name: 'Phone share',
        expireAt: new Date(Date.now() + 3_600_000).toISOString(),
      });

      await page.goto(`/project/${projectId}`);
      await expect(page.getByRole('heading', { name: 'A rather long public project name for phones', level: 1 })).toBeVisible();
      await noOverflow(page, 'project view');
      // The tree is behind a button; choosing a document closes the drawer and shows it at full width.
      await expect(page.getByRole('navigation', { name: L.tree })).toBeHidden();
      await page.getByRole('button', { name: L.contents }).click();
      await page.getByRole('navigation', { name: L.tree }).getByRole('treeitem', { name: 'Guide' }).click();
      await expect(page).toHaveURL(new RegExp(`${doc}$`));
      const article = page.getByRole('article', { name: 'Guide' });
      await expect(article.getByRole('heading', { name: 'Guide', level: 1 })).toBeVisible();
      await expect(page.getByRole('navigation', { name: L.tree })).toBeHidden();
      expect((await article.boundingBox())!.width).toBeGreaterThan(300);
      await noOverflow(page, 'markdown document');

      await page.goto(`/project/${projectId}/${api}`);
      await expect(page.getByRole('article', { name: 'Create a merchant payment' })).toBeVisible();
      await noOverflow(page, 'HTTP API document');

      await page.goto(`/project/${projectId}/share/${share.id}`);
      await expect(page.getByRole('article')).toBeVisible();
      await noOverflow(page, 'share view');
      await page.getByRole('button', { name: L.contents }).click();
      await expect(page.getByRole('navigation', { name: L.tree }).getByRole('treeitem', { name: 'Guide' })).toBeVisible();

      // As a member, whose header has the most in it.
      await withSession(page.context(), owner);
      await page.goto(`/project/${projectId}/${doc}`);
      await expect(page.getByRole('article', { name: 'Guide' })).toBeVisible();
      await noOverflow(page, 'a member reading a document');
    });
  }
});

test('markdown renders GitHub-flavoured: task boxes, quoted bars, highlighted code loaded only where code shows; still sanitised', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Markdown');
  const plain = await createDocument(request, token, projectId, { type: 'doc', name: 'Plain', content: { markdown: 'Just words.' } });
  const rich = await createDocument(request, token, projectId, {
    type: 'doc',
    name: 'Rich',
    content: {
      markdown:
        '- [x] done\n- [ ] todo\n\n> quoted words\n\n```js\nconst answer = 42;\n```\n\n~~gone~~ <img src=x onerror="window.__xss=1"> [bad](javascript:alert(2))',
    },
  });
  const share = await apiData<{ id: string }>(request, 'put', '/api/project/document/share-item', token, {
    projectId,
    name: 'Read',
    expireAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  // A page without code never loads the highlighter.
  await page.goto(`/project/${projectId}/${plain}`);
  await expect(page.getByRole('article', { name: 'Plain' })).toContainText('Just words.');
  expect(scripts.filter((s) => /highlight/i.test(s))).toEqual([]);

  const checks = async (where: string, root: ReturnType<Page['locator']>) => {
    await expect(root.getByRole('checkbox', { checked: true }), where).toHaveCount(1);
    await expect(root.getByRole('checkbox', { checked: false }), where).toHaveCount(1);
    await expect(root.locator('blockquote'), where).toHaveCSS('border-left-width', '4px');
    await expect(root.locator('pre code .hljs-keyword', { hasText: 'const' }), where).toBeVisible();
    await expect(root.locator('del', { hasText: 'gone' }), where).toBeVisible();
    expect(await root.locator('img').first().getAttribute('onerror'), where).toBeNull();
    expect(await root.locator('a', { hasText: 'bad' }).getAttribute('href'), where).toBeNull();
  };
  await page.goto(`/project/${projectId}/${rich}`);
  await checks('view', page.getByRole('article', { name: 'Rich' }).locator('.markdown'));
  expect(scripts.filter((s) => /highlight/i.test(s)).length).toBeGreaterThan(0);

  await page.goto(`/project/${projectId}/${rich}/edit`);
  await checks('editor preview', page.getByRole('region', { name: '预览' }));

  await page.goto(`/project/${projectId}/share/${share.id}?doc=${rich}`);
  await checks('share view', page.getByRole('article', { name: 'Rich' }).locator('.markdown'));
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

for (const L of [
  {
    lang: 'zh',
    edit: '编辑',
    account: '邮箱或手机号',
    password: '密码',
    sendCode: '发送验证码',
    codeSent: '验证码已发送',
    toLogin: '已有账号？去登录',
    rule: `密码长度 ${LIMITS.passwordMin}-${LIMITS.passwordMax} 个字符，需同时包含字母和数字`,
  },
  {
    lang: 'en',
    edit: 'Edit',
    account: 'Email or phone',
    password: 'Password',
    sendCode: 'Send code',
    codeSent: 'Verification code sent',
    toLogin: 'Have an account? Sign in',
    rule: `Password must be ${LIMITS.passwordMin}-${LIMITS.passwordMax} characters with letters and digits`,
  },
] as const) {
  test(`[${L.lang}] one preview/edit switch, a titled pure view, the password rule once, the code toast stays on its page`, async ({
    page,
    request,
  }) => {
    if (L.lang === 'en') await english(page);
    const { projectId, token } = await projectWithSession(page, request, 'Chrome');
    const doc = await createDocument(request, token, projectId, { type: 'doc', name: 'Notes', content: { markdown: 'words' } });
    await page.goto(`/project/${projectId}/${doc}`);
    await expect(page.getByRole('article', { name: 'Notes' }).getByRole('button', { name: L.edit, exact: true })).toBeVisible();
    await expect(page.getByText(L.edit, { exact: true })).toHaveCount(1);

    await page.goto(`/project/${projectId}/${doc}/pure`);
    const title = page.getByRole('heading', { name: 'Notes', level: 1 });
    await expect(title).toBeVisible();
    expect((await title.boundingBox())!.height).toBeGreaterThan(16);

    await page.context().clearCookies();
    await page.goto('/register');
    // The logo keeps its distance from the corner.
    const logo = page.getByRole('banner').getByRole('link', { name: 'Apiloom' });
    expect((await logo.boundingBox())!.x).toBeGreaterThanOrEqual(16);
    await page.getByLabel(L.password, { exact: true }).fill('abc');
    await page.getByLabel(L.password, { exact: true }).blur();
    await expect(page.locator('.ant-form-item-explain-error', { hasText: L.rule })).toBeVisible();
    await expect(page.getByText(L.rule)).toHaveCount(1);

    await page.getByLabel(L.account).fill(`phone-toast-${Date.now()}@example.com`);
    await page.getByRole('button', { name: L.sendCode }).click();
    await expect(page.getByText(L.codeSent)).toBeVisible();
    await page.getByRole('link', { name: L.toLogin }).click();
    await expect(page).toHaveURL(/\/login$/);
    // Gone with the page it belonged to, well before its own three seconds are up.
    await expect(page.getByText(L.codeSent)).toBeHidden({ timeout: 1_000 });
  });
}

for (const L of [
  { lang: 'zh', save: /保存/, edit: '编辑', copy: '复制我的内容', load: '加载最新版本', stale: '内容已被 E2E 修改' },
  {
    lang: 'en',
    save: /Save/,
    edit: 'Edit',
    copy: 'Copy my text',
    load: 'Load the latest version',
    stale: 'E2E saved this in the meantime',
  },
] as const) {
  test(`[${L.lang}] an edit conflict keeps the second tab's text: copy it before loading the latest`, async ({
    page,
    browser,
    request,
  }) => {
    if (L.lang === 'en') await english(page);
    const { projectId, token, person } = await projectWithSession(page, request, 'Conflict');
    const doc = await createDocument(request, token, projectId, { type: 'doc', name: 'Shared', content: { markdown: 'start' } });
    const origin = test.info().project.use.baseURL!;
    const other = await browser.newContext({ baseURL: origin, locale: 'zh-CN', reducedMotion: 'reduce' });
    await other.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    const second = await other.newPage();
    if (L.lang === 'en') await english(second);
    await withSession(other, person);

    await page.goto(`/project/${projectId}/${doc}/edit`);
    await second.goto(`/project/${projectId}/${doc}/edit`);
    // Both editors hold the first revision before either saves.
    await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue('start');
    await expect(second.getByRole('textbox', { name: 'Markdown' })).toHaveValue('start');
    await page.getByRole('textbox', { name: 'Markdown' }).fill('first tab words');
    await page.getByRole('button', { name: L.save }).click();
    // The saved view with its Edit button, not the preview (which shows the new text before the save is sent).
    await expectSaved(page, 'Shared', L.edit);
    await expect(page.getByRole('article', { name: 'Shared' }).locator('.markdown')).toContainText('first tab words');

    await second.getByRole('textbox', { name: 'Markdown' }).fill('second tab words');
    await second.getByRole('button', { name: L.save }).click();
    await expect(second.getByText(L.stale)).toBeVisible();
    await second.getByRole('button', { name: L.copy }).click();
    expect(await second.evaluate(() => navigator.clipboard.readText())).toBe('second tab words');
    await expect(second.getByRole('textbox', { name: 'Markdown' })).toHaveValue('second tab words');
    await second.getByRole('button', { name: L.load }).click();
    await expect(second.getByRole('textbox', { name: 'Markdown' })).toHaveValue('first tab words');
    await other.close();
  });
}
