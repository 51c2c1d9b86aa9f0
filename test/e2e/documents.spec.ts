import { expect, test, type Page } from '@playwright/test';
import { apiData, choose, chooseInTree, createDocument, createProject, expectSaved, newPerson, withSession } from './support';

async function openNewProject(page: Page, request: Parameters<typeof newPerson>[0]) {
  const person = await newPerson(request);
  const projectId = await createProject(request, person.token, { name: 'Docs e2e' });
  await withSession(page.context(), person);
  await page.goto(`/project/${projectId}`);
  await expect(page.getByText('这个项目还没有文档')).toBeVisible();
  return projectId;
}

async function newDocument(page: Page, name: string, kind: string, folder?: string) {
  await page.getByRole('banner').getByRole('button', { name: '新建文档' }).click();
  const dialog = page.getByRole('dialog', { name: '新建文档' });
  await dialog.getByLabel('文档标题').fill(name);
  await choose(page, dialog.getByLabel('文档类型'), kind);
  if (folder) await chooseInTree(page, dialog.getByLabel('所在目录'), folder);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
}

test('markdown: create, edit with live preview, save with Ctrl+S, history and restore; scripts stay inert', async ({ page, request }) => {
  await openNewProject(page, request);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    void d.dismiss();
  });
  await newDocument(page, 'Guide', 'Markdown 文档');
  const source = page.getByRole('textbox', { name: 'Markdown' });
  await source.fill('# Hello\n\n**bold** <img src=x onerror="alert(1)"> [bad](javascript:alert(2))');
  await expect(page.getByLabel('预览').getByRole('heading', { name: 'Hello' })).toBeVisible();
  await page.getByLabel('修改说明').fill('first words');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Guide');
  await expect(page.getByRole('article', { name: 'Guide' }).getByRole('heading', { name: 'Hello' })).toBeVisible();
  await expect(page.locator('.markdown strong', { hasText: 'bold' })).toBeVisible();
  expect(await page.locator('.markdown img').getAttribute('onerror')).toBeNull();
  expect(await page.locator('.markdown a', { hasText: 'bad' }).getAttribute('href')).toBeNull();

  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill('# Second');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Guide');
  await expect(page.getByRole('article', { name: 'Guide' }).getByRole('heading', { name: 'Second' })).toBeVisible();

  await page.getByRole('button', { name: '历史记录' }).click();
  const history = page.getByRole('dialog', { name: '历史记录' });
  await expect(history.getByText('first words')).toBeVisible();
  await history.getByRole('listitem').filter({ hasText: 'first words' }).getByRole('button', { name: '查看' }).click();
  await expect(history.getByRole('heading', { name: 'Hello' })).toBeVisible();
  await history.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '恢复此版本' }).click();
  await expect(page.getByText('已恢复到所选版本')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(
    page.getByRole('article', { name: 'Guide' }).locator('.markdown').first().getByRole('heading', { name: 'Hello' }),
  ).toBeVisible();
  expect(dialogs).toBe(0);
});

test('HTTP API with a nested parameter table; the tree re-sorts by dragging', async ({ page, request }) => {
  await openNewProject(page, request);
  await newDocument(page, 'Orders', '文件夹');
  await newDocument(page, 'Create order', 'HTTP 接口');
  await page.getByLabel('接口路径').fill('/orders');
  await choose(page, page.getByLabel('请求方法'), 'POST');
  await page.getByLabel('接口描述').fill('Creates an order');
  await choose(page, page.getByLabel('请求数据类型'), 'form-data');
  await page.getByRole('switch', { name: '有效' }).click();
  const body = page.getByRole('table', { name: '请求体' });
  await page.getByRole('button', { name: '添加参数 · 请求体' }).click();
  await body.getByLabel('请求体 参数名 0.0').fill('items');
  await choose(page, body.getByLabel('请求体 类型 0.0'), 'array[object]');
  await body.getByRole('button', { name: '添加子参数 items' }).click();
  await body.getByLabel('请求体 参数名 1.0').fill('sku');
  await page.getByRole('button', { name: /保存/ }).click();
  await expectSaved(page, 'Create order');

  const doc = page.getByRole('article', { name: 'Create order' });
  await expect(doc.getByText('/orders')).toBeVisible();
  await expect(doc.getByText('无效', { exact: true })).toBeVisible();
  const rendered = doc.getByRole('table', { name: '请求体 · form-data' });
  await expect(rendered.getByRole('row')).toHaveCount(3);
  await expect(rendered.getByRole('cell', { name: 'sku' })).toBeVisible();

  const tree = page.getByRole('navigation', { name: '文档目录' });
  await expect(tree.getByRole('treeitem', { name: 'Create order' })).toHaveAttribute('aria-level', '1');
  // As in antd's tree, dragging onto a folder and to the right drops inside it.
  await tree.getByRole('treeitem', { name: 'Create order' }).dragTo(tree.getByRole('treeitem', { name: 'Orders' }), {
    sourcePosition: { x: 40, y: 12 },
    targetPosition: { x: 160, y: 18 },
  });
  await expect(tree.getByRole('treeitem', { name: 'Orders' })).toHaveAttribute('aria-expanded', 'true');
  await expect(tree.getByRole('treeitem', { name: 'Create order' })).toHaveAttribute('aria-level', '2');
  await expect(tree.getByRole('treeitem')).toHaveText(['Orders', 'POST Create order']);
});

