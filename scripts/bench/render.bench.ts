/**
 * Issue 39's render budget: "a recursive (self-referencing) model and a 1 MB response body render without blocking
 * the page for more than 200 ms". A project is made through the API: data models that refer to themselves and to
 * each other (a TreeNode with its children and its parent, and the users, teams, organisations, repositories and
 * issues around it, as a real API's models do), an HTTP API whose response is made of them, and an HTTP API whose
 * response examples come to 1 MB of JSON (five of 200 KB, the most one example holds) and whose mock template answers
 * with 1 MB. Then, in Chromium, each screen is opened while a PerformanceObserver records the page's long tasks: the
 * longest is the figure (a task is the time the page could not answer a click or a key).
 *
 * A screen is measured from the step a reader takes on a page already loaded (a click in the tree, a tab, Send):
 * the app's own first load (and the editor's) is the documents bench's figure, not this one. Each screen is opened RUNS times, each in
 * a fresh browser context; the figure is the median of the runs' longest tasks, with the worst beside it.
 */
import { SESSION_HINT_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import type { ParamItem } from '@shared/schemas/document';
import type { Browser, Page } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { startBenchStack } from './harness';
import { launchChromium } from '../chromium';
import { middle } from './project-page';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const BUDGET_MS = 200;
const RUNS = Number(process.env.RENDER_RUNS ?? 3);
/** What one response example may hold (shared/schemas/api-content.ts): the 1 MB body is five of them. */
const EXAMPLE_CHARS = 199_000;
const EXAMPLES = 5;
/** The Run tab's answer and the mock's: 1 MB of JSON (the mock's own cap is 1,048,576 characters). */
const BODY_BYTES = 1_000_000;

let nextRow = 0;
const row = (name: string, type: ParamItem['type'], extra: Partial<ParamItem> = {}): ParamItem => ({
  id: `r${nextRow++}`,
  name,
  type,
  required: false,
  value: '',
  description: `The ${name} of this record, as the service keeps it.`,
  children: [],
  ...extra,
});
const scalars = () => [
  row('id', 'integer', { required: true, format: 'int64' }),
  row('name', 'string', { required: true, minLength: 1, maxLength: 100 }),
  row('url', 'string', { format: 'uri' }),
  row('created_at', 'string', { format: 'date-time' }),
];

/** Each model's references: name, the model it refers to, one or many. TreeNode refers to itself twice. */
const MODEL_REFS: Record<string, [string, string, 'one' | 'many'][]> = {
  TreeNode: [
    ['children', 'TreeNode', 'many'],
    ['parent', 'TreeNode', 'one'],
    ['owner', 'User', 'one'],
  ],
  User: [
    ['manager', 'User', 'one'],
    ['reports', 'User', 'many'],
    ['teams', 'Team', 'many'],
    ['org', 'Org', 'one'],
    ['starred', 'Repo', 'many'],
  ],
  Team: [
    ['parent', 'Team', 'one'],
    ['members', 'User', 'many'],
    ['org', 'Org', 'one'],
    ['repos', 'Repo', 'many'],
  ],
  Org: [
    ['owner', 'User', 'one'],
    ['teams', 'Team', 'many'],
    ['repos', 'Repo', 'many'],
    ['root', 'TreeNode', 'one'],
  ],
  Repo: [
    ['owner', 'User', 'one'],
    ['org', 'Org', 'one'],
    ['tree', 'TreeNode', 'one'],
    ['issues', 'Issue', 'many'],
    ['forks', 'Repo', 'many'],
  ],
  Issue: [
    ['author', 'User', 'one'],
    ['assignees', 'User', 'many'],
    ['repo', 'Repo', 'one'],
    ['parent', 'Issue', 'one'],
  ],
};

const refRow = (name: string, ref: string, many: boolean) => row(name, many ? 'array[object]' : 'object', { ref });

/** JSON of about `bytes` characters: a page of records such as an API lists. */
export function bigJson(bytes: number): string {
  const items: unknown[] = [];
  let size = 20;
  for (let i = 1; size < bytes; i++) {
    const item = {
      id: i,
      name: `Record ${i}`,
      path: `/accounts/${i % 97}/records/${i}`,
      status: ['active', 'archived', 'pending'][i % 3],
      tags: ['alpha', 'beta', 'gamma'].slice(0, 1 + (i % 3)),
      owner: { id: 1000 + (i % 50), login: `user${i % 50}`, admin: i % 7 === 0 },
      score: (i * 37) % 1000,
      created_at: '2026-01-02T03:04:05Z',
      description: 'Returns the resources of the account, newest first, a page at a time.',
    };
    const text = JSON.stringify(item);
    if (size + text.length + 1 > bytes) break;
    items.push(item);
    size += text.length + 1;
  }
  return JSON.stringify({ total: items.length, items });
}

/**
 * A Mock.js template whose answer is about `bytes` characters: pages of records as text. (Rules per field are the
 * mock's own bench; here the answer's size is what counts, and it must be made within the mock's 500 ms on a busy
 * machine too.)
 */
function bigTemplate(bytes: number): string {
  const record = 'id=1; name=Record of the account; ' + 'Returns the resources of the account. '.repeat(7);
  // An array rule makes at most 1,000 items (functions/mock/limits.ts): the records come in pages.
  const pages = Math.floor(bytes / ((JSON.stringify(record).length + 1) * 1_000));
  return JSON.stringify({ [`pages|${pages}`]: [{ 'items|1000': [record] }] });
}

export async function seed(stack: Stack, token: string) {
  const opts = { token };
  const project = await stack.call('project.create', { body: { name: 'Render bench' } }, opts);
  const projectId = project.id;
  const create = (name: string, type: 'api' | 'model' | 'doc', content: unknown) =>
    stack.call('document.create', { body: { projectId, name, type, content } }, opts);
  const start = await create('Start', 'doc', { markdown: '## Where each screen starts\n\nEach measured screen is opened from here.' });
  // Models first (a reference names a model's id), then their rows with the references.
  const models = new Map<string, { id: string; rev: number }>();
  for (const name of Object.keys(MODEL_REFS)) {
    const made = await create(name, 'model', { name, description: `A ${name}.`, schema: scalars() });
    models.set(name, { id: made.id, rev: made.rev });
  }
  const idOf = (name: string) => models.get(name)!.id;
  for (const [name, refs] of Object.entries(MODEL_REFS)) {
    const schema = [...scalars(), ...refs.map(([field, ref, count]) => refRow(field, idOf(ref), count === 'many'))];
    const { id, rev } = models.get(name)!;
    await stack.call('document.update', { body: { id, rev, content: { name, description: `A ${name}.`, schema } } }, opts);
  }
  const response = (body: ParamItem[], examples: { name: string; value: string }[] = []) => ({
    status: '200',
    description: 'OK',
    format: 'json',
    headers: [],
    body,
    examples,
  });
  const tree = await create('Get tree', 'api', {
    method: 'GET',
    path: '/trees/{id}',
    description: 'A tree with its nodes, owners and repositories.',
    reqPath: [row('id', 'integer', { required: true })],
    responses: [response([refRow('tree', idOf('TreeNode'), false), refRow('repos', idOf('Repo'), true)])],
  });
  const page = JSON.parse(bigJson(EXAMPLE_CHARS)) as { items: unknown[] };
  const examples = Array.from({ length: EXAMPLES }, (_, i) => ({ name: `Page ${i + 1}`, value: JSON.stringify(page) }));
  const itemRows = [
    row('id', 'integer'),
    row('name', 'string'),
    row('path', 'string'),
    row('status', 'string', { enum: ['active', 'archived', 'pending'] }),
    row('tags', 'array[string]'),
  ];
  const big = await create('List records', 'api', {
    method: 'GET',
    path: '/records',
    description: 'Every record of the account, a megabyte at a time.',
    responses: [response([row('total', 'integer'), row('items', 'array[object]', { children: itemRows })], examples)],
  });
  await stack.call('mock.save', { body: { projectId, docId: big.id, type: 'template', body: bigTemplate(BODY_BYTES) } }, opts);
  return { projectId, start: start.id, model: idOf('TreeNode'), tree: tree.id, big: big.id };
}

/** A loopback server answering any request with `body` (CORS open): what the Run tab sends to. */
async function answering(body: string) {
  const server = createServer((req, res) => {
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': '*' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    req.resume();
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => (server.closeAllConnections(), server.close(() => ok()))),
  };
}

/**
 * Installed before the app's scripts: every long task of the page, from the page's start. (Page scripts are text:
 * tsx names the functions it compiles with a helper the page does not have.)
 */
const OBSERVE_LONG_TASKS = `
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Five idle callbacks in a row, each in a frame of its own: nothing left queued behind the last paint. */
const IDLE = `new Promise((done) => {
  let left = 5;
  const next = () => requestIdleCallback(() => (--left ? requestAnimationFrame(next) : done()), { timeout: 5000 });
  requestAnimationFrame(next);
})`;

/** Waits until the page has had nothing to do for a while: the render the step started is over, trailing work too. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(IDLE);
}

interface Screen {
  name: string;
  /** Where the page is loaded before the measured step, and what shows it is ready. */
  from: (ids: Awaited<ReturnType<typeof seed>>) => string;
  ready: (page: Page) => Promise<void>;
  /** The measured step: a reader's click or two, until what it shows is there. */
  step: (page: Page) => Promise<void>;
}

/** One run of a screen in a fresh context: the longest task of its step, in ms. */
async function measureOnce(browser: Browser, origin: string, token: string, path: string, screen: Screen): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    await context.addCookies([
      { name: TOKEN_COOKIE, value: token, url: origin, httpOnly: true },
      { name: SESSION_HINT_COOKIE, value: '1', url: origin },
    ]);
    await context.addInitScript(OBSERVE_LONG_TASKS);
    const page = await context.newPage();
    await page.goto(`${origin}${path}`);
    await screen.ready(page);
    await settled(page);
    await page.evaluate('window.longTasks = []');
    await screen.step(page);
    await settled(page);
    const tasks = await page.evaluate<number[]>('window.longTasks');
    return Math.round(Math.max(0, ...tasks));
  } finally {
    await context.close();
  }
}

const TIMEOUT = { timeout: 120_000 };
const article = (page: Page, name: string) => page.getByRole('article', { name });
const openInTree = (page: Page, name: string) => page.getByRole('tree').getByText(name, { exact: true }).click();

function screens(runUrl: string): Screen[] {
  const fromStart = (ids: Awaited<ReturnType<typeof seed>>) => `/project/${ids.projectId}/${ids.start}`;
  const startReady = (page: Page) => article(page, 'Start').getByRole('heading', { name: 'Where each screen starts' }).waitFor(TIMEOUT);
  return [
    {
      name: 'the recursive model TreeNode, its view',
      from: fromStart,
      ready: startReady,
      step: async (page) => {
        await openInTree(page, 'TreeNode');
        await article(page, 'TreeNode').getByRole('region', { name: '模型示例' }).waitFor(TIMEOUT);
      },
    },
    {
      name: 'an HTTP API whose response is made of the recursive models, its view',
      from: fromStart,
      ready: startReady,
      step: async (page) => {
        await openInTree(page, 'Get tree');
        await article(page, 'Get tree').getByRole('region', { name: '响应示例' }).waitFor(TIMEOUT);
      },
    },
    {
      name: 'an HTTP API with 1 MB of response examples, its view',
      from: fromStart,
      ready: startReady,
      step: async (page) => {
        await openInTree(page, 'List records');
        await article(page, 'List records').getByRole('region', { name: '响应示例' }).getByText('Page 5').waitFor(TIMEOUT);
      },
    },
    {
      name: 'the same API in the editor, its response examples tab',
      from: (ids) => `/project/${ids.projectId}/${ids.big}/edit`,
      ready: (page) => page.locator('.response-editor').getByRole('tab', { name: /示例/ }).waitFor(TIMEOUT),
      step: async (page) => {
        const responses = page.locator('.response-editor');
        await responses.getByRole('tab', { name: /示例/ }).click(TIMEOUT);
        await responses.getByRole('region', { name: '响应示例 5', exact: true }).waitFor(TIMEOUT);
      },
    },
    {
      name: 'the recursive API in the editor, its response tab',
      from: (ids) => `/project/${ids.projectId}/${ids.tree}/edit`,
      ready: (page) =>
        page
          .locator('.response-editor')
          .getByRole('tab', { name: /响应头/ })
          .waitFor(TIMEOUT),
      step: async (page) => {
        // The response's headers, then back to its body, whose rows refer to the models.
        const responses = page.locator('.response-editor');
        await responses.getByRole('tab', { name: /响应头/ }).click(TIMEOUT);
        await responses.getByRole('table', { name: '响应头' }).waitFor(TIMEOUT);
        await responses.getByRole('tab', { name: /响应数据/ }).click(TIMEOUT);
        await responses.getByRole('table', { name: '响应数据' }).waitFor(TIMEOUT);
      },
    },
    {
      name: 'the mock preview of a 1 MB answer',
      from: (ids) => `/project/${ids.projectId}/${ids.big}?tab=mock`,
      ready: (page) => page.getByRole('region', { name: '预览' }).getByRole('button', { name: '发送请求' }).waitFor(TIMEOUT),
      step: async (page) => {
        await page.getByRole('region', { name: '预览' }).getByRole('button', { name: '发送请求' }).click();
        await page.getByRole('region', { name: '预览结果' }).locator('.mock-status').getByText('200').waitFor(TIMEOUT);
        await page.getByRole('region', { name: '响应内容' }).getByText('"pages"').waitFor(TIMEOUT);
      },
    },
    {
      name: 'the Run tab answered with a 1 MB body',
      from: (ids) => `/project/${ids.projectId}/${ids.big}?tab=run`,
      ready: (page) => page.getByRole('region', { name: '运行' }).getByLabel('请求地址').waitFor(TIMEOUT),
      step: async (page) => {
        const run = page.getByRole('region', { name: '运行' });
        await run.getByLabel('请求地址').fill(`${runUrl}/records`);
        await run.getByRole('button', { name: '发送' }).click();
        await run.getByTestId('run-status').waitFor(TIMEOUT);
        await run.getByRole('tab', { name: '响应体' }).waitFor(TIMEOUT);
      },
    },
  ];
}

export async function benchRender(stack: Stack) {
  const { token } = await registerBenchUser();
  const ids = await seed(stack, token);
  const target = await answering(bigJson(BODY_BYTES));
  const browser = await launchChromium();
  const results: Record<string, string> = {};
  try {
    for (const screen of screens(target.url)) {
      const runs: number[] = [];
      try {
        for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, stack.origin, token, screen.from(ids), screen));
      } catch (error) {
        // A screen that never shows what it should is a figure too (the budget missed), not the end of the bench.
        results[`render: ${screen.name}, longest task`] = `did not finish: ${(error as Error).message.split('\n')[0]}`;
        continue;
      }
      const median = middle(runs);
      results[`render: ${screen.name}, longest task`] =
        `${median} ms median, worst ${Math.max(...runs)} ms of ${RUNS} (budget ${BUDGET_MS} ms: ${median <= BUDGET_MS ? 'met' : 'MISSED'})`;
      console.log(`  ${screen.name}: ${runs.join(', ')} ms`);
    }
  } finally {
    await browser.close();
    await target.close();
  }
  return results;
}
