/** One language at a time (defect 8): Chinese pages stay Chinese, English pages have no Chinese left in them. */
import { expect, test } from '@playwright/test';
import { createDocument, createProject, expectSaved, newPerson, projectWithSession } from './support';

const DATE = /\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/;

test('the rich-text heading picker speaks the interface language', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Headings');
  const doc = await createDocument(request, token, projectId, { type: 'richtext', name: 'Notes', content: { html: '<p>text</p>' } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  const picker = page.locator('.ql-header.ql-picker');
  await expect(picker.locator('.ql-picker-label')).toHaveAttribute('data-label', '正文');
  await expect(picker.locator('.ql-picker-item[data-value="1"]')).toHaveAttribute('data-label', '标题 1');

  await page.getByRole('button', { name: '取消' }).click();
  await page.getByLabel('语言').getByText('English').click();
  await page.goto(`/project/${projectId}/${doc}/edit`);
  await expect(picker.locator('.ql-picker-label')).toHaveAttribute('data-label', 'Normal');
  await expect(picker.locator('.ql-picker-item[data-value="1"]')).toHaveAttribute('data-label', 'Heading 1');
});

test('in English: the 404 page and its title, default document names and history notes, the manual, dates', async ({ page, request }) => {
  await page.goto('/');
  await page.getByLabel('语言').getByText('English').click();
  await expect(page.getByRole('button', { name: 'Online demo' })).toBeVisible();

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await expect(page.locator('body')).not.toContainText(/[\u4e00-\u9fff]/);

  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'User manual' })).toBeVisible();
  await expect(page.locator('article')).toContainText('"New project"');
  await expect(page.locator('article')).not.toContainText(/[“”‘’\u3000-\u303f\uff00-\uffef\u4e00-\u9fff]/);

  // A document made with the server's defaults: the name and the history note show in English.
  // Signed in through the English form: the sign-in page is one of the English pages.
  const { account, token } = await newPerson(request);
  const project = await createProject(request, token, { name: 'Defaults' });
  const doc = await createDocument(request, token, project, {});
  await page.goto(`/login?f=${encodeURIComponent(`/project/${project}/${doc}`)}`);
  await page.getByLabel('Email or phone').fill(account);
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Untitled document', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Documents' }).getByRole('treeitem', { name: 'Untitled document' })).toBeVisible();
  await expect(page).toHaveTitle('Untitled document - Defaults - Apiloom');
  await expect(page.getByRole('article')).toContainText(DATE);

  // Its first save keeps the created version in the history, with the server's default note.
  await page.getByRole('article').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: 'Markdown' }).fill('# Words');
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Untitled document', 'Edit');
  await expect(page.getByRole('article').getByRole('heading', { name: 'Words' })).toBeVisible();
  await page.getByRole('button', { name: 'History' }).click();
  const entry = page.getByRole('dialog', { name: 'History' }).getByRole('listitem').first();
  await expect(entry).toContainText('Created the document');
  await expect(entry).toContainText(DATE);
  await page.keyboard.press('Escape');

  await page.getByRole('banner').getByRole('button', { name: 'New document' }).click();
  await expect(page.getByRole('dialog', { name: 'New document' }).getByLabel('Document title')).toHaveValue('Untitled document');
  await page.keyboard.press('Escape');
  // The language switch names Chinese in Chinese, as language switches do; nothing else may.
  expect((await page.locator('body').innerText()).replace('中文', '')).not.toMatch(/[\u4e00-\u9fff“”]/);
});

test.describe('a browser that prefers English', () => {
  test.use({ locale: 'en-US' });

  test('is offered English once, in English; the choice is remembered and Chinese stays the default', async ({ page }) => {
    await page.goto('/');
    const offer = page.getByRole('region', { name: 'Language' });
    await expect(offer).toContainText('This site is in Chinese by default. Read it in English?');
    // Until answered, the page is the default Chinese.
    await expect(page.getByRole('button', { name: '在线演示' })).toBeVisible();
    await offer.getByRole('button', { name: 'Switch to English' }).click();
    await expect(page.getByRole('button', { name: 'Online demo' })).toBeVisible();
    await expect(offer).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Online demo' })).toBeVisible();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(0);
  });

  test('keeping Chinese is remembered too: no offer on the next visit', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('region', { name: 'Language' }).getByRole('button', { name: '继续使用中文' }).click();
    await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Language' })).toHaveCount(0);
  });
});

test('a Chinese browser is not offered English', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^(Language|语言)$/ })).toHaveCount(0);
});