test('the tree context menu renames, copies and deletes', async ({ page, request }) => {
  await openNewProject(page, request);
  await newDocument(page, 'Note', 'Markdown 文档');
  await page.getByRole('button', { name: /保存/ }).click();
  await expect(page.getByRole('button', { name: '编辑' })).toBeVisible();
  const tree = page.getByRole('navigation', { name: '文档目录' });

  await tree.getByRole('treeitem', { name: 'Note' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '重命名' }).click();
  await page.getByRole('dialog', { name: '重命名' }).getByLabel('文档标题').fill('x'.repeat(31));
  await page.getByRole('dialog', { name: '重命名' }).getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('文档标题格式错误，长度 1-30')).toBeVisible();
  await page.getByRole('dialog', { name: '重命名' }).getByLabel('文档标题').fill('Renamed note');
  await page.getByRole('dialog', { name: '重命名' }).getByRole('button', { name: '保存' }).click();
  await expect(tree.getByRole('treeitem', { name: 'Renamed note' })).toBeVisible();

  await tree.getByRole('treeitem', { name: 'Renamed note' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: '复制', exact: true }).click();
  await expect(tree.getByRole('treeitem', { name: 'Renamed note 副本' })).toBeVisible();

  await tree.getByRole('button', { name: 'Renamed note 副本 的操作' }).click();
  await page.getByRole('menuitem', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '删除' }).getByRole('button', { name: '删除' }).click();
  await expect(tree.getByRole('treeitem', { name: 'Renamed note 副本' })).toBeHidden();
  await expect(tree.getByRole('treeitem', { name: 'Renamed note', exact: true })).toBeVisible();
});

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('rich text with a table, an uploaded image and an attachment; an image over 500 KB is refused', async ({ page, request }) => {
  await openNewProject(page, request);
  await newDocument(page, 'Release notes', '富文本文档');
  const editor = page.locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('Highlights');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: '插入表格' }).click();
  await page.keyboard.type('cell one');
  await page.getByRole('button', { name: '下方插入行' }).click();
  await expect(editor.locator('table tr')).toHaveCount(4);
  await editor.locator('table tr').first().locator('td').nth(2).click();
  await page.getByRole('button', { name: '删除列' }).click();
  await expect(editor.locator('table tr').first().locator('td')).toHaveCount(2);

  const big = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);
  let chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '图片' }).click();
  await (await chooser).setFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByText('图片大小超过500KB')).toBeVisible();

  await editor.click();
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '图片' }).click();
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  // Uploaded to S3 through a presigned PUT, then shown from /files/.
  await expect(editor.locator('img[src^="/files/"]')).toHaveCount(1);
  await expect(editor).toContainText('Highlights');
  await expect(editor).toContainText('cell one');

  // A page full of script as an attachment: it uploads, but only ever downloads.
  await editor.locator('p', { hasText: 'Highlights' }).click();
  await page.keyboard.press('End');
  chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '附件' }).click();
  await (
    await chooser
  ).setFiles({ name: 'notes.html', mimeType: 'text/html', buffer: Buffer.from('<script>document.title="pwned"</script>') });
  const attachment = editor.locator('a', { hasText: 'notes.html' });
  await expect(attachment).toHaveAttribute('href', /^\/files\//);

  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Release notes');
  const view = page.getByRole('article', { name: 'Release notes' }).locator('.markdown');
  await expect(view.getByRole('cell', { name: 'cell one' })).toBeVisible();
  const image = view.locator('img[src^="/files/"]');
  await expect(image).toHaveCount(1);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  await expect(view).toContainText('Highlights');
  const href = await view.locator('a', { hasText: 'notes.html' }).getAttribute('href');
  const file = await page.request.get(href!);
  expect(file.headers()['content-disposition']).toMatch(/^attachment; filename="notes.html"/);
  expect(file.headers()['content-type']).toBe('application/octet-stream');
  expect(file.headers()['content-security-policy']).toContain('sandbox');
});

