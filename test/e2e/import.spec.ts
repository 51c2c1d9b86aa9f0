/**
 * The import page (issue 22): a Swagger file through the file chooser into a new project, with the Web Worker's
 * preview, the job's progress and its report with its compatibility verdict (issue 35); a re-import with merge that
 * keeps an edit made in the app, and a dry run of a changed file that says what it would break; a pasted
 * cURL command; a file that is none of the formats refused before anything is sent; the page in English.
 */
import { expect, test, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { createProject, expectSaved, newPerson, projectWithSession, watchConsole, withSession } from './support';

const fixture = (path: string) => fileURLToPath(new URL(`../../shared/import/${path}`, import.meta.url));
const PETSTORE = fixture('openapi/fixtures/swagger2-petstore.yaml');

/** Chooses a file through the browser's file chooser, as a person clicking the drop zone does. */
async function chooseFile(
  page: Page,
  file: string | { name: string; mimeType: string; buffer: Buffer },
  drop = '点击选择文件，或将文件拖到这里',
) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByText(drop).click();
  await (await chooser).setFiles(file);
}

/** The value of one item of the preview (detected format, counts, plan figures). */
const previewItem = (page: Page, label: string) =>
  page
    .getByRole('region', { name: /^(预览|Preview)$/ })
    .locator('.ant-descriptions-item')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.ant-descriptions-item-content');

/** A count of the report. */
const reportCount = (page: Page, label: string) =>
  page
    .locator('.import-report .ant-statistic')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.ant-statistic-content');

/** Holds the first poll of a job until released: the progress bar is seen while the job is still queued. */
async function holdFirstPoll(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(/\/api\/project\/import\/(?!upload|start|url|swagger)[^/?]+$/, async (route) => {
    if (first && route.request().method() === 'GET') {
      first = false;
      await released;
    }
    await route.continue();
  });
  return release;
}

