import { expect, type APIRequestContext, type Page } from '@playwright/test';

let n = 0;
export const newAccount = () => `e2e${Date.now().toString(36)}${n++}${Math.random().toString(36).slice(2, 6)}@example.com`;
export const PASSWORD = 'Secret123';

/** The newest code the local stack's outbox holds for an account. */
export async function codeFor(request: APIRequestContext, account: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const entries = (await (await request.get('/__dev/outbox.json')).json()) as { target: string; code: string }[];
    const entry = entries.find((e) => e.target === account);
    if (entry) return entry.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code for ${account}`);
}

/** Registers through the API (faster than the form where registration is not what a test is about). */
export async function registerViaApi(request: APIRequestContext, nickname = 'E2E') {
  const account = newAccount();
  const sent = (await (await request.post(`/api/common/code/REGISTER/${encodeURIComponent(account)}`)).json()) as { code: number };
  expect(sent.code).toBe(0);
  const code = await codeFor(request, account);
  const res = await request.post('/api/user/register', { data: { account, nickname, password: PASSWORD, code } });
  const body = (await res.json()) as { code: number; data: { token: string } };
  expect(body.code).toBe(0);
  return { account, token: body.data.token };
}

export async function signIn(page: Page, account: string, password = PASSWORD) {
  await page.getByLabel('邮箱或手机号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
}