test('Ctrl+S the moment a rich-text edit lands saves that edit, before the page has drawn it', async ({ page, request }) => {
  await openNewProject(page, request);
  await newDocument(page, 'Landing', '富文本文档');
  const editor = page.locator('.ql-editor');
  await editor.click();
  await page.keyboard.type('first');
  // An edit Quill reports from outside the page's own events (an upload that finishes, typed text its observer
  // picks up), and Ctrl+S in the same breath: a busy machine gives exactly this order, so the test gives it always.
  await page.evaluate(async () => {
    document.querySelector('.ql-editor p')!.append(' and last');
    await Promise.resolve();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 's', ctrlKey: true, bubbles: true, cancelable: true }));
  });
  await expectSaved(page, 'Landing');
  await expect(page.getByRole('article', { name: 'Landing' }).locator('.markdown')).toHaveText('first and last');
});

test('markdown: an uploaded image lands at the cursor and shows in the preview', async ({ page, request }) => {
  await openNewProject(page, request);
  await newDocument(page, 'Screens', 'Markdown 文档');
  const source = page.getByRole('textbox', { name: 'Markdown' });
  await source.fill('Before\n');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '图片' }).click();
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(source).toHaveValue(/^Before\n!\[dot\.png\]\(\/files\/[^)]+\)$/);
  const preview = page.getByLabel('预览').locator('img[src^="/files/"]');
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('embedded page, error codes, external link and soft link each show as they should', async ({ page, request, baseURL }) => {
  const person = await newPerson(request);
  const project = { id: await createProject(request, person.token, { name: 'Kinds' }) };
  const create = (data: Record<string, unknown>) => createDocument(request, person.token, project.id, data);
  const target = await create({ name: 'Target doc', content: { markdown: '# Landed' } });
  // A page on loopback under another origin than the app's (tests never reach out to other hosts; the app's own
  // origin is refused as an embed).
  const embedded = `${baseURL!.replace('127.0.0.1', 'localhost')}/help`;
  const embed = await create({ type: 'embed', name: 'Embedded', content: { url: embedded, width: 640, height: 480 } });
  const codes = await create({
    type: 'errorcode',
    name: 'Codes',
    content: { rows: [{ code: '40001', message: 'Bad token', description: 'Sign in again' }] },
  });
  const link = await create({ type: 'link', name: 'Outside', content: { url: 'https://example.com/docs' } });
  const soft = await create({ type: 'softlink', name: 'Shortcut', content: { targetId: target } });

  await withSession(page.context(), person);
  await page.goto(`/project/${project.id}/${embed}`);
  const frame = page.locator('iframe.embed');
  await expect(frame).toHaveAttribute('src', embedded);
  await expect(frame).toHaveAttribute('width', '640');
  await expect(frame).toHaveAttribute('sandbox', /allow-scripts/);
  await expect(frame).toHaveAttribute('sandbox', /allow-same-origin/);

  await page.goto(`/project/${project.id}/${codes}`);
  await expect(page.getByRole('table', { name: '错误码' }).getByRole('cell', { name: 'Bad token' })).toBeVisible();

  await page.goto(`/project/${project.id}/${link}`);
  await page.getByRole('link', { name: 'https://example.com/docs' }).click();
  await expect(page).toHaveURL(/\/open_external_link\?url=/);
  await expect(page.getByRole('heading', { name: '即将离开 Apiloom' })).toBeVisible();
  await expect(page.getByRole('link', { name: '继续访问' })).toHaveAttribute('href', 'https://example.com/docs');

  await page.goto(`/project/${project.id}/${soft}`);
  await page.getByRole('link', { name: '打开链接的文档' }).click();
  await expect(page.getByRole('article', { name: 'Target doc' }).getByRole('heading', { name: 'Landed' })).toBeVisible();
});

