/**
 * An offline deployment's screens (issue 25, spec section 1): no third-party sign-in, no registration, no email or
 * phone change; the online deployment (the suite's stack, with the fake providers) shows them all.
 *
 * The suite runs one stack, online: a second, offline one (its own DynamoDB Local, s3rver and gateway) for these
 * screens alone would double the suite's services. The API's refusals offline are tested against the handlers in
 * test/integration/offline.test.ts; here the browser gets the stack's own /config.js with `offline: true` added
 * through `page.route`, which is all the screens read (web/src/config.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { newPerson, withSession } from './support';

async function offline(page: Page) {
  await page.route('**/config.js', async (route) => {
    const served = await route.fetch();
    expect(served.status()).toBe(200);
    const body = `${await served.text()}\nwindow.APILOOM_CONFIG = { ...window.APILOOM_CONFIG, offline: true };\n`;
    await route.fulfill({ response: served, body });
  });
}

const PROVIDER_BUTTONS = /^使用( GitHub | Gitee |微博|微信)登录$/;

test('offline: the sign-in page offers no provider and no registration; /register says it is closed', async ({ page }) => {
  await offline(page);
  // The buttons come from the list of offered providers, which arrives after the page shows: offline it is never
  // asked for (counted over the whole test, so a request the sign-in page made is seen by the end).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/login/third-part') asked.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: PROVIDER_BUTTONS })).toHaveCount(0);
  await expect(page.getByRole('link', { name: '没有账号？立即注册' })).toHaveCount(0);

  await page.goto('/register');
  await expect(page.getByText('离线部署不开放注册')).toBeVisible();
  await expect(page.getByLabel('验证码')).toHaveCount(0);
  await expect(page.getByRole('button', { name: '发送验证码' })).toHaveCount(0);
  expect(asked).toEqual([]);
});

test('offline: /relation binds nothing and /security changes no email or phone', async ({ page, request }) => {
  await withSession(page.context(), await newPerson(request));
  await offline(page);
  await page.goto('/dashboard/profile/relation');
  await expect(page.getByText('离线部署不支持第三方登录。')).toBeVisible();
  await expect(page.getByRole('button', { name: /绑定$/ })).toHaveCount(0);

  await page.goto('/dashboard/profile/security');
  await expect(page.getByRole('heading', { name: '修改密码' })).toBeVisible();
  await expect(page.getByText('离线部署不支持修改邮箱或手机号')).toBeVisible();
  await expect(page.getByRole('heading', { name: '修改邮箱' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '修改手机号' })).toHaveCount(0);
});

test('(en) offline: /register says registration is closed', async ({ page }) => {
  await offline(page);
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto('/register');
  await expect(page.getByText('Registration is disabled in an offline deployment')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
});

test('online: the sign-in page offers the providers and registration; /relation binds, /security changes addresses', async ({
  page,
  request,
}) => {
  // The request the offline test counts: online, the sign-in page makes it.
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login/third-part');
  await page.goto('/login');
  await asked;
  await expect(page.getByRole('button', { name: '使用 GitHub 登录' })).toBeVisible();
  await expect(page.getByRole('button', { name: PROVIDER_BUTTONS })).toHaveCount(4);
  await expect(page.getByRole('link', { name: '没有账号？立即注册' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('button', { name: '发送验证码' })).toBeVisible();

  await withSession(page.context(), await newPerson(request));
  await page.goto('/dashboard/profile/relation');
  await expect(page.getByRole('button', { name: /绑定$/ }).first()).toBeVisible();
  await page.goto('/dashboard/profile/security');
  await expect(page.getByRole('heading', { name: '修改邮箱' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '修改手机号' })).toBeVisible();
});

test('offline: no "忘记密码" link, and /forget says to ask the administrator instead of sending a code', async ({ page }) => {
  await offline(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '登录', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: '忘记密码？' })).toHaveCount(0);

  await page.goto('/forget');
  await expect(page.getByText('离线部署无法发送验证码。忘记密码时，请联系管理员重置。')).toBeVisible();
  await expect(page.getByRole('button', { name: '发送验证码' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '重置密码' })).toHaveCount(0);
});

test('(en) offline: /forget says to ask the administrator', async ({ page }) => {
  await offline(page);
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Forgot/ })).toHaveCount(0);
  await page.goto('/forget');
  await expect(page.getByText('ask your administrator to reset it')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send code' })).toHaveCount(0);
});

test('online: the sign-in page links to password recovery, which sends codes', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await expect(page.getByRole('button', { name: '发送验证码' })).toBeVisible();
});
