/**
 * The workspace header and the project's landing page (issue 37): the header's entries carry their names, the
 * project's name is never cut (at 1440 and at 390 px), and the landing page is an overview: documents by kind,
 * recent changes with who and when, and quick links. In Chinese and English.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createDocument, createProject, newPerson, withSession } from './support';

const english = (page: Page) => page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));

/** Long enough to be cut by a fixed-width header slot, within the project name's 64 characters. */
const LONG_NAME = 'Payment Gateway Open Platform API 支付网关开放平台接口文档 2026 edition';

const LANGS = [
  {
    lang: 'zh',
    entries: '项目功能',
    labelled: ['版本列表', '新建文档', '回收站', '环境', '全局参数', '导出', '分享管理', '项目设置'],
    counts: '文档统计',
    total: '共 3 篇文档',
    api: 'HTTP 接口',
    markdown: 'Markdown 文档',
    recent: '最近修改',
    links: '快捷入口',
    quick: ['导入文档', '分享项目', 'Mock 设置', '管理环境'],
    newDocument: '新建一篇文档',
    dialog: '新建文档',
    created: '新增文档',
  },
  {
    lang: 'en',
    entries: 'Project features',
    labelled: ['Versions', 'New document', 'Recycle bin', 'Environments', 'Global parameters', 'Export', 'Share links', 'Project settings'],
    counts: 'Documents by kind',
    total: '3 documents in all',
    api: 'HTTP API',
    markdown: 'Markdown',
    recent: 'Recent changes',
    links: 'Quick links',
    quick: ['Import documents', 'Share the project', 'Mock settings', 'Manage environments'],
    newDocument: 'Add a document',
    dialog: 'New document',
    created: 'Created the document',
  },
] as const;

/** The entries that open something in place (the others are links to pages). */
const BUTTONS: readonly string[] = ['版本列表', 'Versions', '新建文档', 'New document', '回收站', 'Recycle bin'];

/**
 * Whether any box between the element and the header cuts it, or it runs past the window's edge. Polled: after the
 * window is resized the header lays itself out again over a few frames (its entries fold into a menu), and what
 * counts is the layout it settles in.
 */
async function expectWhole(name: Locator) {
  await expect(name).toBeVisible();
  const cutOf = () =>
    name.evaluate((el) => {
      for (let box: HTMLElement | null = el as HTMLElement; box && box.tagName !== 'HEADER'; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1) return `cut by .${box.className}`;
      }
      const rect = el.getBoundingClientRect();
      return rect.left < 0 || rect.right > window.innerWidth ? 'past the window' : null;
    });
  await expect.poll(cutOf).toBeNull();
}

for (const L of LANGS) {
  test(`[${L.lang}] labelled header entries, the whole project name at 1440 and 390 px, and the overview`, async ({ page, request }) => {
    test.setTimeout(90_000);
    if (L.lang === 'en') await english(page);
    const owner = await newPerson(request, 'Overview Owner');
    const projectId = await createProject(request, owner.token, { name: LONG_NAME });
    await createDocument(request, owner.token, projectId, { type: 'folder', name: 'Guides' });
    await createDocument(request, owner.token, projectId, {
      type: 'api',
      name: 'List orders',
      content: { method: 'GET', path: '/orders', description: 'Lists orders' },
    });
    await createDocument(request, owner.token, projectId, {
      type: 'api',
      name: 'Create order',
      content: { method: 'POST', path: '/orders', description: 'Creates an order' },
    });
    await createDocument(request, owner.token, projectId, { type: 'doc', name: 'Read me', content: { markdown: '# Hello' } });
    await withSession(page.context(), owner);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/project/${projectId}`);
    await expect(page.getByRole('heading', { name: LONG_NAME, level: 1 })).toBeVisible();

    // The header: each entry says what it is in words, not only in an icon's tooltip.
    const entries = page.getByRole('banner').getByRole('group', { name: L.entries });
    for (const label of L.labelled) {
      const entry = entries.getByRole(BUTTONS.includes(label) ? 'button' : 'link', { name: label, exact: true });
      await expect(entry).toBeVisible();
      await expect(entry).toHaveText(label);
    }
    await expectWhole(page.getByRole('banner').getByText(LONG_NAME, { exact: true }));

    // The overview: documents by kind (folders apart), recent changes with who and when, and the quick links.
    const counts = page.getByRole('list', { name: L.counts });
    await expect(page.getByText(L.total, { exact: true })).toBeVisible();
    await expect(counts.getByRole('listitem').filter({ hasText: L.api })).toContainText('2');
    await expect(counts.getByRole('listitem').filter({ hasText: L.markdown })).toContainText('1');
    const recent = page.getByRole('list', { name: L.recent });
    for (const name of ['List orders', 'Create order', 'Read me']) {
      const row = recent.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
      await expect(row).toContainText('Overview Owner · ');
      await expect(row).toContainText(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
      await expect(row).toContainText(L.created);
    }
    await expect(recent.getByRole('link', { name: 'Guides' })).toHaveCount(0);
    const quick = page.getByRole('navigation', { name: L.links });
    for (const name of L.quick) await expect(quick.getByRole('link', { name, exact: true })).toBeVisible();
    await recent.getByRole('link', { name: 'Read me', exact: true }).click();
    await expect(page.getByRole('article', { name: 'Read me' })).toBeVisible();
    await page.goBack();
    await quick.getByRole('button', { name: L.newDocument, exact: true }).click();
    await expect(page.getByRole('dialog', { name: L.dialog })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: L.dialog })).toBeHidden();

    // A phone: the name is still whole, and the overview still says what the project holds.
    await page.setViewportSize({ width: 390, height: 844 });
    await expectWhole(page.getByRole('banner').getByText(LONG_NAME, { exact: true }));
    await expect(page.getByRole('list', { name: L.recent }).getByRole('link', { name: 'Create order', exact: true })).toBeVisible();
    await expect(page.getByText(L.total, { exact: true })).toBeVisible();
  });
}
