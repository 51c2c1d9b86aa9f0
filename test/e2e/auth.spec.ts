import { expect, test } from '@playwright/test';
import { codeFor, createDocument, createProject, newAccount, newPerson, PASSWORD, signIn, withSession } from './support';

test('register with the code from the outbox, land on the dashboard, switch language, sign out', async ({ page, request }) => {
  const account = newAccount();
  await page.goto('/register');
  await page.getByLabel('邮箱或手机号').fill(account);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByLabel('验证码').fill(await codeFor(request, account));
  await page.getByLabel('昵称').fill('Ada');
  await page.getByLabel('密码', { exact: true }).fill(PASSWORD);
  await page.getByLabel('确认密码').fill(PASSWORD);
  await page.getByRole('button', { name: '注册' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: '我的项目' })).toBeVisible();
  await expect(page.getByText('Ada')).toBeVisible();

  await page.getByLabel('语言').getByText('English').click();
  await expect(page.getByRole('heading', { name: 'My projects' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: /Ada.*User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?f=%2Fdashboard/);
});

test('registration errors are shown per field, in the current language', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: '注册' }).click();
  await expect(page.getByText('请输入正确的邮箱或手机号')).toBeVisible();
  await expect(page.getByText('验证码为 6 位数字')).toBeVisible();
});

test('after a code is sent, the earlier "enter a correct email" error is gone (defect 6)', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: '注册' }).click();
  const stale = page.getByText('请输入正确的邮箱或手机号');
  await expect(stale).toBeVisible();
  await page.getByLabel('邮箱或手机号').fill(`late${Date.now()}@example.com`);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await expect(stale).toBeHidden();
});

test('a forgotten password: from the sign-in page to a code, a new password, and in again; the old session is over', async ({
  browser,
  page,
  request,
}) => {
  const person = await newPerson(request, 'Forgetful');
  // Another browser where the person was signed in: the reset ends that session too.
  const elsewhere = await browser.newContext();
  await withSession(elsewhere, person);

  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/forget$/);
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await page.getByLabel('邮箱或手机号').fill(person.account);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByText('如果该账号存在，验证码已发送')).toBeVisible();
  await page.getByLabel('验证码').fill('000000');
  await page.getByLabel('新密码', { exact: true }).fill('NewSecret9');
  await page.getByLabel('确认新密码').fill('NewSecret8');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认新密码').fill('NewSecret9');
  const code = await codeFor(request, person.account);
  if (code !== '000000') {
    await page.getByRole('button', { name: '重置密码' }).click();
    await expect(page.getByText('验证码错误或已过期')).toBeVisible();
  }
  await page.getByLabel('验证码').fill(code);
  await page.getByRole('button', { name: '重置密码' }).click();

  await expect(page).toHaveURL(/\/forget-success$/);
  await expect(page.getByRole('heading', { name: '密码已重置' })).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await signIn(page, person.account, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  await signIn(page, person.account, 'NewSecret9');
  await expect(page).toHaveURL(/\/dashboard$/);

  const old = await elsewhere.newPage();
  await old.goto('/dashboard');
  await expect(old).toHaveURL(/\/login/);
  await elsewhere.close();
});

