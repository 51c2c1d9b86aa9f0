/**
 * A request's address as a runner sends it, one source for the Run tab (web/src/features/runner/lib/draft.ts) and
 * the scenario engine (shared/scenarios/request.ts): a path under a base address, its `{id}` and `:id` segments
 * filled, the query appended before any fragment.
 */
import { paramNameOf } from './mock-path';

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A path under a base address, with exactly one slash between them; an absolute address stays as it is. */
export function joinUrl(base: string, url: string): string {
  if (!base || ABSOLUTE.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

/** `{id}` and `:id` segments of the path (before any query) filled from the path parameters, encoded. */
export function fillPath(url: string, values: ReadonlyMap<string, string>): string {
  const cut = url.search(/[?#]/);
  const [path, rest] = cut === -1 ? [url, ''] : [url.slice(0, cut), url.slice(cut)];
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path)?.[0] ?? '';
  const filled = path
    .slice(scheme.length)
    .split('/')
    .map((segment) => {
      const name = paramNameOf(segment);
      return name !== undefined && values.has(name) ? encodeURIComponent(values.get(name)!) : segment;
    })
    .join('/');
  return scheme + filled + rest;
}

/** The query's rows added to the address's own, before its fragment. */
export function withQuery(url: string, rows: readonly [string, string][]): string {
  if (!rows.length) return url;
  const hash = url.indexOf('#');
  const [head, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const search = new URLSearchParams(rows as [string, string][]).toString();
  return `${head}${head.includes('?') ? (head.endsWith('?') || head.endsWith('&') ? '' : '&') : '?'}${search}${fragment}`;
}
