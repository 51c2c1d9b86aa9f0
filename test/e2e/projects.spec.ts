import { expect, test, type Page } from '@playwright/test';
import { apiData, newPerson, withSession } from './support';

async function createProject(page: Page, name: string) {
  await page.getByRole('button', { name: '新建项目' }).click();
  const dialog = page.getByRole('dialog', { name: '新建项目' });
  await dialog.getByLabel('项目名称').fill(name);
  await dialog.getByRole('button', { name: '创建' }).click();
  await expect(dialog).toBeHidden();
  // A new project opens, ready for its first document; the console lists it on the way back.
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('article', { name })).toBeVisible();
}

test('folders and projects: create, favourite, move by dragging, archive and restore, delete and restore', async ({ page, request }) => {
  await withSession(page.context(), await newPerson(request));
  await page.goto('/dashboard');
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
  await folder.getByRole('button', { name: 'Backend', exact: true }).click();
  await expect(page.getByRole('navigation', { name: '当前位置' })).toContainText('Backend');
  await expect(page.getByRole('article', { name: 'Users API' })).toBeVisible();
  await page.getByRole('navigation', { name: '当前位置' }).getByRole('button', { name: '我的项目' }).click();

  // Archive and restore.
  const orders = page.getByRole('article', { name: 'Orders API' });
  await orders.getByRole('button', { name: '更多操作：Orders API' }).click();
  await page.getByRole('menuitem', { name: '归档', exact: true }).click();
  await page.getByRole('dialog', { name: '归档' }).getByRole('button', { name: '归档' }).click();
  await expect(orders).toBeHidden();
  await page.getByRole('link', { name: '归档项目' }).click();
  await page.getByRole('article', { name: 'Orders API' }).getByRole('button', { name: '取消归档' }).click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeHidden();
  await page.getByRole('link', { name: '我的项目' }).first().click();
  await expect(page.getByRole('article', { name: 'Orders API' })).toBeVisible();

  // Delete to the recycle bin, see the days left, restore.
  await page.getByRole('article', { name: 'Orders API' }).getByRole('button', { name: '更多操作：Orders API' }).click();
  await page.getByRole('menuitem', { name: '删除', exact: true }).click();
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
  await withSession(page.context(), await newPerson(request));
  await page.goto('/dashboard');
  await createProject(page, 'Settings demo');
  await page.getByRole('article', { name: 'Settings demo' }).getByRole('button', { name: '更多操作：Settings demo' }).click();
  await page.getByRole('menuitem', { name: '项目设置' }).click();
  await expect(page).toHaveURL(/\/dashboard\/project\/[\w-]+\/info$/);

  await page.getByLabel('项目名称').fill('x'.repeat(65));
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('项目名称 1-64 个字符')).toBeVisible();
  await page.getByLabel('项目名称').fill('Renamed project');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.getByRole('region', { name: '危险操作' }).getByRole('button', { name: '删除' }).click();
  await page.getByRole('dialog', { name: '删除' }).getByRole('button', { name: '删除' }).click();
  await expect(page).toHaveURL(/view=recycle/);
  await expect(page.getByRole('article', { name: 'Renamed project' })).toBeVisible();
});

test('search filters as you type; the list view shows owner, document count and updated time; cards keep their actions in one menu (defects 5 and 11)', async ({
  page,
  request,
}) => {
  const person = await newPerson(request);
  for (const name of ['Billing service', 'Billing admin', 'Catalog']) {
    const made = await apiData<{ id: string }>(request, 'put', '/api/project', person.token, { name });
    if (name !== 'Catalog') continue;
    for (const doc of ['Intro', 'Errors']) {
      await apiData(request, 'put', '/api/project/document', person.token, { projectId: made.id, name: doc, content: { markdown: doc } });
    }
  }
  await withSession(page.context(), person);
  await page.goto('/dashboard');
  await expect(page.getByRole('article', { name: 'Catalog' })).toBeVisible();

  // Typing filters without Enter.
  await page.getByRole('searchbox', { name: '搜索项目' }).pressSequentially('Bill', { delay: 30 });
  await expect(page.getByRole('heading', { name: '搜索“Bill”' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Billing service' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Billing admin' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Catalog' })).toBeHidden();
  await expect(page).toHaveURL(/q=Bill/);

  // A card: a name, a favourite star and one menu with every action, no row of text links.
  const card = page.getByRole('article', { name: 'Billing admin' });
  await expect(card.getByRole('button')).toHaveCount(2);
  await card.getByRole('button', { name: '更多操作：Billing admin' }).click();
  await expect(page.locator('.ant-dropdown:visible').getByRole('menuitem')).toHaveText([
    '项目设置',
    '移动到',
    '导入到此项目',
    '复制项目',
    '归档',
    '删除',
  ]);
  await page.keyboard.press('Escape');

  // The list view: owner, document count, updated time (spec date format), visibility and role as columns.
  await page.getByRole('searchbox', { name: '搜索项目' }).fill('');
  await page.getByText('列表', { exact: true }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toContainText(['项目名称', '所有者', '文档数', '更新时间', '可见性', '我的角色']);
  const row = table.getByRole('row', { name: /Catalog/ });
  await expect(row).toContainText('我');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}/);
});