test('in English, the recovery page and its answer speak English', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('语言').getByText('English').click();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveTitle(/Reset password/);
  await page.getByLabel('Email or phone').fill(`nobody${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('If the account exists, a code is on its way')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
});

test('a wrong password is refused without saying whether the account exists', async ({ page, request }) => {
  const { account } = await newPerson(request);
  await page.goto('/login');
  await signIn(page, account, 'Wrong1234');
  await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
});

test('an unknown page shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '页面走丢啦' })).toBeVisible();
  await expect(page).toHaveTitle('页面走丢啦');
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an expired session goes to /login with the timeout flag and f, then back', async ({ page, request, context, baseURL }) => {
  const person = await newPerson(request);
  await withSession(context, person);
  await page.goto('/dashboard');
  // The dashboard at rest: the user and the (empty) project list read, nothing left in flight on this session.
  await expect(page.getByRole('button', { name: /E2E.*用户菜单/ })).toBeVisible();
  await expect(page.getByText('还没有项目')).toBeVisible();

  // The server no longer knows this token, as after a password change elsewhere or its 7 days.
  await context.addCookies([{ name: 'apiloom-token', value: 'expired-token-value', url: baseURL! }]);
  await page.goto('/dashboard/profile/info');
  await expect(page).toHaveURL(/\/login\?timeout=1&f=%2Fdashboard%2Fprofile%2Finfo$/);
  await expect(page.getByText('登录已过期，请重新登录')).toBeVisible();

  await signIn(page, person.account);
  await expect(page).toHaveURL(/\/dashboard\/profile\/info$/);
  await expect(page.getByLabel('昵称')).toHaveValue('E2E');
});

test('the home page demo signs in with the seeded account', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '在线演示' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Demo', { exact: true })).toBeVisible();
});

for (const lang of ['zh', 'en'] as const) {
  const text =
    lang === 'zh'
      ? { user: '邮箱或手机号', password: '密码', submit: '登录', stepUp: /登录失败次数过多/, code: '验证码', send: '发送验证码' }
      : {
          user: 'Email or phone',
          password: 'Password',
          submit: 'Sign in',
          stepUp: /code sent to/,
          code: 'Verification code',
          send: 'Send code',
        };
  test(`(${lang}) after many failed sign-ins from elsewhere, the owner signs in with a code sent to the account; a guessed code does not`, async ({
    page,
    request,
  }) => {
    const { account } = await newPerson(request);
    // 100 failures this hour from as many addresses as guessers use (a browser cannot come from a hundred).
    expect((await request.post('/__dev/failed-sign-ins', { data: { account, count: 100 } })).status()).toBe(204);
    await page.goto('/login');
    if (lang === 'en') await page.getByLabel('语言').getByText('English').click();
    await page.getByLabel(text.user).fill(account);
    await page.getByLabel(text.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.getByText(text.stepUp)).toBeVisible();
    const codeField = page.getByLabel(text.code, { exact: true });

    // A guessed code is refused.
    await codeField.fill('000000');
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await page.getByRole('button', { name: text.send }).click();
    await expect(page.getByRole('button', { name: lang === 'zh' ? /秒后重发/ : /Resend in/ })).toBeDisabled();
    await codeField.fill(await codeFor(request, account));
    await page.getByRole('button', { name: text.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);
  });
}

test('the session cookie is HttpOnly: page scripts see only the hint, and signing out expires both', async ({ page, request, context }) => {
  const { account } = await newPerson(request);
  await page.goto('/login');
  await signIn(page, account);
  await expect(page).toHaveURL(/\/dashboard/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'apiloom-token')).toMatchObject({ httpOnly: true, path: '/', sameSite: 'Lax' });
  const readable = await page.evaluate(() => document.cookie);
  expect(readable).not.toContain('apiloom-token');
  expect(readable).toContain('apiloom-signed-in=1');
  // Signed in by the cookie alone (the app sends no token header): a write from the page goes through.
  await page.goto('/dashboard/profile/info');
  await expect(page.getByLabel('昵称')).toHaveValue('E2E');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user') && r.request().method() === 'POST');
  await page.getByLabel('昵称').fill('Renamed');
  await page.getByRole('button', { name: '保存' }).click();
  expect(((await (await saved).json()) as { code: number }).code).toBe(0);
  expect((await saved).request().headers().token).toBeUndefined();

  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByText('退出登录').click();
  await expect(page).toHaveURL(/\/(login)?$/);
  await expect.poll(async () => (await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('apiloom-'))).toEqual([]);
});

for (const lang of ['zh', 'en'] as const) {
  const text =
    lang === 'zh'
      ? { first: '请先登录', expired: '登录已过期，请重新登录' }
      : { first: 'Please sign in first', expired: 'Your session has expired, please sign in again' };

  test(`(${lang}) a stranger opening a private document is asked to sign in, not told a session expired`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const { token } = await newPerson(request, 'Owner');
    const projectId = await createProject(request, token, { name: 'Private API' });
    const doc = await createDocument(request, token, projectId, { name: 'Secret', content: { markdown: 'hidden' } });
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
    const page = await context.newPage();
    if (lang === 'en') {
      await page.goto('/');
      await page.getByLabel('语言').getByText('English').click();
    }
    await page.goto(`/project/${projectId}/${doc}`);
    await expect(page).toHaveURL(/\/login\?f=/);
    expect(new URL(page.url()).searchParams.get('timeout')).toBeNull();
    await expect(page.getByText(text.first, { exact: true })).toBeVisible();
    await expect(page.getByText(text.expired)).toHaveCount(0);
    await context.close();
  });

  test(`(${lang}) a reader of a public project with a stale session reads it as a guest, and the stale cookie is dropped`, async ({
    browser,
    request,
    baseURL,
  }) => {
    const { token } = await newPerson(request, 'Owner');
    const projectId = await createProject(request, token, { name: 'Open API', visibility: 'public' });
    const doc = await createDocument(request, token, projectId, { name: 'Intro', content: { markdown: 'open words' } });
    const context = await browser.newContext({ baseURL, locale: 'zh-CN', reducedMotion: 'reduce' });
    // A session this browser had, that the server no longer knows.
    await context.addCookies([
      { name: 'apiloom-token', value: 'stale-token-value', url: baseURL!, httpOnly: true, sameSite: 'Lax' },
      { name: 'apiloom-signed-in', value: '1', url: baseURL!, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    if (lang === 'en') {
      await page.goto('/');
      await page.getByLabel('语言').getByText('English').click();
    }
    await page.goto(`/project/${projectId}/${doc}`);
    await expect(page.getByRole('article', { name: 'Intro' })).toContainText('open words');
    await expect(page).toHaveURL(new RegExp(`/project/${projectId}/${doc}$`));
    await expect.poll(async () => (await context.cookies()).map((c) => c.name).filter((n) => n.startsWith('apiloom-'))).toEqual([]);
    await context.close();
  });
}

test('security settings: a new email with its code and the password, then signing in by it; a phone added the same way', async ({
  page,
  request,
}) => {
  const person = await newPerson(request, 'Mover');
  await withSession(page.context(), person);
  await page.goto('/dashboard/profile/security');
  const emailCard = page.locator('.ant-card', { has: page.getByRole('heading', { name: '修改邮箱' }) });
  // The current address shows masked.
  await expect(emailCard.getByTestId('current-email')).toHaveText(`${person.account.slice(0, 2)}***@example.com`);

  const next = `moved${Date.now()}@example.com`;
  await emailCard.getByLabel('新邮箱').fill(next);
  await emailCard.getByRole('button', { name: '发送验证码' }).click();
  await expect(emailCard.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await emailCard.getByLabel('验证码').fill(await codeFor(request, next));
  await emailCard.getByLabel('当前密码').fill('Wrong1234');
  await emailCard.getByRole('button', { name: '修改邮箱' }).click();
  await expect(emailCard.getByText('原密码错误')).toBeVisible();
  await emailCard.getByLabel('当前密码').fill(PASSWORD);
  await emailCard.getByRole('button', { name: '修改邮箱' }).click();
  await expect(page.getByText('邮箱已修改，原邮箱已收到通知')).toBeVisible();
  await expect(emailCard.getByTestId('current-email')).toHaveText('mo***@example.com');

  const phoneCard = page.locator('.ant-card', { has: page.getByRole('heading', { name: '修改手机号' }) });
  const phone = `135${String(Date.now()).slice(-8)}`;
  await phoneCard.getByLabel('新手机号').fill(phone);
  await phoneCard.getByRole('button', { name: '发送验证码' }).click();
  await expect(phoneCard.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await phoneCard.getByLabel('验证码').fill(await codeFor(request, phone));
  await phoneCard.getByRole('button', { name: '修改手机号' }).click();
  await expect(page.getByText('手机号已修改')).toBeVisible();
  await expect(phoneCard.getByTestId('current-phone')).toHaveText(`${phone.slice(0, 3)}****${phone.slice(-4)}`);

  await page.context().clearCookies();
  await page.goto('/login');
  await signIn(page, next);
  await expect(page).toHaveURL(/\/dashboard$/);
});
