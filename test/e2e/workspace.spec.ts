/** The workspace of issue 10, through the UI: every kind created, errors shown, the editor's guards, routes, history, tree. */
import { expect, test, type Page } from '@playwright/test';
import { choose, chooseInTree, createDocument, expectSaved, projectSignedIn, projectWithSession } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const tree = (page: Page) => page.getByRole('navigation', { name: '文档目录' });

/** Opens the new-document dialog (the top bar's button, or a folder's menu) and checks it starts in its first field. */
async function openNewDocument(page: Page, inside?: string) {
  if (inside) {
    await tree(page).getByRole('treeitem', { name: inside }).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '在此新建文档' }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: '新建文档' }).click();
  }
  const dialog = page.getByRole('dialog', { name: '新建文档' });
  await expect(dialog.getByLabel('文档标题')).toBeFocused();
  return dialog;
}

test('every kind is created through the new-document dialog and the tree menu, with its own fields; Enter submits (defects 1 and 4)', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { projectId } = await projectSignedIn(page, request, 'All kinds');

  // A folder, typed and submitted with Enter from the first field.
  let dialog = await openNewDocument(page);
  await choose(page, dialog.getByLabel('文档类型'), '文件夹');
  await dialog.getByLabel('文档标题').fill('Guides');
  await dialog.getByLabel('文档标题').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(tree(page).getByRole('treeitem', { name: 'Guides' })).toBeVisible();

  // Markdown inside the folder, from the folder's menu.
  dialog = await openNewDocument(page, 'Guides');
  await expect(dialog.getByLabel('所在目录')).toBeVisible();
  await expect(dialog.getByText('Guides', { exact: true })).toBeVisible();
  await dialog.getByLabel('文档标题').fill('Readme');
  await dialog.getByLabel('文档标题').press('Enter');
  await expect(page).toHaveURL(/\/edit$/);
  await page.getByRole('textbox', { name: 'Markdown' }).fill('# Read me');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Readme');
  await expect(page.getByRole('article', { name: 'Readme' }).getByRole('heading', { name: 'Read me' })).toBeVisible();
  await expect(tree(page).getByRole('treeitem', { name: 'Readme' })).toHaveAttribute('aria-level', '2');

  // An embedded page: address, width and height; the server's refusal of a bad address never happens silently.
  dialog = await openNewDocument(page);
  await dialog.getByLabel('文档标题').fill('Status');
  await choose(page, dialog.getByLabel('文档类型'), '内嵌网页');
  await dialog.getByLabel('地址（http 或 https）').fill('ftp://nope');
  await dialog.getByLabel('宽度').fill('640');
  await dialog.getByLabel('高度').fill('480');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByText('请输入以 http 或 https 开头的地址')).toBeVisible();
  // Never one of the app's own pages (the dialog says so before the API would).
  await dialog.getByLabel('地址（http 或 https）').fill(`${new URL(page.url()).origin}/__dev/outbox`);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByText('不能嵌入本站自己的页面')).toBeVisible();
  // A page of another origin on loopback (tests never reach out to other hosts).
  const embedded = `${new URL(page.url()).origin.replace('127.0.0.1', 'localhost')}/help`;
  await dialog.getByLabel('地址（http 或 https）').fill(embedded);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
  const frame = page.locator('iframe.embed');
  await expect(frame).toHaveAttribute('src', embedded);
  await expect(frame).toHaveAttribute('width', '640');
  await expect(frame).toHaveAttribute('height', '480');

  // An external link.
  dialog = await openNewDocument(page);
  await dialog.getByLabel('文档标题').fill('Spec');
  await choose(page, dialog.getByLabel('文档类型'), '外部链接');
  await dialog.getByLabel('地址（http 或 https）').fill('https://example.com/spec');
  await dialog.getByLabel('地址（http 或 https）').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name: 'Spec' }).getByRole('link', { name: 'https://example.com/spec' })).toBeVisible();

  // A soft link whose target is picked from the tree.
  dialog = await openNewDocument(page);
  await dialog.getByLabel('文档标题').fill('Shortcut');
  await choose(page, dialog.getByLabel('文档类型'), '软链接');
  await chooseInTree(page, dialog.getByLabel('链接到的文档'), 'Readme');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: '打开链接的文档' }).click();
  await expect(page.getByRole('article', { name: 'Readme' }).getByRole('heading', { name: 'Read me' })).toBeVisible();

  // An HTTP API with its method and path, rich text and an error-code table: each opens in its editor.
  dialog = await openNewDocument(page);
  await dialog.getByLabel('文档标题').fill('Get order');
  await choose(page, dialog.getByLabel('文档类型'), 'HTTP 接口');
  await dialog.getByLabel('接口路径').fill('/orders/{id}');
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(page.getByLabel('接口路径')).toHaveValue('/orders/{id}');
  for (const [name, kind] of [
    ['Notes', '富文本文档'],
    ['Codes', '错误码'],
  ] as const) {
    dialog = await openNewDocument(page);
    await dialog.getByLabel('文档标题').fill(name);
    await choose(page, dialog.getByLabel('文档类型'), kind);
    await dialog.getByRole('button', { name: '创建' }).click();
    // The address already ends in /edit from the previous document: wait for this one's editor.
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(tree(page).getByRole('treeitem', { name })).toHaveAttribute('aria-selected', 'true');
  }

  // Every kind is in the tree, each with its own icon.
  await page.goto(`/project/${projectId}`);
  const items = tree(page).getByRole('treeitem');
  await tree(page).getByRole('treeitem', { name: 'Guides' }).click();
  await expect(items).toHaveCount(8);
  for (const icon of ['folder', 'file-markdown', 'global', 'link', 'node-index', 'api', 'file-text', 'code']) {
    await expect(tree(page).locator(`.anticon-${icon}`)).toHaveCount(1);
  }
});

