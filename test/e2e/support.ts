import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SESSION_HINT_COOKIE, TOKEN_COOKIE } from '@shared/constants';

let n = 0;
export const newAccount = () => `e2e${Date.now().toString(36)}${n++}${Math.random().toString(36).slice(2, 6)}@example.com`;
export const PASSWORD = 'Secret123';

/** The code the local stack's outbox holds for an account (the send answers only once the code is written). */
export async function codeFor(request: APIRequestContext, account: string): Promise<string> {
  const entries = (await (await request.get('/__dev/outbox.json')).json()) as { target: string; code?: string }[];
  const entry = entries.find((e) => e.target === account && e.code);
  if (!entry) throw new Error(`no code for ${account} in the outbox`);
  return entry.code!;
}

export interface Person {
  account: string;
  nickname: string;
  userId: string;
  /** A live session's token: the `token` header for the API, the session cookie for a browser (`withSession`). */
  token: string;
}

/**
 * A new person with PASSWORD and a session, made by the local stack's test hook (scripts/local/test-hooks.ts) for
 * tests whose subject is not registration: registration is tested through the form here (auth.spec.ts) and
 * through the API in test/integration/accounts.test.ts.
 */
export async function newPerson(request: APIRequestContext, nickname = 'E2E'): Promise<Person> {
  const res = await request.post('/__dev/account', { data: { nickname, password: PASSWORD } });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  return JSON.parse(text) as Person;
}

/**
 * Signs a browser context in as a person, as the sign-in page leaves it: the HttpOnly session cookie and its
 * readable hint, set before the first page loads. For tests whose subject is not signing in (auth.spec.ts and the
 * invitation flows sign in through the form).
 */
export async function withSession(context: BrowserContext, person: { token: string }) {
  const url = test.info().project.use.baseURL!;
  await context.addCookies([
    { name: TOKEN_COOKIE, value: encodeURIComponent(person.token), url, sameSite: 'Lax', httpOnly: true },
    { name: SESSION_HINT_COOKIE, value: '1', url, sameSite: 'Lax' },
  ]);
}

/** Signs in through the sign-in form of the page it is on. */
export async function signIn(page: Page, account: string, password = PASSWORD) {
  const username = page.getByLabel('邮箱或手机号');
  const secret = page.getByLabel('密码', { exact: true });
  await username.fill(account);
  await secret.fill(password);
  await expect(username).toHaveValue(account);
  await expect(secret).toHaveValue(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
}

/** Makes something through the API and returns its `data`, failing on any answer but code 0. */
export async function apiData<T>(
  request: APIRequestContext,
  method: 'get' | 'put' | 'post' | 'delete',
  url: string,
  token: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](url, { headers: { token }, ...(data === undefined ? {} : { data }) });
  const body = (await res.json()) as { code: number; message: string; data: T };
  expect(body.code, `${method.toUpperCase()} ${url}: ${body.message}`).toBe(0);
  return body.data;
}

/** Creates a project through the API. */
export const createProject = async (request: APIRequestContext, token: string, data: Record<string, unknown>) =>
  (await apiData<{ id: string }>(request, 'put', '/api/project', token, data)).id;

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
  page.on('requestfailed', (r) => {
    // The browser fetches the tab icon by itself, late and at low priority, and drops it when the test moves on to
    // the next page: that abort is the test's navigation, not a request of the app's.
    if (new URL(r.url()).pathname === '/favicon.svg' && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    problems.push(`failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  return problems;
}

/**
 * Counts the page's requests in flight, so a test can let a page finish loading before it leaves with a goto (which
 * aborts whatever is still loading: the test's doing). Playwright's 'networkidle' fires once per document, so after a
 * client-side navigation it no longer says anything; this does.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<unknown>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return {
    /** Resolves once nothing has been in flight for `quietMs`. */
    async settled(quietMs = 500) {
      let quietSince = Date.now();
      await expect
        .poll(
          () => {
            if (inFlight.size > 0) quietSince = Date.now();
            return Date.now() - quietSince >= quietMs;
          },
          { intervals: [50], timeout: 30_000, message: 'the page kept loading' },
        )
        .toBe(true);
    },
  };
}

/** axe on the page as it is now; serious and critical violations fail the test. */
export async function expectAccessible(page: Page, label: string) {
  // The page as it rests: a button the test just clicked keeps its hover colours while the pointer stays on it.
  await page.mouse.move(0, 0);
  // Only violations are read: axe skips gathering the nodes that pass, most of its work on a large page.
  const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
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

/**
 * A new person's new project, the page's context signed in as them (`withSession`). The page stays blank: a test
 * makes the rest of its data through the API, then opens the page it is about, once.
 */
export async function projectWithSession(page: Page, request: APIRequestContext, name = 'Docs e2e') {
  const person = await newPerson(request);
  const projectId = await createProject(request, person.token, { name });
  await withSession(page.context(), person);
  return { projectId, token: person.token, account: person.account, person };
}

/** The same, on the project's page. */
export async function projectSignedIn(page: Page, request: APIRequestContext, name = 'Docs e2e') {
  const made = await projectWithSession(page, request, name);
  await page.goto(`/project/${made.projectId}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  return made;
}

/**
 * Waits for a save to be done as a person sees it: the document back in its view, with its Edit button. (The
 * editor's live preview shows the new text at once, before the save has even been sent.)
 */
export async function expectSaved(page: Page, name: string, edit = '编辑') {
  await expect(page.getByRole('article', { name }).getByRole('button', { name: edit, exact: true })).toBeVisible();
}

/** Creates a document through the API (where making it is not what a test is about). */
export const createDocument = async (request: APIRequestContext, token: string, projectId: string, data: Record<string, unknown>) =>
  (await apiData<{ id: string }>(request, 'put', '/api/project/document', token, { projectId, ...data })).id;

/** Replaces the whole text of a CodeMirror editor, as pasting would. */
export async function replaceCode(page: Page, name: string, text: string) {
  const editor = page.getByRole('textbox', { name });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
  await expect(editor).toHaveText(text.replace(/\n/g, ''));
}

/**
 * A new person who joins the project as a viewer through an invitation, with a browser context of their own
 * signed in as them and a page in it (not yet opened). The test closes the context.
 */
export async function viewerInOwnBrowser(browser: Browser, request: APIRequestContext, projectId: string, token: string) {
  const viewer = await newPerson(request, 'Viewer');
  const invitation = await apiData<{ code: string }>(request, 'put', `/api/project/invitation/${projectId}/view`, token);
  await apiData(request, 'post', `/api/project/invitation/join/${invitation.code}`, viewer.token);
  const context = await browser.newContext();
  await withSession(context, viewer);
  return { viewer, context, page: await context.newPage() };
}
