/**
 * The early script as the build makes it, run in a stand-in for the page, and the API client after it: the
 * client must take each early answer instead of asking again. A renamed or reshaped route, page address, cookie,
 * header or storage key shows here as a request the client does not reuse.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@shared/routes';
import { bundleEarlyScript } from '../build/early-script';
import { routeTable } from '../build/route-table';
import { createApiClient } from './lib/api/client';
import { takeEarlyAnswer } from './lib/api/early';
import { paths } from './paths';

const PRELOAD = ['/assets/workspace-test.js', '/assets/tree-test.js'];
/** The deployment's API address (window.APILOOM_CONFIG), which the early script and the client both use. */
const API = 'https://apiloom.test/api';
let script = '';
beforeAll(async () => {
  const web = fileURLToPath(new URL('..', import.meta.url));
  ({ code: script } = await bundleEarlyScript(fileURLToPath(new URL('./early.ts', import.meta.url)), {
    root: web,
    outDir: fileURLToPath(new URL('../../dist/web', import.meta.url)),
    assetsDir: 'assets',
    mode: 'production',
    preload: PRELOAD,
    plugins: [routeTable()],
  }));
}, 60_000);
afterEach(() => vi.unstubAllGlobals());

interface Request {
  url: string;
  headers: Record<string, string>;
}

/** Runs the early script on `address` with the given cookie and stored language; what it asked for and left. */
function runEarly(address: string, { cookie = '', language = null as string | null } = {}) {
  const url = new URL(address, 'https://apiloom.test');
  const requests: Request[] = [];
  const preloads: { rel: string; href: string; fetchPriority: string }[] = [];
  const window: Record<string, unknown> = {
    location: { pathname: url.pathname, search: url.search },
    localStorage: { getItem: (key: string) => (key === 'apiloom.lang' ? language : null) },
    document: {
      cookie,
      createElement: () => ({ rel: '', href: '', fetchPriority: '' }),
      head: { appendChild: (link: (typeof preloads)[number]) => preloads.push({ ...link }) },
    },
    APILOOM_CONFIG: { apiBase: API },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      requests.push({ url, headers: init.headers });
      return Promise.resolve({ status: 200, json: () => Promise.resolve({ code: 0, message: 'ok', data: { early: url } }) });
    },
    URLSearchParams,
  };
  window.window = window;
  runInNewContext(script, window);
  return { requests, preloads, window };
}

/** The API client of the app, reading early answers from `window`, and the requests it sends itself. */
function client(window: Record<string, unknown>, signedIn: boolean) {
  vi.stubGlobal('window', window);
  const sent: string[] = [];
  const { call } = createApiClient({
    apiBase: API,
    routes,
    signedIn: () => signedIn,
    language: () => 'zh',
    onSessionLost: () => undefined,
    toast: () => undefined,
    text: () => '',
    early: takeEarlyAnswer,
    fetch: (input) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'ok', data: 'network' })));
    },
  });
  return { call, sent };
}

describe('the early script', () => {
  const projectId = randomUUID();

  it.each([paths.project.href(projectId), paths.project.href(projectId, { edit: true }), paths.document.href(projectId, 'doc-1', 'edit')])(
    'on %s asks for the project and its tree as the client would, and the client takes both answers',
    async (address) => {
      const { requests, preloads, window } = runEarly(address, { cookie: 'theme=dark; apiloom-signed-in=1', language: 'en' });
      expect(requests.map((r) => r.url)).toEqual([`${API}/project/document/children/all/${projectId}`, `${API}/project/${projectId}`]);
      // The session goes in its HttpOnly cookie, which the browser adds; no script reads it.
      for (const request of requests) expect(request.headers).toEqual({ 'Accept-Language': 'en' });

      const { call, sent } = client(window, true);
      await expect(call('document.tree', { params: { projectId } })).resolves.toEqual({ early: requests[0]!.url });
      await expect(call('project.get', { params: { id: projectId } })).resolves.toEqual({ early: requests[1]!.url });
      expect(sent).toEqual([]);
      // Its code is asked for after the reads, at low priority.
      expect(preloads).toEqual(PRELOAD.map((href) => ({ rel: 'modulepreload', href, fetchPriority: 'low' })));
    },
  );

  it('signed out, asks in the default language, and the signed-out client takes the answers', async () => {
    const { requests, window } = runEarly(paths.project.href(projectId));
    expect(requests.map((r) => r.headers)).toEqual([{ 'Accept-Language': 'zh' }, { 'Accept-Language': 'zh' }]);
    const { call, sent } = client(window, false);
    await call('project.get', { params: { id: projectId } });
    expect(sent).toEqual([]);
  });

  it('leaves an answer made signed out to the network once signed in', async () => {
    const { window } = runEarly(paths.project.href(projectId), { cookie: 'apiloom-token=not-readable-anyway' });
    const { call, sent } = client(window, true);
    await expect(call('project.get', { params: { id: projectId } })).resolves.toBe('network');
    expect(sent).toEqual([`${API}/project/${projectId}`]);
  });

  it("reads nothing for a release's page, but asks for the workspace code", () => {
    const { requests, preloads } = runEarly(paths.project.href(projectId, { version: '1.0.0' }));
    expect(requests).toEqual([]);
    expect(preloads.map((p) => p.href)).toEqual(PRELOAD);
  });

  it.each([paths.sharedView.href(projectId, 'share-1'), paths.login.href(), paths.dashboard.href(), paths.home.href()])(
    'does nothing on %s',
    (address) => {
      const { requests, preloads, window } = runEarly(address, { cookie: 'apiloom-token=tok' });
      expect([requests, preloads, window.__apiloomEarly]).toEqual([[], [], undefined]);
    },
  );
});
