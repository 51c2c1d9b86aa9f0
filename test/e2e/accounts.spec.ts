/**
 * Third-party sign-in in Chromium (issue 25) against the local stack's fake providers: a new person signs in with
 * GitHub from the sign-in page, binds a phone and lands signed in; next time the identity signs in directly; an
 * account binds and unbinds a provider on /relation; an `f` leaving our origin stops at the external-link notice;
 * a provider code used again ends on the callback page as expired.
 */
import { expect, test, type Page } from '@playwright/test';
import { codeFor, newPerson, withSession } from './support';

let n = 0;
const uniqueLogin = () => `e2e-${Date.now().toString(36)}-${n++}`;
const uniquePhone = () => `138${String(Date.now() % 1e8).padStart(8, '0')}`;

/**
 * The fake provider signs in whoever its authorisation address names (`login`): the browser's first request to it
 * is answered with a redirect to the same address naming this test's own person.
 */
async function asProviderUser(page: Page, login: string) {
  await page.route(
    (url) => /\/(authorize|qrconnect)$/.test(url.pathname) && !url.searchParams.has('login'),
    async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login', login);
      await route.fulfill({ status: 302, headers: { location: url.href } });
    },
  );
}

test('a new person signs in with GitHub, binds a phone and lands signed in; next time GitHub signs them in directly', async ({
  browser,
  page,
  request,
}) => {
  const login = uniqueLogin();
  await asProviderUser(page, login);
  await page.goto('/login?f=%2Fdashboard%2Fprofile%2Frelation');
  await page.getByRole('button', { name: '使用 GitHub 登录' }).click();

  await expect(page).toHaveURL(/\/login\/bind$/);
  await expect(page.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
  await expect(page.getByText(`${login} (fake)`)).toBeVisible();
  const phone = uniquePhone();
  await page.getByLabel('手机号').fill(phone);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('验证码').fill(await codeFor(request, phone));
  await page.getByRole('button', { name: '绑定并登录' }).click();

  // `f` honoured: the account page of bound providers, GitHub on it.
  await expect(page).toHaveURL(/\/dashboard\/profile\/relation$/);
  await expect(page.getByRole('listitem', { name: 'GitHub' }).getByText(`已绑定：${login} (fake)`)).toBeVisible();

  // Another browser: the same GitHub identity signs straight in.
  const other = await browser.newContext();
  const again = await other.newPage();
  await asProviderUser(again, login);
  await again.goto('/login');
  await again.getByRole('button', { name: '使用 GitHub 登录' }).click();
  await expect(again).toHaveURL(/\/dashboard$/);
  await expect(again.getByRole('heading', { name: '我的项目' })).toBeVisible();
  await other.close();
});

test('binds Weibo on /relation, refuses an identity someone else has, and unbinds', async ({ page, request, browser }) => {
  const person = await newPerson(request, 'Relation');
  await withSession(page.context(), person);
  const login = uniqueLogin();
  await asProviderUser(page, login);
  await page.goto('/dashboard/profile/relation');
  const weibo = page.getByRole('listitem', { name: '微博' });
  await expect(weibo.getByText('未绑定')).toBeVisible();
  await weibo.getByRole('button', { name: '绑定' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile\/relation$/);
  await expect(page.getByText('已绑定微博账号')).toBeVisible();
  await expect(weibo.getByText(`已绑定：${login} (fake Weibo)`)).toBeVisible();

  // Someone else tries to bind the same Weibo identity: refused, in English for them.
  const stranger = await newPerson(request, 'Stranger');
  const context = await browser.newContext({ locale: 'en-US' });
  await withSession(context, stranger);
  const theirs = await context.newPage();
  await theirs.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await asProviderUser(theirs, login);
  await theirs.goto('/dashboard/profile/relation');
  await theirs.getByRole('listitem', { name: 'Weibo' }).getByRole('button', { name: 'Bind' }).click();
  await expect(theirs.getByRole('alert')).toContainText('That third-party account is already bound to another account');
  await context.close();

  await weibo.getByRole('button', { name: '解绑' }).click();
  await page.getByRole('button', { name: /^(OK|确 ?定)$/ }).click();
  await expect(page.getByText('已解绑微博账号')).toBeVisible();
  await expect(weibo.getByText('未绑定')).toBeVisible();
});

test('an f leaving our origin stops at the external-link notice', async ({ page }) => {
  await page.goto('/login/redirect?f=https%3A%2F%2Fevil.example%2Fsteal');
  await expect(page).toHaveURL(/\/open_external_link\?url=https%3A%2F%2Fevil.example%2Fsteal$/);
  await expect(page.getByRole('heading', { name: '即将离开 Apiloom' })).toBeVisible();
  await page.goto('/login/redirect?f=%2F%2Fevil.example');
  await expect(page).toHaveURL(/\/open_external_link/);
});

/**
 * The fake provider's answer to the authorisation step for `login`, its code noted in `seen`; with `replace`, the
 * redirect back to our callback page carries that code instead.
 */
async function providerAnswer(page: Page, login: string, codes: { seen: string[]; replace?: string }) {
  await page.route(
    (url) => url.pathname.endsWith('/authorize'),
    async (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('login', login);
      const answer = await route.fetch({ url: url.href, maxRedirects: 0 });
      const back = new URL(answer.headers().location!);
      codes.seen.push(back.searchParams.get('code')!);
      if (codes.replace) back.searchParams.set('code', codes.replace);
      await route.fulfill({ status: 302, headers: { location: back.href } });
    },
  );
}

test('a provider code used a second time ends on the callback page with "expired, sign in again" (zh and en), signed out', async ({
  browser,
  page,
}) => {
  const login = uniqueLogin();
  const first = { seen: [] as string[] };
  await providerAnswer(page, login, first);
  await page.goto('/login');
  await page.getByRole('button', { name: '使用 GitHub 登录' }).click();
  await expect(page.getByRole('heading', { name: '绑定手机号' })).toBeVisible();
  const spent = first.seen[0]!;

  for (const lang of ['zh', 'en'] as const) {
    const context = await browser.newContext();
    const again = await context.newPage();
    if (lang === 'en') await again.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
    await providerAnswer(again, login, { seen: [], replace: spent });
    await again.goto('/login');
    await again.getByRole('button', { name: lang === 'zh' ? '使用 GitHub 登录' : 'Sign in with GitHub' }).click();
    await expect(again).toHaveURL(/\/login\/callback\/github\/login\?/);
    await expect(again.getByRole('alert')).toHaveText(
      lang === 'zh'
        ? '第三方授权已过期或已使用，请重新登录'
        : 'The provider says this sign-in has expired or was already used; please try again',
    );
    await expect(again.getByRole('link', { name: lang === 'zh' ? '重新登录' : 'Sign in again' })).toBeVisible();
    expect((await context.cookies()).map((c) => c.name)).not.toContain('apiloom-token');
    await context.close();
  }
});
