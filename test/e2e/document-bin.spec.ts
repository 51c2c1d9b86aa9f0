/**
 * The document bin through the tree (issue 27): a delete can be undone from its toast, and restored from the
 * project's 回收站 to its place; a viewer has no bin. And a link to a document that does not exist (or is in the
 * bin) says so, with the way back to the project, in both languages.
 */
import { expect, test } from '@playwright/test';
import { apiData, createDocument, projectWithSession, viewerInOwnBrowser } from './support';

test('delete from the tree, undo from the toast; delete again, restore from the bin to its place; a viewer has no bin', async ({
  page,
  request,
  browser,
}) => {
  const { projectId, token } = await projectWithSession(page, request, 'Bin e2e');
  const folder = await createDocument(request, token, projectId, { type: 'folder', name: 'Orders' });
  await createDocument(request, token, projectId, { name: 'Create order', parentId: folder });
  await createDocument(request, token, projectId, { name: 'Pay order', parentId: folder });
  await createDocument(request, token, projectId, { name: 'Notes' });
  await page.goto(`/project/${projectId}`);
  const tree = page.getByRole('navigation', { name: '文档目录' });
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes', 'Orders']);
  await tree.getByRole('treeitem', { name: 'Orders' }).click();
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes', 'Orders', 'Pay order', 'Create order']);

  const remove = async (name: string) => {
    await tree.getByRole('button', { name: `${name} 的操作` }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    const confirm = page.getByRole('dialog', { name: '删除' });
    await expect(confirm).toContainText('移入项目的回收站，30 天内可以恢复');
    await confirm.getByRole('button', { name: '删除' }).click();
  };

  await remove('Orders');
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes']);
  const toast = page.locator('.ant-message').filter({ hasText: '“Orders”已移入回收站' });
  await toast.getByRole('button', { name: '撤销' }).click();
  await expect(page.getByText('已恢复“Orders”')).toBeVisible();
  // Back as it was, still open in the tree.
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes', 'Orders', 'Pay order', 'Create order']);

  await remove('Orders');
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes']);
  await page.getByRole('banner').getByRole('button', { name: '回收站' }).click();
  const bin = page.getByRole('dialog', { name: '回收站' });
  const entry = bin.getByRole('listitem').filter({ hasText: 'Orders' });
  await expect(entry).toContainText('共 3 个文档');
  await expect(entry).toContainText('30 天后永久删除');
  await entry.getByRole('button', { name: '恢复 Orders' }).click();
  await expect(bin.getByText('回收站是空的')).toBeVisible();
  // (The toast of the undo above may still be showing.)
  await expect(page.getByText('已恢复“Orders”').last()).toBeVisible();
  await page.keyboard.press('Escape');
  // Back in its place: above Notes, where it was, with its children in their order.
  await expect(tree.getByRole('treeitem')).toHaveText(['Notes', 'Orders', 'Pay order', 'Create order']);

  // A viewer reads the project but has no bin.
  const { context, page: viewerPage } = await viewerInOwnBrowser(browser, request, projectId, token);
  await viewerPage.goto(`/project/${projectId}`);
  await expect(viewerPage.getByRole('navigation', { name: '文档目录' }).getByRole('treeitem', { name: 'Notes' })).toBeVisible();
  await expect(viewerPage.getByRole('heading', { name: 'Bin e2e', level: 1 })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: '回收站' })).toHaveCount(0);
  await context.close();
});

test('a wrong or binned document id says so, with the way back to the project, in Chinese and in English', async ({ page, request }) => {
  const { projectId, token } = await projectWithSession(page, request, 'Wrong ids');
  const binned = await createDocument(request, token, projectId, { name: 'Old notes' });
  await apiData(request, 'delete', `/api/project/document/${binned}`, token);

  await page.goto(`/project/${projectId}/nosuchdoc`);
  await expect(page.getByText('文档不存在', { exact: true })).toBeVisible();
  await expect(page.getByText('这个链接中的文档不存在，可能已被永久删除，或链接不完整。')).toBeVisible();
  await expect(page.getByText('参数错误')).toHaveCount(0);
  await page.goto(`/project/${projectId}/${binned}`);
  await expect(page.getByText('文档在回收站中', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: '返回项目首页' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'Wrong ids', level: 1 })).toBeVisible();

  await page.getByLabel('语言').getByText('English').click();
  await page.goto(`/project/${projectId}/nosuchdoc`);
  await expect(page.getByText('Document not found', { exact: true })).toBeVisible();
  await expect(page.getByText('The document in this link does not exist')).toBeVisible();
  await page.goto(`/project/${projectId}/${binned}`);
  await expect(page.getByText('This document is in the recycle bin', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the project' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}$`));
});
