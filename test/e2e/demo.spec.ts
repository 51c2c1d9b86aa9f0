import { expect, test } from '@playwright/test';
import { expectAccessible } from './support';

test('the online demo opens on a sample project that shows every kind of document (defect 10)', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '在线演示' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('article', { name: '示例项目 · Pet Store API' }).getByRole('link', { name: '示例项目 · Pet Store API' }).click();
  const tree = page.getByRole('navigation', { name: '文档目录' });
  await tree.getByRole('treeitem', { name: '宠物 Pets' }).click();
  await tree.getByRole('treeitem', { name: '订单 Orders' }).click();
  for (const icon of ['api', 'folder', 'file-markdown', 'file-text', 'code', 'link', 'global', 'node-index']) {
    await expect(tree.locator(`.anticon-${icon}`).first()).toBeVisible();
  }
  await expect(tree.getByRole('treeitem').filter({ has: page.locator('.anticon-api') })).toHaveCount(5);

  // An API of the sample: nested parameters and an example.
  await tree.getByRole('treeitem', { name: 'Place an order' }).click();
  const doc = page.getByRole('article', { name: 'Place an order' });
  await expect(doc.getByText('/orders')).toBeVisible();
  const body = doc.getByRole('table', { name: '请求体 · json' });
  await expect(body.getByRole('cell', { name: 'petId' })).toBeVisible();
  await expect(body.getByRole('cell', { name: 'street' })).toBeVisible();
  await expect(doc.getByRole('region', { name: '响应示例' })).toContainText('"orderId": "o-1001"');
  await expectAccessible(page, 'project view');
});
