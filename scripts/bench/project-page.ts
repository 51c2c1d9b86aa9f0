/**
 * The large project (5,000 documents unless told otherwise) and its page in Chromium, shared by the documents bench (the figure) and
 * `npm run bench:compare` (two builds of the web app side by side).
 */
import { SESSION_HINT_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import type { Browser, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { generateNKeysBetween } from 'fractional-indexing';
import { batchWrite } from '../../functions/data/db';
import { bodyItem } from '../../functions/domain/bodies';
import { newDocumentId, nodeItem, type StoredNode } from '../../functions/domain/documents';
import { memberItem } from '../../functions/domain/members';
import { projectItem } from '../../functions/domain/projects';
import { searchTextItem } from '../../functions/domain/search';
import { chunksOf, inParallel } from '../../functions/workers/import/staging';
import { benchProject } from './users';

const LOREM = 'Returns the resources of the account, newest first, a page at a time. ';

/** How large a project `seedLargeProject` writes; the default is the documents bench's 5,000. */
export interface LargeProjectShape {
  folders?: number;
  perFolder?: number;
  /** Every API gets a body (a description and a path), not only the first: what an export renders. */
  bodies?: boolean;
  /** Words to search for every document (default); without, only the tree is written. */
  searchTexts?: boolean;
  name?: string;
}

/** Items written by a few batch writers at once (a 20,000-document seed is 40,000 items). */
const writeAll = (items: Parameters<typeof batchWrite>[0]['puts'] & object) =>
  inParallel(chunksOf(items, 500), 6, (chunk) => batchWrite({ puts: chunk }));

/**
 * A project of `folders` folders of `perFolder` HTTP APIs each (default 50 x 99: 5,000 documents) created by
 * `userId`, written straight to the table through the domain's items. Every document has words to search; `doc`,
 * the first API, also has a body (every API, with `bodies`).
 */
export async function seedLargeProject(userId: string, shape: LargeProjectShape = {}) {
  const { folders: folderCount = 50, perFolder = 99, bodies = false, searchTexts = true, name = 'Docs bench' } = shape;
  const now = new Date().toISOString();
  const projectId = randomUUID();
  await batchWrite({
    puts: [
      projectItem(benchProject(userId, name, { id: projectId, documentCount: folderCount * (perFolder + 1) })),
      memberItem(projectId, userId, 'creator', null),
    ],
  });
  const folders = generateNKeysBetween(null, null, folderCount);
  const ranks = generateNKeysBetween(null, null, perFolder);
  const nodes: StoredNode[] = [];
  const base = {
    projectId,
    comment: '',
    createdAt: now,
    createdBy: userId,
    updatedAt: now,
    updatedBy: userId,
    updatedByName: 'Bench',
    rev: 1,
  };
  folders.forEach((rank, f) => {
    const folder: StoredNode = {
      ...base,
      id: newDocumentId(projectId),
      parentId: projectId,
      rank,
      name: `Folder ${f}`,
      type: 'folder',
      method: null,
      path: null,
      status: null,
    };
    nodes.push(folder);
    ranks.forEach((r, i) =>
      nodes.push({
        ...base,
        id: newDocumentId(projectId),
        parentId: folder.id,
        rank: r,
        name: `API ${f}-${i}`,
        type: 'api',
        method: 'GET',
        path: `/v1/resource/${f}/${i}`,
        status: 'completed',
      }),
    );
  });
  await writeAll(nodes.map(nodeItem));
  // A description of about 600 characters and its parameter names.
  if (searchTexts)
    await writeAll(
      nodes.map((n, i) =>
        searchTextItem(projectId, n.id, `${n.name} ${n.path ?? ''} ${LOREM.repeat(6)} userId pageSize item${i} createdAt`),
      ),
    );
  const doc = nodes[1]!;
  const apis = nodes.filter((n) => n.type === 'api');
  await writeAll(
    (bodies ? apis : [doc]).map((n) =>
      bodyItem(projectId, n.id, 1, { json: JSON.stringify({ v: 1, method: 'GET', path: n.path, description: LOREM.repeat(30) }) }),
    ),
  );
  return { projectId, nodes, doc };
}

export interface ProjectPageLoad {
  /** From navigation to the tree's first row on screen. */
  ms: number;
  /** The page's main-thread time up to then (Chromium's TaskDuration), and of that, JavaScript (ScriptDuration). */
  taskMs: number;
  scriptMs: number;
}

/**
 * One first visit of the project page, signed in, in a fresh browser context (nothing cached), timed to the tree
 * on screen. `then` runs on the loaded page before it closes. Closing is followed by half a second's pause, so
 * the next load is not timed while the browser tears this page down.
 */
export async function loadProjectPage(
  browser: Browser,
  origin: string,
  projectId: string,
  token: string,
  then?: (page: Page) => Promise<void>,
): Promise<ProjectPageLoad> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    await context.addCookies([
      { name: TOKEN_COOKIE, value: token, url: origin, httpOnly: true },
      { name: SESSION_HINT_COOKIE, value: '1', url: origin },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => new Map((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value * 1000]));
    const before = await metrics();
    const started = performance.now();
    await page.goto(`${origin}/project/${projectId}`);
    await page.getByRole('treeitem', { name: 'Folder 0', exact: true }).waitFor({ timeout: 60_000 });
    const ms = performance.now() - started;
    const after = await metrics();
    const spent = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    await then?.(page);
    return { ms, taskMs: spent('TaskDuration'), scriptMs: spent('ScriptDuration') };
  } finally {
    await context.close();
    await new Promise((settled) => setTimeout(settled, 500));
  }
}

export const middle = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;