test('a Swagger file into a new project: preview, progress, report, the tree; an edit survives a merge re-import', async ({
  page,
  request,
}) => {
  const person = await newPerson(request);
  await withSession(page.context(), person);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: '导入' }).click();
  await expect(page.getByRole('heading', { name: '导入', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('导入 - Apiloom');

  await chooseFile(page, PETSTORE);
  await expect(previewItem(page, '识别的格式')).toHaveText('OpenAPI / Swagger');
  await expect(previewItem(page, '接口')).toHaveText('4');
  await expect(previewItem(page, '数据模型')).toHaveText('3');
  await expect(previewItem(page, '将新建')).toHaveText('7');
  // Into a new project, the default from the console.
  await expect(page.getByRole('radio', { name: '新项目' })).toBeChecked();
  await page.getByLabel('新项目名称').fill('Pet shop import');
  await expect(page.getByRole('radio', { name: /智能合并/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: '删除来源中已不存在的文档' })).not.toBeChecked();

  const release = await holdFirstPoll(page);
  await page.getByRole('button', { name: '开始导入' }).click();
  const progress = page.getByRole('progressbar', { name: '导入进度' });
  await expect(progress).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: '导入结果' })).toBeVisible({ timeout: 30_000 });
  await expect(reportCount(page, '新建')).toHaveText('7');
  await expect(reportCount(page, '失败')).toHaveText('0');
  await expect(page.getByRole('link', { name: 'List pets' })).toBeVisible();
  // What the import changed for the API's clients (issue 35): four operations added, nothing broken.
  const verdict = page.getByRole('region', { name: '兼容性报告' });
  await expect(verdict).toContainText('+4');
  await expect(verdict.getByTestId('count-error')).toHaveText('0 错误');

  await page.getByRole('link', { name: '打开项目' }).click();
  await expect(page.getByRole('heading', { name: 'Pet shop import', level: 1 })).toBeVisible();
  const tree = page.getByRole('navigation', { name: '文档目录' });
  await expect(tree.getByRole('treeitem', { name: 'pets' })).toBeVisible();
  await tree.getByRole('treeitem', { name: 'pets' }).click();
  await tree.getByRole('treeitem', { name: 'List pets' }).click();
  const projectId = new URL(page.url()).pathname.split('/')[2]!;

  // An edit in the app: the description of one API.
  await page.getByRole('article', { name: 'List pets' }).getByRole('button', { name: '编辑', exact: true }).click();
  await page.getByLabel('接口描述').fill('Edited in Apiloom');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'List pets');

  // The same file again, into this project, from its settings, with the default merge.
  await page.goto(`/dashboard/project/${projectId}/info`);
  await page.getByRole('link', { name: '导入到此项目' }).click();
  await expect(page.getByRole('radio', { name: '已有项目' })).toBeChecked();
  await expect(page.getByRole('combobox', { name: '项目' })).toBeVisible();
  await chooseFile(page, PETSTORE);
  await expect(previewItem(page, '将新建')).toHaveText('0');
  // The preview reads the project's import stamps: the unchanged file is skipped whole (the edit is the person's),
  // exactly as the job finds it.
  await expect(previewItem(page, '将更新')).toHaveText('0');
  await expect(previewItem(page, '将跳过')).toHaveText('7');
  await expect(page.locator('.import-preview')).toContainText('按当前选择，与目标项目及其导入记录对比得出。');
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByRole('heading', { name: '导入结果' })).toBeVisible({ timeout: 30_000 });
  await expect(reportCount(page, '新建')).toHaveText('0');
  await expect(reportCount(page, '更新')).toHaveText('0');
  await expect(reportCount(page, '跳过')).toHaveText('7');

  // A dry run of the file with a lower maximum for `limit`: the report says what it would break, and writes nothing.
  await page.getByRole('button', { name: '再导入一次' }).click();
  const lowered = readFileSync(PETSTORE, 'utf8').replace('maximum: 100', 'maximum: 50');
  await chooseFile(page, { name: 'swagger2-petstore.yaml', mimeType: 'application/yaml', buffer: Buffer.from(lowered) });
  await expect(previewItem(page, '将更新')).toHaveText('1');
  // The preview already says what it would break, before anything is sent.
  await expect(page.locator('.import-preview').getByTestId('count-error')).toHaveText('1 错误');
  await page.getByRole('button', { name: '试运行' }).click();
  await expect(page.getByRole('heading', { name: '试运行结果（未写入任何内容）' })).toBeVisible({ timeout: 30_000 });
  await expect(verdict.getByTestId('count-error')).toHaveText('1 错误');
  await expect(verdict.locator('li[data-severity="error"]')).toContainText('request-parameter-max-decreased');
  await expect(verdict.locator('li[data-severity="error"]')).toContainText('GET /pets');
  await page.getByRole('link', { name: '打开项目' }).click();
  await page.getByRole('navigation', { name: '文档目录' }).getByRole('treeitem', { name: 'pets' }).click();
  await page.getByRole('navigation', { name: '文档目录' }).getByRole('treeitem', { name: 'List pets' }).click();
  await expect(page.getByRole('article', { name: 'List pets' })).toContainText('Edited in Apiloom');
});

test('a pasted cURL command imports one API into an existing project', async ({ page, request }) => {
  const { projectId } = await projectWithSession(page, request, 'Curl target');
  await page.goto(`/dashboard/import?projectId=${projectId}`);
  await page.getByRole('tab', { name: '粘贴文本' }).click();
  await page.getByLabel('粘贴的内容').fill(readFileSync(fixture('curl/fixtures/chrome-bash.txt'), 'utf8'));
  await expect(previewItem(page, '识别的格式')).toHaveText('cURL 命令');
  await expect(previewItem(page, '接口')).toHaveText('1');
  await expect(previewItem(page, '将新建')).toHaveText('1');
  await page.getByRole('button', { name: '开始导入' }).click();
  await expect(page.getByRole('heading', { name: '导入结果' })).toBeVisible({ timeout: 30_000 });
  await expect(reportCount(page, '新建')).toHaveText('1');
  await page.locator('.import-changes').getByRole('link').click();
  const api = page.getByRole('article');
  await expect(api).toContainText('/v1/orders/17');
});