test('server refusals on dialogs show at the field or as a toast (defect 2)', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Refusals');
  const target = await createDocument(request, token, projectId, { name: 'Target', content: { markdown: 'x' } });
  const doomed = await createDocument(request, token, projectId, { name: 'Doomed', content: { markdown: 'x' } });
  await page.goto(`/project/${projectId}`);

  // A soft link to a document someone else deleted meanwhile: the server's message, under the target field.
  const dialog = await openNewDocument(page);
  await dialog.getByLabel('文档标题').fill('Dangling');
  await choose(page, dialog.getByLabel('文档类型'), '软链接');
  await chooseInTree(page, dialog.getByLabel('链接到的文档'), 'Target');
  await request.delete(`/api/project/document/${target}`, { headers: { token } });
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog.getByText('内容不存在或已被删除')).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();

  // Renaming a document deleted meanwhile (so in the bin): the dialog stays open and says why.
  await request.delete(`/api/project/document/${doomed}`, { headers: { token } });
  await tree(page).getByRole('treeitem', { name: 'Doomed' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '重命名' }).click();
  const rename = page.getByRole('dialog', { name: '重命名' });
  await expect(rename.getByLabel('文档标题')).toBeFocused();
  await rename.getByLabel('文档标题').fill('Saved');
  await rename.getByLabel('文档标题').press('Enter');
  await expect(rename.getByText('该文档已在项目的回收站中')).toBeVisible();
  await expect(rename).toBeVisible();
});

