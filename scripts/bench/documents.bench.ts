/** Issue figures for documents: tree load of a 5,000-document project (time and DynamoDB round trips), save latency. */
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { treeAt, type StoredNode } from '../../functions/domain/documents';
import { getProject } from '../../functions/domain/projects';
import { countRoundTrips, median, time, type startBenchStack } from './harness';
import { launchChromium } from '../chromium';
import { loadProjectPage, middle, seedLargeProject, type ProjectPageLoad } from './project-page';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

export async function benchDocuments(stack: Stack) {
  const { userId, token } = await registerBenchUser();
  const { projectId, nodes, doc } = await seedLargeProject(userId);

  const tree = () => stack.call('document.tree', { params: { projectId } }, { token });
  await tree();
  const treeMs = await median(5, tree);
  const trips = await countRoundTrips(tree);
  // The first read after a change: a document moved through the API, then the tree read. The tree kept at the
  // revision before is brought forward with what the tree's change log names (documents.ts).
  const move = mover(stack, token, nodes);
  const coldTree = async () => {
    await move();
    return time(tree);
  };
  const coldMs: number[] = [];
  for (let i = 0; i < 5; i++) coldMs.push((await coldTree()).ms);
  coldMs.sort((a, b) => a - b);
  await move();
  const coldTrips = await countRoundTrips(tree);
  const search = () => stack.call('document.search', { params: { projectId }, query: { keyword: 'item4999' } }, { token });
  await search();
  const searchMs = await median(5, search);
  const searchTrips = await countRoundTrips(search);

  let rev = 1;
  await stack.call('document.get', { params: { id: doc.id } }, { token });
  const saveMs = await median(15, async () => {
    await stack.call(
      'document.update',
      { body: { id: doc.id, rev, content: { path: '/x', description: 'd' }, comment: `save ${rev}` } },
      { token },
    );
    rev++;
  });
  const firstRender = await renderProjectPage(stack.origin, projectId, token);
  const whole = await wholeTreeOf20000(userId);
  const budgets = await budgetsAgainstSmall(stack, userId, token, {
    coldTreeOf5000: coldMs[2]!,
    twenty: whole.projectId,
    twentyNodes: whole.nodes,
  });
  return {
    'project of 20,000 documents seeded through the domain layer: documents in its tree': whole.figure,
    ...budgets,
    [`project page of ${nodes.length} documents in Chromium: navigation to tree shown (median of 7)`]: `${firstRender.ms.toFixed(0)} ms (middle five ${firstRender.spread.map((v) => v.toFixed(0)).join('–')} ms), ${firstRender.rows} tree rows in the DOM`,
    'project page: main-thread time to tree shown (median of 7), of which JavaScript': `${firstRender.taskMs.toFixed(0)} ms, ${firstRender.scriptMs.toFixed(0)} ms`,
    [`tree of ${nodes.length} documents (GET children/all, median of 5)`]: `${treeMs.toFixed(0)} ms, ${trips.roundTrips} DynamoDB round trips (${trips.requests} requests)`,
    [`tree of ${nodes.length} documents, first read after a change (median of 5)`]: `${coldMs[2]!.toFixed(0)} ms, ${coldTrips.roundTrips} DynamoDB round trips (${coldTrips.requests} requests)`,
    [`search in ${nodes.length} documents, a word at the end of the content (median of 5)`]: `${searchMs.toFixed(0)} ms, ${searchTrips.roundTrips} round trips (${searchTrips.requests} requests)`,
    'save a document (POST /project/document, median of 15)': `${saveMs.toFixed(0)} ms`,
  };
}

/**
 * Issue 39: a seeded "5,000" project once showed about 3,580 in its tree. 20,000 documents (200 folders of 99) seeded
 * through the domain's items must all come back from the tree read, each once and each folder whole; the bench stops
 * if not. (A guard kept here rather than in the suite: in a full run it held DynamoDB Local for minutes.)
 */
async function wholeTreeOf20000(userId: string): Promise<{ figure: string; projectId: string; nodes: StoredNode[] }> {
  const { projectId, nodes } = await seedLargeProject(userId, { folders: 200, perFolder: 99, name: 'Twenty thousand' });
  const started = performance.now();
  const tree = await treeAt((await getProject(projectId))!);
  const ms = performance.now() - started;
  const flatten = (list: DocumentTreeNode[]): DocumentTreeNode[] => list.flatMap((n) => [n, ...flatten(n.children ?? [])]);
  const ids = flatten(tree).map((n) => n.id);
  const partial = tree.filter((folder) => folder.children?.length !== 99).length;
  const seeded = new Set(nodes.map((n) => n.id));
  if (ids.length !== seeded.size || new Set(ids).size !== ids.length || ids.some((id) => !seeded.has(id)) || partial > 0)
    throw new Error(
      `the tree of a 20,000-document project holds ${ids.length} ids (${new Set(ids).size} distinct), ${partial} folders not whole`,
    );
  return { figure: `${ids.length} of ${seeded.size}, every folder whole (the read: ${ms.toFixed(0)} ms)`, projectId, nodes };
}

/** A change of one node made through the API: a document moved to the top of its folder and back, in turns. */
function mover(stack: Stack, token: string, nodes: StoredNode[]) {
  const [moved, anchor] = [nodes[2]!, nodes[5]!];
  let toTop = false;
  return async () => {
    toTop = !toTop;
    await stack.call(
      'document.resort',
      { params: { docId: moved.id, parentId: moved.parentId, preId: toTop ? '0' : anchor.id } },
      { token },
    );
  };
}

