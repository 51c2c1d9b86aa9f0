import { expect, test, type Page } from '@playwright/test';
import { registerViaApi, signIn } from './support';

async function createProject(page: Page, name: string) {
  await page.getByRole('button', { name: '新建项目' }).click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('项目名称').fill(name);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('article', { name })).toBeVisible();
}

test('folders and projects: create, favourite, move by dragging, archive and restore, delete and restore', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('还没有项目')).toBeVisible();

  // A folder and two projects.
  await page.getByRole('button', { name: '新建文件夹' }).click();
  await page.getByRole('dialog', { name: '新建文件夹' }).getByLabel('文件夹名称').fill('Backend');
  await page.getByRole('dialog', { name: '新建文件夹' }).getByRole('button', { name: '保存' }).click();
  const folder = page.getByRole('article', { name: '文件夹 Backend' });
  await expect(folder).toBeVisible();
  await createProject(page, 'Orders API');
  await createProject(page, 'Users API');

  // Favourite one; it appears in my collection.
  await page.getByRole('button', { name: '收藏: Orders API' }).click();
  await expect(page.getByRole('button', { name: '取消收藏: Orders API' })).toBeVisible();
  await page.getByRole('link', { name: '我的收藏' }).click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Users API' })).toBeHidden();
  await page.getByRole('link', { name: '我的项目' }).first().click();

  // Drag one into the folder; it leaves the top level and is inside the folder.
  await page.getByRole('article', { name: 'Users API' }).dragTo(folder);
  await expect(page.getByRole('article', { name: 'Users API' })).toBeHidden();
  await folder.getByRole('button', { name: 'Backend' }).click();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('Backend');
  await expect(page.getByRole('article', { name: 'Users API' })).toBeVisible();
  await page.getByRole('navigation', { name: '当前位置' }).getByRole('button', { name: '我的项目' }).click();

  // Archive and restore.
  const orders = page.getByRole('article', { name: 'Orders API' });
  await orders.getByRole('button', { name: '归档' }).click();
  await page.getByRole('dialog', { name: '归档' }).getByRole('button', { name: '归档' }).click();
  await expect(orders).toBeHidden();
  await page.getByRole('link', { name: '归档项目' }).click();
  await page.getByRole('article', { name: 'Orders API' }).getByRole('button', { name: '取消归档' }).click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeHidden();
  await page.getByRole('link', { name: '我的项目' }).first().click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeVisible();

  // Delete to the recycle bin, see the days left, restore.
  await page.getByRole('article', { name: 'Orders API' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '删除' }).getByRole('button', { name: '删除' }).click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeHidden();
  await page.getByRole('link', { name: '回收站' }).click();
  const binned = page.getByRole('article', { name: 'Orders API' });
  await expect(binned).toContainText('30 天后自动删除');
  await binned.getByRole('button', { name: '恢复' }).click();
  await expect(binned).toBeHidden();
  await page.getByRole('link', { name: '我的项目' }).first().click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeVisible();
});

test('project settings: rename with validation, then delete from the danger zone', async ({ page, request }) => {
  const { account } = await registerViaApi(request);
  await page.goto('/login');
  await signIn(page, account);
  await createProject(page, 'Settings demo');
  await page.getByRole('article', { name: 'Settings demo' }).getByRole('link', { name: '设置' }).click();
  await expect(page).toHaveURL(/\/dashboard\/project\/[\w-]+\/info$/);

  await page.getByLabel('项目名称').fill('x'.repeat(65));
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('项目名称 1-64 个字符')).toBeVisible();
  await page.getByLabel('项目名称').fill('Renamed project');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.getByRole('region', { name: '危险操作' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '删除' }).getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL(/view=recycle/);
  await expect(page.getByRole('article', { name: 'Renamed project' })).toBeVisible();
});
