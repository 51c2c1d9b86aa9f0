import { expect, test } from '@playwright/test';
import { createDocument, createProject, expectSaved, newPerson, signIn, trackRequests, watchConsole } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('the console stays clean: no HydrateFallback warning, no failed or aborted request, through an upload (defect 9)', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  // Each page finishes loading before the test leaves it with a goto, which would abort what is still loading.
  const requests = trackRequests(page);

  await page.goto('/');
  await expect(page.getByRole('button', { name: '在线演示' })).toBeVisible();
  await requests.settled();
  // Through the sign-in form: the journey a person makes, every page of it watched.
  const { account, token } = await newPerson(request);
  const projectId = await createProject(request, token, { name: 'Clean' });
  await page.goto(`/login?f=${encodeURIComponent(`/project/${projectId}`)}`);
  await signIn(page, account);
  await expect(page.getByRole('heading', { name: 'Clean', level: 1 })).toBeVisible();
  await requests.settled();
  const doc = await createDocument(request, token, projectId, { name: 'Upload here', content: { markdown: '# Title' } });
  await page.goto(`/project/${projectId}/${doc}/edit`);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: '图片' }).click();
  await (await chooser).setFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('textbox', { name: 'Markdown' })).toHaveValue(/!\[dot\.png\]\(\/files\//);
  await page.keyboard.press('Control+s');
  await expectSaved(page, 'Upload here');
  await expect(page.getByRole('article', { name: 'Upload here' }).locator('img[src^="/files/"]')).toHaveCount(1);
  await requests.settled();
  expect(problems).toEqual([]);

  // Leaving may abort the page's own late reads (the test's doing, not the app's); the next page loads cleanly.
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Clean' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(problems.filter((p) => !p.startsWith('failed:'))).toEqual([]);
});