test('markdown uploads land on their own line at the end, or at the cursor (defect 3)', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Uploads');
  const doc = await createDocument(request, token, projectId, { name: 'Shots', content: { markdown: '# Heading\nText' } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  const source = page.getByRole('textbox', { name: 'Markdown' });
  await expect(source).toHaveValue('# Heading\nText');

  // Never focused: the image goes to the end, on its own line, not glued to the heading.
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '图片' }).click();
  await (await chooser).setFiles({ name: 'one.png', mimeType: 'image/png', buffer: PNG });
  await expect(source).toHaveValue(/^# Heading\nText\n!\[one\.png\]\(\/files\/[^)]+\)$/);

  // With the cursor in the middle of the heading: the attachment goes there, on a line of its own.
  await source.click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '附件' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') });
  await expect(source).toHaveValue(/^# Hea\n\[notes\.txt\]\(\/files\/[^)]+\)\nding\nText\n!\[one\.png\]/);
});

test('the error-code editor has column headers and placeholders (defect 7)', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Codes');
  const doc = await createDocument(request, token, projectId, { type: 'errorcode', name: 'Errors', content: { rows: [] } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  await page.getByRole('button', { name: '添加错误码' }).click();
  const table = page.getByRole('table', { name: '错误码' });
  await expect(table.getByRole('columnheader')).toContainText(['错误码', '错误信息', '说明']);
  await expect(table.getByLabel('错误码 1', { exact: true })).toHaveAttribute('placeholder', '如 40001');
  await expect(table.getByLabel('错误信息 1')).toHaveAttribute('placeholder', '如 令牌无效');
  await expect(table.getByLabel('说明 1')).toHaveAttribute('placeholder', '原因和处理办法');
  await table.getByLabel('错误码 1', { exact: true }).fill('40001');
  await table.getByLabel('错误信息 1').fill('Bad token');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Errors');
  await expect(page.getByRole('table', { name: '错误码' }).getByRole('cell', { name: 'Bad token' })).toBeVisible();
});

test('leaving unsaved changes asks first: a tree click, cancel and reload', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Guarded');
  const doc = await createDocument(request, token, projectId, { name: 'Draft', content: { markdown: 'first' } });
  await createDocument(request, token, projectId, { name: 'Other', content: { markdown: 'other' } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  const source = page.getByRole('textbox', { name: 'Markdown' });
  await source.fill('changed');

  const ask = page.getByRole('dialog', { name: '有未保存的修改' });
  await tree(page).getByRole('treeitem', { name: 'Other' }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '继续编辑' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expect(source).toHaveValue('changed');

  const unload = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const prompt = await unload;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  await expect(source).toHaveValue('changed');

  await page.getByRole('button', { name: '取消' }).click();
  await ask.getByRole('button', { name: '离开' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}$`));
  await expect(page.getByRole('article', { name: 'Draft' })).toContainText('first');
});

test('spec routes: /doc/{id}, /doc/{id}/edit, /project/{id}/edit, pure and puredoc; another mode word is a 404; tabs name the page', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectSignedIn(page, request, 'Routes');
  const doc = await createDocument(request, token, projectId, { name: 'Manual', content: { markdown: '# Chapter one' } });
  await expect(page).toHaveTitle('Routes - Apiloom');

  await page.goto(`/doc/${doc}`);
  await expect(page.getByRole('article', { name: 'Manual' }).getByRole('heading', { name: 'Chapter one' })).toBeVisible();
  await expect(page).toHaveTitle('Manual - Routes - Apiloom');
  await page.goto(`/doc/${doc}/edit`);
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue('# Chapter one');

  await page.goto(`/project/${projectId}/edit`);
  await tree(page).getByRole('treeitem', { name: 'Manual' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}/edit$`));
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toBeVisible();

  await page.goto(`/project/${projectId}/${doc}/pure`);
  await expect(page.getByRole('heading', { name: 'Chapter one' })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);

  await page.goto(`/project/${projectId}/${doc}/puredoc`);
  await expect(page.getByRole('heading', { name: 'Manual', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '打印' })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);

  await page.goto(`/project/${projectId}/${doc}/bogus`);
  await expect(page.getByRole('heading', { name: '页面走丢啦' })).toBeVisible();
});

test('history in a drawer: the default note in the reader language, compare with highlights, restore after confirming, the entry as a page', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'History');
  const doc = await createDocument(request, token, projectId, { name: 'Changelog', content: { markdown: 'alpha\nbeta' } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  await page.getByRole('textbox', { name: 'Markdown' }).fill('alpha\ngamma');
  await page.getByLabel('修改说明').fill('beta becomes gamma');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Changelog');
  await expect(page.getByRole('article', { name: 'Changelog' })).toContainText('gamma');

  await page.getByRole('button', { name: '历史记录' }).click();
  const drawer = page.getByRole('dialog', { name: '历史记录' });
  const first = drawer.getByRole('listitem').filter({ hasText: '新增文档' });
  await expect(first).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
  await first.getByRole('button', { name: '与当前版本对比' }).click();
  const changes = drawer.getByRole('region', { name: '修改内容' });
  await expect(changes.locator('del')).toContainText('beta');
  await expect(changes.locator('ins')).toContainText('gamma');
  await expect(changes).toContainText('新增 1 行');

  await drawer.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '取消' }).click();
  await expect(page.getByRole('article', { name: 'Changelog' })).toContainText('gamma');
  await drawer.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '恢复此版本' }).click();
  await expect(page.getByRole('article', { name: 'Changelog' }).locator('.markdown')).toContainText('beta');
  // The restore is a save of its own: the version it replaced joins the top of the list.
  await expect(drawer.getByRole('link', { name: '在单独页面打开版本 2' })).toBeVisible();

  await drawer.getByRole('link', { name: '在单独页面打开版本 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}/history/${doc}_r1$`));
  await expect(page.getByRole('heading', { name: 'Changelog · 版本 1' })).toBeVisible();
  await expect(page.getByRole('region', { name: '版本 1' })).toContainText('beta');
});

test('the tree: folders toggle on click, search filters names as you type and finds words inside documents, keyboard opens documents and the menu, copy link', async ({
  page,
  request,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { projectId, token } = await projectWithSession(page, request, 'Tree');
  const folder = await createDocument(request, token, projectId, { type: 'folder', name: 'Payments', content: {} });
  await createDocument(request, token, projectId, {
    parentId: folder,
    name: 'Refunds',
    type: 'api',
    content: { method: 'POST', path: '/refunds', description: 'd' },
  });
  const invoices = await createDocument(request, token, projectId, {
    name: 'Invoices',
    content: { markdown: '# Invoices\n\nMonthly ledger reconciliation.' },
  });
  await page.goto(`/project/${projectId}`);
  const url = page.url();

  const payments = tree(page).getByRole('treeitem', { name: 'Payments' });
  await payments.click();
  await expect(payments).toHaveAttribute('aria-expanded', 'true');
  await expect(tree(page).getByRole('treeitem', { name: 'Refunds' })).toBeVisible();
  await payments.click();
  await expect(payments).toHaveAttribute('aria-expanded', 'false');
  expect(page.url()).toBe(url);

  await tree(page).getByRole('searchbox', { name: '搜索文档' }).pressSequentially('refu');
  await expect(tree(page).getByRole('treeitem')).toHaveText(['Payments', 'POST Refunds']);
  // A word found only inside a document: the server's search adds it once typing pauses, saying where it matched.
  await tree(page).getByRole('searchbox', { name: '搜索文档' }).fill('');
  await tree(page).getByRole('searchbox', { name: '搜索文档' }).pressSequentially('ledger');
  await expect(tree(page).getByRole('treeitem')).toHaveText(['Invoices']);
  await expect(tree(page).getByRole('treeitem', { name: 'Invoices' }).locator('.tree-name')).toHaveAttribute(
    'title',
    /ledger reconciliation/,
  );
  await tree(page).getByRole('searchbox', { name: '搜索文档' }).fill('');
  await expect(tree(page).getByRole('treeitem')).toHaveCount(2);

  // Keyboard: into the tree, down to Invoices, Enter opens it; Shift+F10 opens its menu.
  await tree(page).getByRole('tree').focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${invoices}$`));
  await page.keyboard.press('Shift+F10');
  await page.getByRole('menuitem', { name: '复制链接' }).click();
  await expect(page.getByText('链接已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/project/${projectId}/${invoices}$`));
});

