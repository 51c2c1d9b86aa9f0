import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

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

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Chooses an option of an antd Select by its text: opens it (typing to filter when it searches) and clicks it. */
export async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  if ((await select.getAttribute('readonly')) === null) await select.fill(option);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(option)}\\s*$`) })
    .first()
    .click();
}

/** Chooses a node of an antd TreeSelect by its title. */
export async function chooseInTree(page: Page, select: Locator, title: string) {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper[title="${title}"]`).click();
}

/** Everything the browser reports as going wrong on a page: console errors and warnings, page errors, failed requests. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`));
  return problems;
}

/** axe on the page as it is now; serious and critical violations fail the test. */
export async function expectAccessible(page: Page, label: string) {
  // The page as it rests: a button the test just clicked keeps its hover colours while the pointer stays on it.
  await page.mouse.move(0, 0);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${label}: ${v.id} (${v.impact}) at ${v.nodes
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 200)}`)
          .slice(0, 3)
          .join(' | ')}`,
    );
  expect(serious).toEqual([]);
}

/** Creates a project through the API and signs in through the UI, landing on the project's page. */
export async function projectWithSignIn(page: Page, request: APIRequestContext, name = 'Docs e2e') {
  const { account, token } = await registerViaApi(request);
  const res = await request.put('/api/project', { data: { name }, headers: { token } });
  const { data } = (await res.json()) as { data: { id: string } };
  await page.goto(`/login?f=${encodeURIComponent(`/project/${data.id}`)}`);
  await signIn(page, account);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return { projectId: data.id, token, account };
}

/** Creates a document through the API (where making it is not what a test is about). */
export async function createDocument(request: APIRequestContext, token: string, projectId: string, data: Record<string, unknown>) {
  const res = await request.put('/api/project/document', { data: { projectId, ...data }, headers: { token } });
  const body = (await res.json()) as { code: number; message: string; data: { id: string } };
  expect(body.code, body.message).toBe(0);
  return body.data.id;
}