test('a file that is none of the formats is refused with the invalid type message before anything is sent', async ({ page, request }) => {
  const { projectId } = await projectWithSession(page, request, 'Refusals');
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/project/import') && sent.push(r.url()));
  await page.goto(`/dashboard/import?projectId=${projectId}`);
  await chooseFile(page, { name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": "world"}') });
  await expect(page.getByRole('alert')).toContainText('文件类型无效，请选择正确的文件');
  await expect(page.getByRole('button', { name: '开始导入' })).toBeDisabled();
  await expect(page.getByRole('button', { name: '试运行' })).toBeDisabled();
  expect(sent).toEqual([]);
});

test('in English: the page title, the choices and the invalid type message', async ({ page, request }) => {
  const person = await newPerson(request);
  await createProject(request, person.token, { name: 'English target' });
  await withSession(page.context(), person);
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Import - Apiloom');
  await expect(page.getByRole('radio', { name: /Merge/ })).toBeChecked();
  await chooseFile(
    page,
    { name: 'notes.yaml', mimeType: 'text/yaml', buffer: Buffer.from('hello: [just, yaml]\n') },
    'Click to choose a file, or drag one here',
  );
  await expect(page.getByRole('alert')).toContainText('Invalid type: choose a correct file');
  await expect(page.locator('.import-page')).not.toContainText(/[\u4e00-\u9fff]/);
});

test('a URL the server may not fetch (loopback) fails as a job, and the page shows its error message', async ({ page, request }) => {
  const { projectId } = await projectWithSession(page, request, 'URL target');
  await page.goto(`/dashboard/import?projectId=${projectId}`);
  await page.getByRole('tab', { name: '网址' }).click();
  await page.getByLabel('文件网址').fill('http://127.0.0.1:9/openapi.json');
  await page.getByRole('button', { name: '开始导入' }).click();
  const failed = page.getByRole('alert').filter({ hasText: '导入失败：' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  // The job's own message, in the caller's language, follows the colon.
  await expect(failed).toHaveText(/导入失败：\S+/);
  await expect(page.getByRole('button', { name: '再导入一次' })).toBeVisible();
});

/** A valid OpenAPI 3.0 file whose info names and describes the project. */
const shopSpec = () =>
  Buffer.from(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Shop API', description: 'Orders and users of the shop', version: '1' },
      paths: {
        '/users': { post: { summary: 'Create users', tags: ['user'], responses: { '200': { description: 'ok' } } } },
      },
    }),
  );

for (const lang of ['zh', 'en'] as const) {
  const text = {
    zh: {
      drop: '点击选择文件，或将文件拖到这里',
      none: '警告（0）',
      name: '新项目名称',
      description: '新项目描述',
      start: '开始导入',
      report: '导入结果',
      open: '打开项目',
      tree: '文档目录',
    },
    en: {
      drop: 'Click to choose a file, or drag one here',
      none: 'Warnings (0)',
      name: 'New project name',
      description: 'New project description',
      start: 'Import',
      report: 'Import report',
      open: 'Open the project',
      tree: 'Documents',
    },
  }[lang];

  test(`${lang}: a valid OpenAPI file imports with no warning and a clean console; the new project is named and described from info`, async ({
    page,
    request,
  }) => {
    const problems = watchConsole(page);
    const person = await newPerson(request);
    await withSession(page.context(), person);
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    await page.goto('/dashboard/import');
    await chooseFile(page, { name: 'shop.json', mimeType: 'application/json', buffer: shopSpec() }, text.drop);
    await expect(previewItem(page, lang === 'zh' ? '识别的格式' : 'Detected format')).toHaveText('OpenAPI / Swagger');
    await expect(page.locator('.import-preview')).toContainText(text.none);
    await expect(page.locator('.import-warnings')).toHaveCount(0);
    // The new project's name and description come from info, and stay editable.
    await expect(page.getByLabel(text.name)).toHaveValue('Shop API');
    await expect(page.getByLabel(text.description)).toHaveValue('Orders and users of the shop');
    await page.getByLabel(text.name).fill(`Shop API ${lang}`);
    await page.getByRole('button', { name: text.start, exact: true }).click();
    await expect(page.getByRole('heading', { name: text.report })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: text.open }).click();
    await expect(page.getByRole('heading', { name: `Shop API ${lang}`, level: 1 })).toBeVisible();
    const tree = page.getByRole('navigation', { name: text.tree });
    await tree.getByRole('treeitem', { name: 'user' }).click();
    await tree.getByRole('treeitem', { name: 'Create users' }).click();
    await expect(page.getByRole('heading', { name: 'Create users', level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test(`${lang}: a broken JSON file is refused as a JSON syntax error with its line and column`, async ({ page, request }) => {
    const { projectId } = await projectWithSession(page, request, `Broken ${lang}`);
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    await page.goto(`/dashboard/import?projectId=${projectId}`);
    const broken = '{\n  "openapi": "3.0.3",\n  "info": { "title": "Shop" "version": "1" },\n  "paths": {}\n}\n';
    await chooseFile(page, { name: 'shop.json', mimeType: 'application/json', buffer: Buffer.from(broken) }, text.drop);
    await expect(page.getByRole('alert')).toHaveText(
      lang === 'zh' ? '文件不是有效的 JSON：第 3 行第 29 列有语法错误' : 'The file is not valid JSON: a syntax error at line 3, column 29',
    );
    await expect(page.getByRole('button', { name: text.start, exact: true })).toBeDisabled();
  });
}

/** Two operations whose summaries are longer than a tree title and alike in their first words (issue 37). */
const longNamesSpec = () =>
  Buffer.from(
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Users API', version: '1' },
      paths: {
        '/user/createWithArray': {
          post: { summary: 'Creates list of users with given input array', responses: { '200': { description: 'ok' } } },
        },
        '/user/createWithList': {
          post: { summary: 'Creates list of users with given input list', responses: { '200': { description: 'ok' } } },
        },
      },
    }),
  );

for (const lang of ['zh', 'en'] as const) {
  test(`${lang}: names longer than a tree title are kept whole in the header, cut visibly and distinctly in the tree, and listed in the preview`, async ({
    page,
    request,
  }) => {
    const person = await newPerson(request);
    await withSession(page.context(), person);
    if (lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    await page.goto('/dashboard/import');
    const drop = lang === 'zh' ? '点击选择文件，或将文件拖到这里' : 'Click to choose a file, or drag one here';
    await chooseFile(page, { name: 'users.json', mimeType: 'application/json', buffer: longNamesSpec() }, drop);
    // The preview says which names were shortened, with the full name, in the reader's language.
    await page.getByText(lang === 'zh' ? '警告（2）' : 'Warnings (2)').click();
    const warnings = page.locator('.import-warnings');
    await expect(warnings).toContainText(
      lang === 'zh' ? '完整名称：Creates list of users with given input array' : 'full name: Creates list of users with given input array',
    );
    await expect(warnings).toContainText('Creates list of users with given input list');
    await page.getByRole('button', { name: lang === 'zh' ? '开始导入' : 'Import', exact: true }).click();
    await expect(page.getByRole('heading', { name: lang === 'zh' ? '导入结果' : 'Import report' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: lang === 'zh' ? '打开项目' : 'Open the project' }).click();

    // In the tree: two titles, each visibly cut, and not the same.
    const tree = page.getByRole('navigation', { name: lang === 'zh' ? '文档目录' : 'Documents' });
    const items = tree.getByRole('treeitem', { name: /Creates list of users/ });
    await expect(items).toHaveCount(2);
    const titles = await items.allInnerTexts();
    for (const title of titles) expect(title).toContain('…');
    expect(new Set(titles.map((title) => title.trim())).size).toBe(2);
    // The overview's recent changes say what the import did, not "no note".
    await expect(page.getByRole('list', { name: lang === 'zh' ? '最近修改' : 'Recent changes' })).toContainText(
      lang === 'zh' ? '导入创建' : 'Created by an import',
    );
    // The header holds the API's whole name.
    await items.first().click();
    await expect(page.getByRole('heading', { level: 1, name: /^Creates list of users with given input (array|list)$/ })).toBeVisible();
  });
}
