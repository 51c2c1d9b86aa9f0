/**
 * The web app's page budgets (issue 10): JavaScript a first visit downloads, gzip-compressed as a CDN serves it,
 * per page. Each page's own code arrives in its lazy chunks; the figure is everything the page needed to show.
 */
import { SESSION_HINT_COOKIE, TOKEN_COOKIE } from '@shared/constants';
import { gzipSync } from 'node:zlib';
import type { startBenchStack } from './harness';
import { launchChromium } from '../chromium';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

async function firstLoadJs(origin: string, path: string, ready: string, token?: string, locale = 'zh-CN') {
  const browser = await launchChromium();
  try {
    // A reader whose browser prefers Chinese, unless told otherwise: another language's reader is offered English,
    // whose texts then load too.
    const context = await browser.newContext({ locale });
    if (token)
      await context.addCookies([
        { name: TOKEN_COOKIE, value: token, url: origin, httpOnly: true },
        { name: SESSION_HINT_COOKIE, value: '1', url: origin },
      ]);
    const page = await context.newPage();
    const scripts: Promise<{ url: string; gzip: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(origin)) {
        scripts.push(res.body().then((body) => ({ url: res.url(), gzip: gzipSync(body, { level: 9 }).length })));
      }
    });
    await page.goto(`${origin}${path}`);
    await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    const files = await Promise.all(scripts);
    return { kb: files.reduce((n, f) => n + f.gzip, 0) / 1024, chunks: files.length };
  } finally {
    await browser.close();
  }
}

export async function benchWeb(stack: Stack) {
  const { token } = await registerBenchUser();
  const login = await firstLoadJs(stack.origin, '/login', '登录');
  const loginOffered = await firstLoadJs(stack.origin, '/login', '登录', undefined, 'en-US');
  const home = await firstLoadJs(stack.origin, '/', '让 API 文档成为团队的共同语言');
  const dashboard = await firstLoadJs(stack.origin, '/dashboard', '我的项目', token);
  const line = (r: { kb: number; chunks: number }) => `${r.kb.toFixed(0)} KB in ${r.chunks} chunks`;
  return {
    'first-load JavaScript of /login (gzip, every chunk it loads)': `${line(login)} (budget 300 KB)`,
    'the same for a browser in English (offered English)': line(loginOffered),
    'first-load JavaScript of / (gzip)': line(home),
    'first-load JavaScript of /dashboard (gzip)': line(dashboard),
  };
}