test('data model: create one that refers to itself, refer to it from an API; the view expands it and marks the cycle', async ({
  page,
  request,
}) => {
  await openNewProject(page, request);
  await newDocument(page, 'Pet', '数据模型');
  const model = page.getByRole('table', { name: '模型结构' });
  await expect(page.getByLabel('模型名称')).toHaveValue('Pet');
  await page.getByRole('button', { name: '添加参数 · 模型结构' }).click();
  await model.getByLabel('模型结构 参数名 0.0').fill('name');
  await page.getByRole('button', { name: '添加参数 · 模型结构' }).click();
  await model.getByLabel('模型结构 参数名 0.1').fill('parent');
  await choose(page, model.getByLabel('模型结构 类型 0.1'), 'object');
  await page.keyboard.press('Control+s');
  // The model exists now: its own row can refer to it.
  await page.getByRole('button', { name: '编辑' }).click();
  await page.getByRole('button', { name: '更多设置 parent' }).click();
  const settings = page.getByRole('dialog', { name: '更多设置 · parent' });
  await choose(page, settings.getByLabel('数据模型'), 'Pet');
  await settings.getByLabel('格式').fill('pet');
  await settings.getByRole('button', { name: '确定' }).click();
  await page.keyboard.press('Control+s');
  const modelView = page.getByRole('article', { name: 'Pet' });
  await expect(modelView.getByText('循环引用')).toBeVisible();
  await expect(modelView.getByRole('region', { name: '模型示例' })).toContainText('"name": "string"');

  await newDocument(page, 'Get pet', 'HTTP 接口');
  await page.getByLabel('接口路径').fill('/pets/{id}');
  await page.getByLabel('接口描述').fill('One pet');
  await page.getByRole('tab', { name: /响应数据/ }).click();
  await page.getByRole('button', { name: '添加参数 · 响应数据' }).click();
  const response = page.getByRole('table', { name: '响应数据' });
  await response.getByLabel('响应数据 参数名 0.0').fill('pet');
  await choose(page, response.getByLabel('响应数据 类型 0.0'), 'object');
  await page.getByRole('button', { name: '更多设置 pet' }).click();
  await choose(page, page.getByRole('dialog', { name: '更多设置 · pet' }).getByLabel('数据模型'), 'Pet');
  await page.getByRole('dialog', { name: '更多设置 · pet' }).getByRole('button', { name: '确定' }).click();
  await page.keyboard.press('Control+s');

  const view = page.getByRole('article', { name: 'Get pet' });
  await view.getByRole('tab', { name: /响应数据/ }).click();
  const rendered = view.getByRole('table', { name: '响应数据 · json' });
  // pet → name, parent → (Pet again: marked, not opened)
  // (A row's name cell also holds its comment button.)
  await expect(rendered.getByRole('row', { name: /^name / })).toBeVisible();
  await expect(rendered.getByText('循环引用')).toBeVisible();
  await expect(rendered.getByRole('row')).toHaveCount(4);
  await expect(view.getByRole('region', { name: '响应示例' })).toContainText('"name": "string"');
});

test('HTTP API: responses per status code are added, described, filled and removed in the editor, and shown as tabs', async ({
  page,
  request,
}) => {
  await openNewProject(page, request);
  await newDocument(page, 'Create user', 'HTTP 接口');
  await page.getByLabel('接口路径').fill('/users');
  await page.getByLabel('接口描述').fill('Creates a user');
  // The status tabs, not the body, headers and examples tabs inside each.
  const statuses = page.locator('.response-tabs > .ant-tabs-nav');
  await expect(statuses.getByRole('tab')).toHaveText(['200']);

  await page.getByRole('button', { name: '添加响应' }).click();
  const add = page.getByRole('dialog', { name: '添加响应' });
  await add.getByLabel('状态码').fill('200');
  await expect(add.getByText('同一个状态码只能有一个响应')).toBeVisible();
  await add.getByLabel('状态码').fill('422');
  await add.getByRole('button', { name: '创建' }).click();
  await expect(statuses.getByRole('tab')).toHaveText(['200', '422']);
  await page.getByLabel('422 响应说明').fill('The **input** was invalid');
  const panel = page.getByRole('tabpanel', { name: '422' });
  await panel.getByRole('button', { name: '添加参数 · 响应数据' }).click();
  await panel.getByLabel('响应数据 参数名 0.0').fill('field');
  await panel.getByRole('tab', { name: /示例/ }).click();
  await panel.getByRole('button', { name: /添加示例/ }).click();
  await panel.getByLabel('响应示例 1', { exact: true }).fill('{"field":"email"}');

  await page.getByRole('button', { name: '添加响应' }).click();
  await page.getByRole('dialog', { name: '添加响应' }).getByLabel('状态码').fill('500');
  await page.getByRole('dialog', { name: '添加响应' }).getByRole('button', { name: '创建' }).click();
  await page.getByRole('button', { name: '删除 500 响应' }).click();
  await expect(statuses.getByRole('tab')).toHaveText(['200', '422']);
  await page.keyboard.press('Control+s');
  // The editor's status tabs look like the view's: wait for the view itself before clicking one.
  await expectSaved(page, 'Create user');

  const view = page.getByRole('article', { name: 'Create user' });
  await expect(view.locator('.response-tabs > .ant-tabs-nav').getByRole('tab')).toHaveText(['200', '422']);
  await view.getByRole('tab', { name: '422' }).click();
  const shown = view.getByRole('tabpanel', { name: '422' });
  await expect(shown.locator('strong', { hasText: 'input' })).toBeVisible();
  await expect(shown.getByRole('table', { name: '响应数据 · json' }).getByRole('cell', { name: 'field' })).toBeVisible();
  await expect(shown.getByRole('region', { name: '响应示例' })).toContainText('"field": "email"');
});

