/**
 * The avatar on /dashboard/profile/info (issue 25): uploaded within the image limit and kept with the account (a
 * person with no project at all uploads one), previewed, replaced and removed; the header shows the saved one. A
 * file over 500 KB or not an image is refused in the browser with the localised message.
 */
import { expect, test, type Page } from '@playwright/test';
import { newPerson, withSession } from './support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BIG = Buffer.concat([PNG, Buffer.alloc(500 * 1024)]);
const NOT_IMAGE = Buffer.from('<html><script>alert(1)</script></html>');

async function choose(page: Page, button: string, file: { name: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button }).click();
  await (await chooser).setFiles({ ...file, mimeType: 'image/png' });
}

test('uploads an avatar, saves it and the header shows it; replaces and removes it; refuses a file too big or not an image', async ({
  page,
  request,
}) => {
  // A person with no project: the avatar is the account's own.
  const person = await newPerson(request);
  await withSession(page.context(), person);
  await page.goto('/dashboard/profile/info');
  const menu = page.getByRole('button', { name: /用户菜单/ });
  await expect(menu).toBeVisible();
  await expect(menu.locator('img')).toHaveCount(0);

  await choose(page, '上传头像', { name: 'big.png', buffer: BIG });
  await expect(page.getByText('图片大小超过500KB')).toBeVisible();
  await choose(page, '上传头像', { name: 'page.png', buffer: NOT_IMAGE });
  await expect(page.getByText('图片只能是 PNG、JPEG、GIF 或 WebP 格式')).toBeVisible();
  await expect(page.getByRole('img', { name: '头像预览' })).toHaveCount(0);

  await choose(page, '上传头像', { name: 'me.png', buffer: PNG });
  const preview = page.getByRole('img', { name: '头像预览' });
  await expect(preview).toHaveAttribute('src', /^\/files\/[\w-]+\/[\w-]{22}$/);
  const first = await preview.getAttribute('src');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.reload();
  await expect(menu.locator('img')).toHaveAttribute('src', first!);
  await expect(preview).toHaveAttribute('src', first!);
  // The file is served: the browser shows the image, not a broken one.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

  // Replaced: a new file; removed: the initial again, in the header too once saved.
  await choose(page, '更换头像', { name: 'me2.png', buffer: PNG });
  await expect(preview).not.toHaveAttribute('src', first!);
  await expect(preview).toHaveAttribute('src', /^\/files\//);
  await page.getByRole('button', { name: '移除头像' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByRole('button', { name: '上传头像' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已保存')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: '上传头像' })).toBeVisible();
  await expect(menu.locator('img')).toHaveCount(0);
});

test('(en) the avatar field speaks English, refuses a file too big, and uploads without any project', async ({ page, request }) => {
  const person = await newPerson(request);
  await withSession(page.context(), person);
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto('/dashboard/profile/info');
  await choose(page, 'Upload avatar', { name: 'big.png', buffer: BIG });
  await expect(page.getByText('image size exceeds 500KB')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toHaveCount(0);
  await choose(page, 'Upload avatar', { name: 'me.png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Avatar preview' })).toHaveAttribute('src', new RegExp(`^/files/${person.userId}/`));
});
