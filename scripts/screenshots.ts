/**
 * `npm run screenshots`: the README's pictures of the workspace, taken from the running app so they stay current.
 * Starts the whole local stack on a fresh data folder (the demo account and its sample project are seeded at first
 * start), signs in as the demo user in Chromium, and writes PNGs under docs/screenshots/.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchChromium } from './chromium';
import { ensureBuilt } from './local/builds';
import { freePort } from './local/free-port';
import { ROOT, WEB_OUT } from './local/paths';
import { DEMO_ACCOUNT } from './local/seed';
import { startStack } from './local/stack';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const OUT = join(ROOT, 'docs', 'screenshots');

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(OUT, `${name}.png`) });
  console.log(`docs/screenshots/${name}.png`);
}

await ensureBuilt(() => undefined);
const dataDir = mkdtempSync(join(tmpdir(), 'apiloom-screenshots-'));
const port = await freePort();
const stack = await startStack({
  port,
  host: '127.0.0.1',
  dataDir,
  handlers: 'bundles',
  webDir: WEB_OUT,
  offline: false,
  log: () => undefined,
});
const browser = await launchChromium();
try {
  mkdirSync(OUT, { recursive: true });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1 });
  const origin = `http://127.0.0.1:${port}`;
  await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email or phone').fill(DEMO_ACCOUNT.username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('link', { name: /Pet Store API/ })
    .first()
    .click();

  const tree = page.getByRole('navigation', { name: 'Documents' });
  await tree.getByRole('treeitem', { name: '宠物 Pets' }).click();
  await tree.getByRole('treeitem', { name: '订单 Orders' }).click();
  await tree.getByRole('treeitem', { name: 'Place an order' }).click();
  await page
    .getByRole('article', { name: 'Place an order' })
    .getByRole('tab', { name: /Request body/ })
    .click();
  await shoot(page, 'workspace-api');

  await page.getByRole('article').getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('textbox', { name: /Path/ }).first().waitFor();
  await shoot(page, 'api-editor');

  await tree.getByRole('treeitem', { name: 'GET List pets' }).click();
  await page
    .getByRole('dialog', { name: 'Unsaved changes' })
    .waitFor({ timeout: 1_000 })
    .then(
      () => page.getByRole('button', { name: 'Leave' }).click(),
      () => undefined,
    );
  await tree.getByRole('treeitem', { name: 'Place an order' }).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Copy link' }).hover();
  await shoot(page, 'tree-menu');
} finally {
  await browser.close();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
