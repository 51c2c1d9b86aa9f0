/**
 * What a hostile document or a planted cookie must not be able to do in the browser: dress itself as our
 * interface, start a frame from stored markup, or break the app. And the app's own pages load without a single
 * console error (zod's eval probe used to trip the CSP on every load).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createDocument, createProject, newPerson, withSession } from './support';

const APP = `http://127.0.0.1:${process.env.E2E_PORT}`;

async function signedIn(page: Page, request: APIRequestContext) {
  const user = await newPerson(request, 'Hardening');
  await withSession(page.context(), user);
  const projectId = await createProject(request, user.token, { name: 'Hostile' });
  const create = (type: string, name: string, content: unknown) => createDocument(request, user.token, projectId, { type, name, content });
  return { projectId, create };
}

const consoleErrors = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
};

test('a document cannot cover the page: only our editors’ styles survive and user content stays in its box', async ({ page, request }) => {
  const { projectId, create } = await signedIn(page, request);
  const overlay = 'position:fixed;inset:0;z-index:2147483647;background:#fff;width:100vw;height:100vh';
  const markdownId = await create('doc', 'Phish md', {
    markdown: `# Notes\n\n<div style="${overlay}" class="ant-modal-mask dialog-backdrop">Session expired, enter your password</div>\n\n<span style="color: red; position: fixed; top: 0">kept colour</span>`,
  });
  const richId = await create('richtext', 'Phish rt', {
    html: `<p style="${overlay}">Fake login</p><p class="ql-align-center" style="background-color: #ff0; color: url(javascript:alert(1))">centred</p>`,
  });

  await page.goto(`/project/${projectId}/${markdownId}`);
  const fake = page.getByText('Session expired, enter your password');
  await expect(fake).toBeVisible();
  expect(await fake.getAttribute('style')).toBeNull();
  expect(await fake.getAttribute('class')).toBeNull();
  expect(await page.getByText('kept colour').getAttribute('style')).toBe('color: red');
  const box = (await page.locator('.user-content').first().boundingBox())!;
  const fakeBox = (await fake.boundingBox())!;
  expect(fakeBox.y).toBeGreaterThanOrEqual(box.y);
  expect(fakeBox.y + fakeBox.height).toBeLessThanOrEqual(box.y + box.height + 1);
  expect(fakeBox.width).toBeLessThanOrEqual(box.width + 1);

  await page.goto(`/project/${projectId}/${richId}`);
  await expect(page.getByText('Fake login')).toBeVisible();
  expect(await page.getByText('Fake login').getAttribute('style')).toBeNull();
  const centred = page.getByText('centred');
  expect(await centred.getAttribute('style')).toBe('background-color: #ff0');
  expect(await centred.getAttribute('class')).toBe('ql-align-center');
});

test('stored markup never becomes a live frame, in the view or in the rich-text editor', async ({ page, request }) => {
  const { projectId, create } = await signedIn(page, request);
  const docId = await create('richtext', 'Framed', {
    html: '<p>before</p><iframe class="ql-video" frameborder="0" allowfullscreen="true" src="/__probe/framed-page"></iframe><p>after</p>',
  });
  const framed: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/__probe/')) framed.push(r.url());
  });
  await page.goto(`/project/${projectId}/${docId}`);
  await expect(page.getByText('after')).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.goto(`/project/${projectId}/${docId}/edit`);
  await expect(page.locator('.ql-editor')).toContainText('after');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(framed).toEqual([]);
});

test('the app’s pages load without a console error (no CSP violation from an eval probe)', async ({ page, request }) => {
  const errors = consoleErrors(page);
  await page.goto('/login');
  await expect(page.locator('form')).toBeVisible();
  await page.goto('/');
  const { projectId } = await signedIn(page, request);
  await page.goto('/dashboard');
  await page.goto(`/project/${projectId}`);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});

test('a malformed session cookie is ignored: the app asks to sign in instead of failing', async ({ page }) => {
  await page.context().addCookies([{ name: 'apiloom-token', value: '%', url: APP }]);
  const errors = consoleErrors(page);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(/URI malformed/i)).toHaveCount(0);
  expect(errors.filter((e) => /malformed/i.test(e))).toEqual([]);
});