const load = () => `load ${loadavg()[0]!.toFixed(1)}`;
const against = (large: number, small: number, budget: number) =>
  `${large.toFixed(0)} ms vs ${small.toFixed(0)} ms with 50 (${(large / Math.max(1, small)).toFixed(1)}x), budget ${budget} ms: ${large <= budget ? 'met' : 'MISSED'}`;

/**
 * Issue 39's large-project budgets, each beside the same figure for a 50-document project in the same run (the
 * machine's load moves both alike) and the load average: the project page with 20,000 documents (navigation to
 * the tree on screen, median of 5), the tree's first read after a change with 5,000, search over 20,000: a search
 * repeated, and the first search after a change (a document moved through the API), which is what a team whose
 * members keep writing mostly gets.
 */
async function budgetsAgainstSmall(
  stack: Stack,
  userId: string,
  token: string,
  large: { coldTreeOf5000: number; twenty: string; twentyNodes: StoredNode[] },
): Promise<Record<string, string>> {
  const small = await seedLargeProject(userId, { folders: 1, perFolder: 49, name: 'Fifty' });
  const tree = (projectId: string) => () => stack.call('document.tree', { params: { projectId } }, { token });
  const coldSmall: number[] = [];
  const moveSmall = mover(stack, token, small.nodes);
  await tree(small.projectId)();
  for (let i = 0; i < 5; i++) {
    await moveSmall();
    coldSmall.push((await time(tree(small.projectId))).ms);
  }
  const search = (projectId: string, keyword: string) => () =>
    stack.call('document.search', { params: { projectId }, query: { keyword } }, { token });
  await search(small.projectId, 'item49')();
  const searchSmall = await median(5, search(small.projectId, 'item49'));
  await search(large.twenty, 'item19999')();
  const searchTwenty = await median(5, search(large.twenty, 'item19999'));
  const afterChange = async (move: () => Promise<void>, projectId: string, keyword: string) => {
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) {
      await move();
      runs.push((await time(search(projectId, keyword))).ms);
    }
    return middle(runs);
  };
  const changedSearchSmall = await afterChange(moveSmall, small.projectId, 'item49');
  const changedSearchTwenty = await afterChange(mover(stack, token, large.twentyNodes), large.twenty, 'item19999');
  const pageOf = async (projectId: string) => {
    const browser = await launchChromium();
    try {
      await loadProjectPage(browser, stack.origin, projectId, token);
      const loads: number[] = [];
      for (let i = 0; i < 5; i++) loads.push((await loadProjectPage(browser, stack.origin, projectId, token)).ms);
      return middle(loads);
    } finally {
      await browser.close();
    }
  };
  const pageSmall = await pageOf(small.projectId);
  const pageTwenty = await pageOf(large.twenty);
  return {
    [`project page of 20,000 documents: navigation to tree shown, median of 5 (${load()})`]: against(pageTwenty, pageSmall, 1500),
    [`tree of 5,000 documents, first read after a change, median of 5 (${load()})`]: against(large.coldTreeOf5000, middle(coldSmall), 250),
    [`search in 20,000 documents, a word on the last one, median of 5 (${load()})`]: against(searchTwenty, searchSmall, 300),
    [`search in 20,000 documents, the first after a change, median of 5 (${load()})`]: against(
      changedSearchTwenty,
      changedSearchSmall,
      300,
    ),
  };
}

/**
 * Time from navigation to the tree on screen (its first rows visible), in headless Chromium, and how many tree
 * rows the page holds then: the tree is virtual, so only the rows in view are in the DOM. Also the page's
 * main-thread time up to that moment: on a 2-core machine shared by the browser, the gateway and DynamoDB Local,
 * the wall time follows it closely, and it varies less from run to run.
 */
async function renderProjectPage(
  origin: string,
  projectId: string,
  token: string,
): Promise<{ ms: number; spread: [number, number]; rows: number; taskMs: number; scriptMs: number }> {
  const browser = await launchChromium();
  try {
    const loads: ProjectPageLoad[] = [];
    let rows = 0;
    const countRows = async (page: Page) => {
      rows = Math.max(rows, await page.locator('[role=treeitem]').count());
    };
    // The machine's two cores are shared by the browser, the gateway and DynamoDB Local: one load swings by half a
    // second, so the figure is the median of seven. The first load warms the handlers and is not counted.
    await loadProjectPage(browser, origin, projectId, token);
    for (let i = 0; i < 6; i++) loads.push(await loadProjectPage(browser, origin, projectId, token, countRows));
    // The last load also filters: that opens every folder, 5,000 rows in the tree, still only the ones in view.
    loads.push(
      await loadProjectPage(browser, origin, projectId, token, async (page) => {
        await countRows(page);
        await page.getByRole('searchbox', { name: '搜索文档' }).fill('API');
        await page.getByRole('treeitem', { name: 'GET API 0-0', exact: true }).waitFor();
        await page.mouse.wheel(0, 40_000);
        await countRows(page);
      }),
    );
    const sorted = loads.map((l) => l.ms).sort((a, b) => a - b);
    // The second fastest and second slowest load: how far this run's figure can be trusted.
    const spread: [number, number] = [sorted[1]!, sorted.at(-2)!];
    return { ms: middle(sorted), spread, rows, taskMs: middle(loads.map((l) => l.taskMs)), scriptMs: middle(loads.map((l) => l.scriptMs)) };
  } finally {
    await browser.close();
  }
}
