/**
 * `npm run bench:compare -- <web build>`: the 5,000-document project page, this checkout's web build (A) against
 * another (B, a dist/web built elsewhere, e.g. in a `git worktree` of the commit before a change), loaded in turn
 * A B B A A B ... on one stack, so a machine whose speed drifts by a third within the hour slows both alike. A
 * change to the page is judged by these medians, not by two bench runs an hour apart.
 */
import { resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { configScript, securityHeaders } from '@shared/deployment';
import { ensureBuilt } from '../local/builds';
import { createGateway, type LambdaHandler } from '../local/gateway';
import { functionEntry, WEB_OUT } from '../local/paths';
import { startBenchStack } from './harness';
import { launchChromium } from '../chromium';
import { loadProjectPage, middle, seedLargeProject, type ProjectPageLoad } from './project-page';
import { registerBenchUser } from './users';

const other = process.argv[2];
const pairs = Number(process.argv[3] ?? 10);
if (!other) {
  console.error('usage: npm run bench:compare -- <other dist/web> [pairs, default 10]');
  process.exit(2);
}

await ensureBuilt(() => undefined);
const stack = await startBenchStack();
const otherGateway = createGateway({
  webDir: resolve(other),
  configScript: configScript({ environment: 'bench', apiBase: '/api', offline: false, mockBase: stack.mockOrigin }),
  securityHeaders: securityHeaders(process.env.S3_ENDPOINT!, stack.mockOrigin),
  loadHandler: async (service) => ((await import(pathToFileURL(functionEntry(service)).href)) as { handler: LambdaHandler }).handler,
});
try {
  await new Promise<void>((ok) => otherGateway.listen(0, '127.0.0.1', ok));
  const origins = { A: stack.origin, B: `http://127.0.0.1:${(otherGateway.address() as AddressInfo).port}` };
  const { userId, token } = await registerBenchUser();
  const { projectId } = await seedLargeProject(userId);
  const browser = await launchChromium();
  try {
    const loads: Record<'A' | 'B', ProjectPageLoad[]> = { A: [], B: [] };
    // One load of each first, not counted: the handlers warm up.
    for (const origin of Object.values(origins)) await loadProjectPage(browser, origin, projectId, token);
    for (let i = 0; i < pairs * 2; i++) {
      // A B B A: neither build always goes first.
      const which = (i % 2 === 0) === (Math.floor(i / 2) % 2 === 0) ? 'A' : 'B';
      loads[which].push(await loadProjectPage(browser, origins[which], projectId, token));
    }
    console.log(`\nProject page of 5,000 documents, ${pairs} loads each, medians (A: ${WEB_OUT}, B: ${resolve(other)})`);
    for (const [name, list] of Object.entries(loads)) {
      const ms = (pick: (l: ProjectPageLoad) => number) => middle(list.map(pick)).toFixed(0).padStart(5);
      console.log(
        `  ${name}  tree shown ${ms((l) => l.ms)} ms   main thread ${ms((l) => l.taskMs)} ms   JavaScript ${ms((l) => l.scriptMs)} ms   (loads: ${list.map((l) => l.ms.toFixed(0)).join(' ')})`,
      );
    }
  } finally {
    await browser.close();
  }
} finally {
  otherGateway.close();
  otherGateway.closeAllConnections();
  await stack.stop();
}
