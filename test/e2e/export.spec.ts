/**
 * The export screens (issue 23) as people use them: a format and a scope chosen on the page, the job followed to
 * its end, the file downloaded and opened. Formats each get their file read by a real reader here as their writers
 * land; the project file is the one every export starts from.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import postmanCollection from 'postman-collection';
import { apiData, chooseInTree, createDocument, createProject, expectAccessible, newPerson, withSession } from './support';

interface ProjectFile {
  kind: string;
  nodes: { id: string; name: string; type: string; content: unknown }[];
}

/** Clicks the finished export's download button and reads what the browser saved. */
async function download(page: Page, label: RegExp): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).click()]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

test('(zh) an editor exports the whole project from its settings as an Apiloom project file and opens it', async ({ page, request }) => {
  const owner = await newPerson(request, 'Exporter');
  const projectId = await createProject(request, owner.token, { name: '导出项目' });
  await createDocument(request, owner.token, projectId, { name: '用户说明', content: { markdown: '堃 喆 的账号说明' } });
  await createDocument(request, owner.token, projectId, { name: 'Orders', content: { markdown: 'English notes' } });
  await withSession(page.context(), owner);

  await page.goto(`/dashboard/project/${projectId}/export`);
  await expect(page.getByRole('radio', { name: /Apiloom 项目文件/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /整个项目/ })).toBeChecked();
  // The language choice is for the formats that add words of their own.
  await expect(page.getByText('文档语言')).toHaveCount(0);
  await page.getByRole('radio', { name: /^PDF/ }).check();
  await expect(page.getByText('文档语言')).toBeVisible();
  await page.getByRole('radio', { name: /Apiloom 项目文件/ }).check();

  await page.getByRole('button', { name: '开始导出' }).click();
  await expect(page.getByText('导出完成')).toBeVisible();
  const file = await download(page, /^下载 /);
  expect(file.name).toMatch(/\.json$/);
  const parsed = JSON.parse(file.text) as ProjectFile;
  expect(parsed.kind).toBe('apiloom-project');
  expect(parsed.nodes.map((n) => n.name).sort()).toEqual(['Orders', '用户说明']);
  expect(JSON.stringify(parsed.nodes.find((n) => n.name === '用户说明')?.content)).toContain('堃 喆 的账号说明');
});