test('history: a rename and a restore say what they did, in the reader’s language, in the header and the history', async ({
  page,
  request,
}) => {
  const person = await newPerson(request, 'Ann');
  const projectId = await createProject(request, person.token, { name: 'Notes e2e' });
  const id = await createDocument(request, person.token, projectId, { name: 'Draft', type: 'doc', content: { markdown: '# One' } });
  // A rename with no note of its own, saved through the API as the tree's rename does.
  await apiData(request, 'post', '/api/project/document', person.token, { id, rev: 1, name: 'Guide' });
  await withSession(page.context(), person);
  await page.goto(`/project/${projectId}/${id}`);
  const article = page.getByRole('article', { name: 'Guide' });
  await expect(article.getByText('重命名：Draft → Guide')).toBeVisible();

  await page.getByRole('button', { name: '历史记录' }).click();
  const history = page.getByRole('dialog', { name: '历史记录' });
  await history.getByRole('listitem').filter({ hasText: '新增文档' }).getByRole('button', { name: '查看' }).click();
  await history.getByRole('button', { name: '恢复此版本' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: '恢复此版本' }).click();
  await expect(page.getByText('已恢复到所选版本')).toBeVisible();
  await expect(history.getByRole('listitem').filter({ hasText: '重命名：Draft → Guide' })).toContainText('Ann');
  await expect(history.getByText('（无说明）')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('article', { name: 'Draft' }).getByText('恢复到版本 1')).toBeVisible();

  // The same saves, read in English: worded at reading, not in the language they were saved in.
  await page.getByLabel('语言').getByText('English').click();
  await expect(page.getByRole('article', { name: 'Draft' }).getByText('Restored version 1')).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const english = page.getByRole('dialog', { name: 'History' });
  await expect(english.getByRole('listitem').filter({ hasText: 'Renamed: Draft → Guide' })).toBeVisible();
  await expect(english.getByText('(no note)')).toHaveCount(0);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  for (const L of [
    { lang: 'zh', body: '请求体', description: '说明', edit: '编辑' },
    { lang: 'en', body: 'Request body', description: 'Description', edit: 'Edit' },
  ] as const) {
    test(`[${L.lang}] parameter tables keep a readable description column, read and edited`, async ({ page, request }) => {
      const person = await newPerson(request);
      const projectId = await createProject(request, person.token, { name: 'Phone params' });
      const param = (name: string) => ({
        id: name,
        name,
        type: 'string',
        required: true,
        value: 'x',
        description: 'The amount in cents, before any discount is applied',
        children: [],
      });
      const id = await createDocument(request, person.token, projectId, {
        type: 'api',
        name: 'Pay',
        content: { method: 'POST', path: '/pay', description: 'Pays', reqBody: [param('amount'), param('currency')] },
      });
      await withSession(page.context(), person);
      if (L.lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
      await page.goto(`/project/${projectId}/${id}`);
      const read = page.getByRole('table', { name: new RegExp(`^${L.body}`) });
      const header = read.getByRole('columnheader', { name: L.description, exact: true });
      await expect(header).toBeVisible();
      // Squeezed into 390 px the column was one character wide, each row six to eight lines tall.
      expect((await header.boundingBox())!.width).toBeGreaterThanOrEqual(120);
      const cell = read.getByText('The amount in cents').first();
      expect((await cell.boundingBox())!.height).toBeLessThan(100);

      await page.goto(`/project/${projectId}/${id}/edit`);
      const edited = page.getByRole('table', { name: L.body, exact: true });
      const field = edited.getByLabel(`${L.body} ${L.description} 0.0`);
      await expect(field).toHaveValue(/The amount in cents/);
      expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(120);
    });
  }
});
