/**
 * What a new user meets (issue 27): dialogs that take typing at once, examples of the declared types, path
 * parameters taken from the path, counts that agree with the lists, flows that end where the user is going, and
 * reading on a phone. In Chinese and English where text is involved.
 */
import { expect, test, type Page } from '@playwright/test';
import { apiData, createDocument, projectWithSession } from './support';

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
}
