/**
 * The browser plug-in (extension/, issue 24) loaded in Chromium, headless, as a user loads it unpacked:
 * /testplugin says it is installed and what it may reach, and a request sent through the plug-in transport reaches
 * a loopback server that sends NO CORS headers, and its answer comes back to the page. Chrome asks for a host
 * permission in a dialog of its own, which no automation can answer; so the test that sends loads a copy of the
 * extension whose manifest holds http://127.0.0.1/* as granted (what the user's "Allow" gives), and the test of the
 * manifest as shipped shows that a first send to an origin asks first, in the plug-in's own window, and sends nothing.
 */
import { chromium, expect, test, type BrowserContext } from '@playwright/test';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createProject, newPerson, withSession } from './support';

const EXTENSION = resolve(import.meta.dirname, '../../extension');

let target: Server;
let targetUrl = '';
const seen: IncomingHttpHeaders[] = [];

test.beforeAll(async () => {
  // No Access-Control-Allow-Origin: a page could not read this answer by itself.
  target = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ from: 'target', path: req.url }));
  });
  await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  target.closeAllConnections();
  await new Promise((ok) => target.close(ok));
});

/** Chromium with only this extension, headless (new mode), in a profile of its own. */
async function withExtension(dir: string, run: (context: BrowserContext) => Promise<void>) {
  const profile = mkdtempSync(join(tmpdir(), 'apiloom-plugin-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    locale: 'zh-CN',
    baseURL: test.info().project.use.baseURL,
    args: [`--disable-extensions-except=${dir}`, `--load-extension=${dir}`, '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    // The service worker is running: the extension loaded.
    if (!context.serviceWorkers().length) await context.waitForEvent('serviceworker');
    await run(context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

test('the plug-in is installed, and a request through it reaches a loopback server without CORS and comes back', async () => {
  const granted = mkdtempSync(join(tmpdir(), 'apiloom-plugin-'));
  cpSync(EXTENSION, granted, { recursive: true });
  const manifest = JSON.parse(readFileSync(join(granted, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(granted, 'manifest.json'), JSON.stringify({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }));
  try {
    await withExtension(granted, async (context) => {
      const page = await context.newPage();
      await page.goto('/testplugin');
      await expect(page.getByText('插件已安装（版本 1.0.0）')).toBeVisible();
      await expect(page.getByRole('list', { name: '已允许访问的地址' })).toContainText('http://127.0.0.1/*');
      await page.getByRole('textbox', { name: '地址' }).fill(`${targetUrl}/hello?x=1`);
      await page.getByRole('button', { name: '通过插件发送' }).click();
      const result = page.getByRole('status');
      await expect(result).toContainText(/200 OK · \d+ 字节/);
      await expect(result).toContainText('{"from":"target","path":"/hello?x=1"}');
      // Sent by the plug-in, without the page's cookies (ours among them).
      expect(seen.at(-1)?.cookie).toBeUndefined();
    });
  } finally {
    rmSync(granted, { recursive: true, force: true });
  }
});

test('as shipped, the plug-in reaches no origin until the user allows it in its own window', async () => {
  const before = seen.length;
  await withExtension(EXTENSION, async (context) => {
    const page = await context.newPage();
    await page.goto('/testplugin');
    await expect(page.getByText('插件已安装（版本 1.0.0）')).toBeVisible();
    await expect(page.getByText('还没有允许任何地址')).toBeVisible();
    await page.getByRole('textbox', { name: '地址' }).fill(`${targetUrl}/not-yet`);
    const asking = context.waitForEvent('page');
    await page.getByRole('button', { name: '通过插件发送' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '请在插件弹出的窗口中允许访问' })).toHaveText(
      '请在插件弹出的窗口中允许访问 http://127.0.0.1，然后重新发送',
    );
    const grant = await asking;
    expect(grant.url()).toMatch(
      /^chrome-extension:\/\/papankcihbknnieebhkfglgfinkddfge\/grant\.html\?origin=http%3A%2F%2F127\.0\.0\.1%2F\*$/,
    );
    await expect(grant.getByText('http://127.0.0.1/*')).toBeVisible();
  });
  expect(seen.length).toBe(before);
});

test('without the plug-in, /testplugin says so and how to install it, in zh and en', async ({ page }) => {
  await page.goto('/testplugin');
  await expect(page.getByText('没有检测到插件')).toBeVisible();
  await expect(page.getByText('点击“加载已解压的扩展程序”')).toBeVisible();
  await page.getByLabel('语言').getByText('English').click();
  await expect(page.getByText('The plug-in is not installed')).toBeVisible();
  await expect(page.getByText('Click “Load unpacked”')).toBeVisible();
});

test.describe('getting the plug-in and the CLI from the site', () => {
  for (const L of [
    { lang: 'zh', download: '下载插件安装包', steps: '把它解压到电脑上一个固定的文件夹', cli: '下载命令行（apiloom.mjs）' },
    {
      lang: 'en',
      download: 'Download the plug-in',
      steps: 'unzip it into a folder you keep',
      cli: 'Download the command line (apiloom.mjs)',
    },
  ] as const) {
    test(`[${L.lang}] /testplugin offers the site's plug-in package and says how to install it in words; the tokens page the CLI`, async ({
      page,
      request,
      baseURL,
    }) => {
      if (L.lang === 'en') await page.addInitScript(() => localStorage.setItem('apiloom.lang', 'en'));
      await page.goto('/testplugin');
      const download = page.getByRole('link', { name: L.download });
      await expect(download).toHaveAttribute('href', '/downloads/apiloom-extension.zip');
      await expect(page.getByRole('listitem').filter({ hasText: L.steps })).toBeVisible();
      // No repository paths or npm scripts are asked of a user any more.
      await expect(page.locator('main')).not.toContainText(/npm run|extension 文件夹|extension folder of the repository/);

      // The package is served by the site: a zip holding the manifest.
      const zip = await request.get('/downloads/apiloom-extension.zip');
      expect(zip.status()).toBe(200);
      expect(zip.headers()['content-type']).toBe('application/zip');
      const bytes = await zip.body();
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(bytes.toString('latin1')).toContain('manifest.json');

      // The one-file CLI, and the CI example that fetches it with curl from this very site.
      const cli = await request.get('/cli/apiloom.mjs');
      expect(cli.status()).toBe(200);
      expect(await cli.text()).toMatch(/^#!\/usr\/bin\/env node\n/);
      const person = await newPerson(request);
      const projectId = await createProject(request, person.token, { name: 'CLI e2e' });
      await withSession(page.context(), person);
      await page.goto(`/dashboard/project/${projectId}/tokens`);
      await expect(page.getByRole('link', { name: L.cli })).toHaveAttribute('href', '/cli/apiloom.mjs');
      await expect(page.locator('pre.cli-example')).toContainText(`curl -fsSL ${baseURL}/cli/apiloom.mjs -o apiloom.mjs`);
      await expect(page.locator('pre.cli-example')).toContainText(`node apiloom.mjs push openapi.yaml --project ${projectId}`);
    });
  }
});