test('HTTP API editor: import from JSON makes a nested parameter tree, rows reorder, the view shows an example', async ({
  page,
  request,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Imports');
  const doc = await createDocument(request, token, projectId, {
    type: 'api',
    name: 'Create order',
    content: { method: 'POST', path: '/orders', description: 'Creates' },
  });
  await page.goto(`/project/${projectId}/${doc}/edit`);

  await page.getByRole('tab', { name: /响应数据/ }).click();
  await page.getByRole('button', { name: '从 JSON 导入 · 响应数据' }).click();
  const importer = page.getByRole('dialog', { name: '从 JSON 导入 · 响应数据' });
  await expect(importer.getByLabel('JSON 示例')).toBeFocused();
  await importer.getByLabel('JSON 示例').fill('{"id": 7, "paid": true, "lines": [{"sku": "A-1", "qty": 2}]}');
  await importer.getByRole('button', { name: '导入' }).click();
  const table = page.getByRole('table', { name: '响应数据' });
  await expect(table.getByLabel('响应数据 参数名 0.0')).toHaveValue('id');
  await expect(table.getByRole('row').nth(3)).toContainText('array[object]');
  await expect(table.getByLabel('响应数据 参数名 1.1')).toHaveValue('qty');

  // Reorder: drag "paid" above "id" by its handle.
  await table.getByRole('row').nth(2).locator('.drag-handle').dragTo(table.getByRole('row').nth(1).locator('.drag-handle'));
  await expect(table.getByLabel('响应数据 参数名 0.0')).toHaveValue('paid');

  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Create order');
  const view = page.getByRole('article', { name: 'Create order' });
  await view.getByRole('tab', { name: /响应数据/ }).click();
  await expect(view.getByRole('table', { name: '响应数据 · json' }).getByRole('row')).toHaveCount(6);
  await expect(view.getByRole('region', { name: '响应示例' })).toContainText('"sku": "A-1"');
});

test('opening a project asks for the workspace code at once, from the early script; the sign-in page asks for none of it; the start code carries the compile hint', async ({
  page,
  request,
}) => {
  const { projectId } = await projectSignedIn(page, request, 'Early code');
  const workspaceCode = page.locator('link[rel=modulepreload][fetchpriority=low]');
  // The workspace's first screen is built into one chunk of its own (web/build/chunk-groups.ts).
  const workspaceChunk = /\/assets\/workspace-[\w-]+\.js$/;
  // A fresh load of the project's address, as from a bookmark.
  const pageChunk = page.waitForRequest(workspaceChunk);
  await page.goto(`/project/${projectId}`);
  await pageChunk;
  await expect(workspaceCode.first()).toBeAttached();
  const listed = await workspaceCode.evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
  expect(listed.some((href) => workspaceChunk.test(href))).toBe(true);
  await expect(page.getByRole('heading', { name: 'Early code', level: 1 })).toBeVisible();

  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(workspaceCode).toHaveCount(0);
  expect(asked.filter((url) => workspaceChunk.test(url))).toEqual([]);

  // The code every page runs at start asks Chromium to compile it as it streams in; the workspace's is compiled lazily.
  const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(await (await request.get('/login')).text())?.[1];
  expect(await (await request.get(entry!)).text()).toMatch(/^\/\/# allFunctionsCalledOnLoad\n/);
  expect(await (await request.get(listed.find((href) => workspaceChunk.test(href))!)).text()).not.toContain('allFunctionsCalledOnLoad');
});

test("(en) the new-document dialog refuses the app's own origin as an embedded page", async ({ page, request }) => {
  await projectSignedIn(page, request, 'Own origin');
  await page.getByLabel('语言').getByText('English').click();
  await page.getByRole('banner').getByRole('button', { name: 'New document' }).click();
  const dialog = page.getByRole('dialog', { name: 'New document' });
  await dialog.getByLabel('Document title').fill('Outbox');
  await choose(page, dialog.getByLabel('Kind'), 'Embedded page');
  await dialog.getByLabel('Address (http or https)').fill(`${new URL(page.url()).origin}/__dev/outbox`);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Pages of this site itself (its web, API, files or mock addresses) cannot be embedded')).toBeVisible();
});
