/**
 * The early script: a plain script that index.html runs before the app's code (web/build/early-script.ts builds
 * it into an asset of its own). On a project's page it starts the workspace's two reads, the project and its
 * document tree (the slowest read of the app), while the app's code is still loading, so the requests leave half a
 * second earlier. The API client takes the answers (lib/api/early.ts) and handles them like any other; nothing
 * else reads them. It also asks for the workspace page's code (the build lists it), which the router would
 * otherwise find only after the entry has loaded and run.
 */
import workspaceCode from 'virtual:apiloom-early-preload';
import projectRead from 'virtual:apiloom-route-table/project.get';
import treeRead from 'virtual:apiloom-route-table/document.tree';
import type { Envelope } from '@shared/errors';
import { config } from './config';
import { storedLanguage } from './i18n/language';
import { hasSessionHint } from './lib/cookies';
import { paths, VERSION_PARAM } from './paths';

/** The values of `pattern`'s `:params` when `pathname` is its page or a page below it. */
function matchPage(pattern: string, pathname: string): string[] | undefined {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '([^/]+)' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}(?:/|$)`).exec(pathname)?.slice(1);
}

/**
 * The project and its tree, asked for as the API client would: same path, same language, and the same session
 * (its HttpOnly cookie goes with the request; the readable hint says whether there is one).
 */
function startReads(projectId: string) {
  const headers: Record<string, string> = { 'Accept-Language': storedLanguage() };
  const answers: Record<string, Promise<Envelope | null>> = {};
  for (const route of [treeRead, projectRead]) {
    // Each of the two takes the project's id as its one parameter.
    const path = route.path.replace(/\{\w+\}/g, () => encodeURIComponent(projectId));
    answers[path] = fetch(`${config.apiBase}${path}`, { headers }).then(
      (res) => (res.status === 200 ? (res.json() as Promise<Envelope>) : null),
      () => null,
    );
  }
  window.__apiloomEarly = { signedIn: hasSessionHint(), answers };
}

function preloadWorkspaceCode() {
  for (const href of workspaceCode) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    // After the entry's own code, which the browser asks for at high priority.
    link.fetchPriority = 'low';
    link.href = href;
    document.head.appendChild(link);
  }
}

function start() {
  const { pathname, search } = location;
  const [id] = matchPage(paths.project.pattern, pathname) ?? [];
  // A share link's page is another page, which reads only its share.
  if (id === undefined || matchPage(paths.sharedView.pattern, pathname)) return;
  let projectId: string;
  try {
    projectId = decodeURIComponent(id);
  } catch {
    // Not an address the app reads a project from.
    return;
  }
  // A release (`?version=`) reads its snapshot, not these.
  if (!new URLSearchParams(search).get(VERSION_PARAM)) startReads(projectId);
  // The page's code is asked for after the reads, so they are not queued behind it for a connection.
  preloadWorkspaceCode();
}

start();
