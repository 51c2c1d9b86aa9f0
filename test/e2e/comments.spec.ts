/**
 * Comments and the bell (issue 38): a member writes a comment that @mentions another through the comment editor's
 * member list, and the one mentioned sees it in the bell, opens it, and lands on the document with it read.
 */
import { expect, test } from '@playwright/test';
import { createDocument, projectWithSession, viewerInOwnBrowser } from './support';

test('a comment with an @mention reaches the mentioned member’s bell', async ({ page, request, browser }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Comments e2e');
  const docId = await createDocument(request, token, projectId, { name: 'Orders API', content: { markdown: 'orders' } });
  const { context, page: viewerPage } = await viewerInOwnBrowser(browser, request, projectId, token);

  await page.goto(`/project/${projectId}/${docId}`);
  await page.getByRole('button', { name: '评论 · 0' }).click();
  const drawer = page.getByRole('dialog', { name: '评论' });
  const editor = drawer.getByRole('textbox', { name: '写评论，支持 Markdown，输入 @ 提及成员' });
  await editor.pressSequentially('@Vie');
  await page.locator('.ant-mentions-dropdown').getByText('Viewer', { exact: true }).click();
  await editor.pressSequentially('is **page** 1-based?');
  await drawer.getByRole('button', { name: '发表' }).click();
  // The body renders as sanitised markdown; the header counts it.
  await expect(drawer.getByRole('article').locator('strong', { hasText: 'page' })).toBeVisible();
  await expect(page.getByRole('button', { name: '评论 · 1' })).toBeVisible();

  await viewerPage.goto(`/project/${projectId}`);
  await viewerPage.getByRole('button', { name: '通知（1 条未读）' }).click();
  const bell = viewerPage.getByRole('dialog', { name: '通知' });
  await bell.getByRole('button', { name: 'E2E 在「Orders API」中提到了你' }).click();
  await expect(viewerPage).toHaveURL(new RegExp(`/project/${projectId}/${docId}$`));
  await expect(viewerPage.getByRole('button', { name: '通知（0 条未读）' })).toBeVisible();
  await context.close();
});