test('(en) a viewer exports chosen documents from the workspace page, and only those', async ({ page, request }) => {
  const owner = await newPerson(request, 'Owner');
  const viewer = await newPerson(request, 'Viewer');
  const projectId = await createProject(request, owner.token, { name: 'Chosen export' });
  await createDocument(request, owner.token, projectId, { name: 'Alpha', content: { markdown: 'alpha words' } });
  await createDocument(request, owner.token, projectId, { name: 'Beta', content: { markdown: 'beta words' } });
  const invitation = await apiData<{ code: string }>(request, 'put', `/api/project/invitation/${projectId}/view`, owner.token);
  await apiData(request, 'post', `/api/project/invitation/join/${invitation.code}`, viewer.token);
  await withSession(page.context(), viewer);

  await page.goto(`/project/${projectId}`);
  await page.getByLabel('语言').getByText('English').click();
  await page.getByRole('link', { name: 'Export', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}/export$`));
  await expect(page.getByRole('heading', { name: 'Export', level: 1 })).toBeVisible();
  await page.getByRole('radio', { name: 'Chosen documents' }).check();
  // Nothing chosen is refused on the page, before any job starts.
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Choose at least one document')).toBeVisible();
  await chooseInTree(page, page.getByLabel(/Choose the documents to export/), 'Beta');
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Export done')).toBeVisible();
  const file = JSON.parse((await download(page, /^Download /)).text) as ProjectFile;
  expect(file.nodes.map((n) => n.name)).toEqual(['Beta']);
});

test('the export-item address opens with chosen documents, and the export page passes axe', async ({ page, request }) => {
  const owner = await newPerson(request, 'Owner');
  const projectId = await createProject(request, owner.token, { name: 'Axe export' });
  await createDocument(request, owner.token, projectId, { name: 'Alpha', content: { markdown: 'alpha words' } });
  await withSession(page.context(), owner);
  await page.goto(`/project/${projectId}/export/export-item`);
  await expect(page.getByRole('heading', { name: '导出', level: 1 })).toBeVisible();
  await expect(page.getByRole('radio', { name: '选中的文档' })).toBeChecked();
  await expect(page.getByText('选择要导出的文档（选中目录即包含其下所有文档）')).toBeVisible();
  await expectAccessible(page, 'export page');
});

/** A finished export's file, as bytes. */
async function downloadBytes(page: Page, label: RegExp): Promise<{ name: string; bytes: Uint8Array }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: label }).click()]);
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(await file.path())) };
}

test('(zh) PDF and Word from the settings page: Chinese text, serial numbers and the chosen language', async ({ page, request }) => {
  const owner = await newPerson(request, 'Printer');
  const projectId = await createProject(request, owner.token, { name: '打印项目' });
  const project = await apiData<{ rev: number }>(request, 'get', `/api/project/${projectId}`, owner.token);
  await apiData(request, 'post', '/api/project', owner.token, { id: projectId, rev: project.rev, serialStyle: 'decimal' });
  await createDocument(request, owner.token, projectId, { name: '账号说明', content: { markdown: '堃 与 喆 的账号，用于软著材料。' } });
  await withSession(page.context(), owner);
  await page.goto(`/dashboard/project/${projectId}/export`);

  await page.getByRole('radio', { name: /^PDF/ }).check();
  await page.getByRole('radiogroup', { name: '文档语言' }).getByRole('radio', { name: 'English' }).check();
  await page.getByRole('button', { name: '开始导出' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 60_000 });
  const pdf = await downloadBytes(page, /^下载 /);
  expect(pdf.name).toMatch(/\.pdf$/);
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true });
  expect(text).toContain('堃 与 喆 的账号');
  expect(text).toContain('1 账号说明');
  expect(text).toMatch(/Page 1 of \d+/);

  await page.getByRole('radio', { name: /Word/ }).check();
  await page.getByRole('radiogroup', { name: '文档语言' }).getByRole('radio', { name: '中文' }).check();
  await page.getByRole('button', { name: '开始导出' }).click();
  await expect(page.getByText('导出完成')).toBeVisible({ timeout: 60_000 });
  const docx = await downloadBytes(page, /\.docx$/);
  const { unzipSync, strFromU8 } = await import('fflate');
  const xml = strFromU8(unzipSync(docx.bytes)['word/document.xml']!);
  expect(xml).toContain('堃 与 喆 的账号');
  expect(xml).toContain('账号说明');
  expect(xml).toContain('w:eastAsia="Microsoft YaHei"');
});

test('(en) HTML: one file that opens from disk with the network off, searches, shows each document, and runs no script of theirs', async ({
  page,
  request,
  context,
}) => {
  const owner = await newPerson(request, 'Publisher');
  const projectId = await createProject(request, owner.token, { name: 'Offline docs' });
  await createDocument(request, owner.token, projectId, {
    name: 'Getting started',
    content: { markdown: '## Install\n\nRun the **installer**.' },
  });
  await createDocument(request, owner.token, projectId, {
    name: 'Tricky',
    content: { markdown: 'Hello <img src="x" onerror="document.title=\'pwned\'"> <script>document.title="pwned"</script> world' },
  });
  await withSession(context, owner);
  await page.goto(`/dashboard/project/${projectId}/export`);
  await page.getByLabel('语言').getByText('English').click();
  await page.getByRole('radio', { name: /HTML/ }).check();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText('Export done')).toBeVisible({ timeout: 60_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Download / }).click()]);
  expect(file.suggestedFilename()).toMatch(/\.html$/);
  // Saved under its .html name, as a person's browser saves it (the download's own path has no extension).
  const path = test.info().outputPath('export.html');
  await file.saveAs(path);

  // Offline: nothing may be fetched, and nothing is.
  const requests: string[] = [];
  await context.setOffline(true);
  const viewer = await context.newPage();
  viewer.on('request', (r) => {
    if (!r.url().startsWith('file:')) requests.push(r.url());
  });
  const problems: string[] = [];
  viewer.on('pageerror', (e) => problems.push(e.message));
  await viewer.goto(`file://${path}`);
  await expect(viewer.getByRole('heading', { name: 'Offline docs', level: 1 })).toBeVisible();
  const nav = viewer.getByRole('navigation', { name: 'Documents' });
  await nav.getByRole('searchbox', { name: 'Search documents' }).fill('installer');
  await expect(nav.getByRole('link', { name: 'Getting started' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Tricky' })).toBeHidden();
  await nav.getByRole('link', { name: 'Getting started' }).click();
  await expect(viewer.getByRole('heading', { name: 'Install' })).toBeVisible();
  await nav.getByRole('searchbox', { name: 'Search documents' }).fill('');
  await nav.getByRole('link', { name: 'Tricky' }).click();
  await expect(viewer.getByText(/Hello/)).toBeVisible();
  await expect(viewer).toHaveTitle('Offline docs');
  expect(await viewer.locator('main script, main [onerror]').count()).toBe(0);
  expect(requests).toEqual([]);
  expect(problems).toEqual([]);
  await context.setOffline(false);
});

test('(zh) OpenAPI, Postman and Markdown from the workspace page, each opened by a real reader', async ({ page, request }) => {
  const owner = await newPerson(request, 'Integrator');
  const projectId = await createProject(request, owner.token, { name: '对外接口' });
  await createDocument(request, owner.token, projectId, {
    type: 'api',
    name: '查询订单',
    content: {
      method: 'GET',
      path: '/orders/{id}',
      description: '按编号查询订单',
      reqPath: [{ id: 'p1', name: 'id', type: 'string', required: true, value: '', description: '订单编号', children: [] }],
      reqQuery: [{ id: 'q1', name: 'verbose', type: 'boolean', required: false, value: '', description: '', children: [] }],
    },
  });
  await createDocument(request, owner.token, projectId, { name: '说明', content: { markdown: '# 接入说明\n\n先申请令牌。' } });
  await withSession(page.context(), owner);
  await page.goto(`/project/${projectId}/export`);
  const exportAs = async (format: RegExp) => {
    await page.getByRole('radiogroup', { name: '格式' }).getByRole('radio', { name: format }).check();
    await page.getByRole('button', { name: '开始导出' }).click();
    await expect(page.getByText('导出完成')).toBeVisible({ timeout: 60_000 });
    const file = await downloadBytes(page, /^下载 /);
    // The next export starts from a page without this one's link.
    await page.reload();
    return file;
  };

  const openapi = await exportAs(/OpenAPI 3\.1（JSON）/);
  expect(openapi.name).toMatch(/\.json$/);
  const { validate } = await import('@scalar/openapi-parser');
  const spec = JSON.parse(new TextDecoder().decode(openapi.bytes)) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect((await validate(spec)).valid).toBe(true);
  expect(spec.openapi).toMatch(/^3\.1/);
  expect(Object.keys(spec.paths)).toEqual(['/orders/{id}']);

  const postman = await exportAs(/Postman 集合 2\.1/);
  const collection = new postmanCollection.Collection(JSON.parse(new TextDecoder().decode(postman.bytes)) as object);
  const requests: string[] = [];
  collection.forEachItem((item) => requests.push(`${item.name} ${item.request.method}`));
  expect(requests).toEqual(['查询订单 GET']);

  const markdown = await exportAs(/Markdown（zip）/);
  const { unzipSync, strFromU8 } = await import('fflate');
  const files = Object.fromEntries(Object.entries(unzipSync(markdown.bytes)).map(([path, bytes]) => [path, strFromU8(bytes)]));
  expect(Object.keys(files).sort()).toEqual(['README.md', '查询订单.md', '说明.md']);
  expect(files['查询订单.md']).toContain('/orders/{id}');
  expect(files['说明.md']).toContain('先申请令牌。');
});

test('(zh) a share that allows export: set on the share dialog, its reader exports what it holds and nothing past it', async ({
  page,
  request,
  browser,
}) => {
  const owner = await newPerson(request, 'Sharer');
  const projectId = await createProject(request, owner.token, { name: '分享导出' });
  await createDocument(request, owner.token, projectId, { name: 'Alpha', content: { markdown: 'alpha words' } });
  await createDocument(request, owner.token, projectId, { name: 'Beta', content: { markdown: 'beta words' } });
  await createDocument(request, owner.token, projectId, { name: 'Gamma', content: { markdown: 'gamma secret' } });
  await withSession(page.context(), owner);
  await page.goto(`/project/${projectId}/share`);

  // Two shares of Alpha and Beta, made on the share dialog: one allows export, one (by default) does not.
  const share = async (name: string, allowExport: boolean) => {
    await page.getByRole('button', { name: '新建分享' }).click();
    const dialog = page.getByRole('dialog', { name: '新建分享' });
    await dialog.getByLabel('分享名称').fill(name);
    await dialog.getByLabel('分享范围').click();
    for (const title of ['Alpha', 'Beta'])
      await page.locator(`.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="${title}"]`).click();
    await dialog.getByLabel('分享名称').click();
    await expect(dialog.getByRole('checkbox', { name: '允许导出' })).not.toBeChecked();
    if (allowExport) await dialog.getByRole('checkbox', { name: '允许导出' }).check();
    await dialog.getByRole('button', { name: '创建' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: '分享管理' }).getByRole('row').filter({ hasText: name });
    return (await row.getByRole('link', { name: `打开分享：${name}` }).getAttribute('href'))!;
  };
  const closed = await share('Read only', false);
  const open = await share('With export', true);

  // Readers with the link only: no session, a fresh browser.
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'zh-CN', reducedMotion: 'reduce' });
  const reader = await context.newPage();
  await reader.goto(closed);
  await expect(reader.getByRole('article', { name: 'Beta' })).toContainText('beta words');
  await expect(reader.getByRole('button', { name: '导出' })).toHaveCount(0);

  await reader.goto(open);
  await expect(reader.getByRole('article', { name: 'Beta' })).toContainText('beta words');
  await reader.getByRole('button', { name: '导出' }).click();
  const drawer = reader.getByRole('dialog', { name: '导出此分享' });
  // A share has no releases to choose from: the whole share, or documents chosen from its own tree.
  await expect(drawer.getByRole('radio', { name: '此分享的全部内容' })).toBeChecked();
  await expect(drawer.getByRole('radio', { name: '已发布的版本' })).toHaveCount(0);
  await drawer.getByRole('button', { name: '开始导出' }).click();
  await expect(drawer.getByText('导出完成')).toBeVisible();
  const whole = JSON.parse((await download(reader, /^下载 /)).text) as ProjectFile;
  expect(whole.nodes.map((n) => n.name).sort()).toEqual(['Alpha', 'Beta']);

  await drawer.getByRole('radio', { name: '选中的文档' }).check();
  await drawer.getByLabel(/选择要导出的文档/).click();
  // The picker offers the share's documents only.
  await expect(reader.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="Gamma"]')).toHaveCount(0);
  await reader.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="Alpha"]').click();
  await drawer.getByRole('button', { name: '开始导出' }).click();
  await expect(drawer.getByText('导出完成')).toBeVisible();
  const chosen = JSON.parse((await download(reader, /^下载 /)).text) as ProjectFile;
  expect(chosen.nodes.map((n) => n.name)).toEqual(['Alpha']);
  await context.close();
});
