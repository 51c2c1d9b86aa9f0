/**
 * Addresses on the mock origin: `{mockBase}/{projectId}{path}`, where the path is the document's template read the
 * way the mock origin reads it (shared/mock-path.ts), so the address the page offers is the one that answers.
 */
import { MOCK_TOKEN_QUERY } from '@shared/constants';
import { mockPathOf, paramNameOf } from '@shared/mock-path';

const trimEnd = (base: string) => base.replace(/\/+$/, '');
const withLeadingSlash = (path: string) => (path.startsWith('/') ? path : `/${path}`);

/** The mock URL of a document, its path parameters left as the template writes them (`/users/{id}`). */
export function mockUrlOf(mockBase: string, projectId: string, template: string): string {
  return `${trimEnd(mockBase)}/${encodeURIComponent(projectId)}${withLeadingSlash(mockPathOf(template))}`;
}

/** The same address carrying the project's mock token, for a caller who knows it. */
export function withMockToken(url: string, token: string | null | undefined): string {
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${MOCK_TOKEN_QUERY}=${encodeURIComponent(token)}`;
}

/**
 * A concrete request path for a template: each `{name}` or `:name` segment replaced by the example value the
 * document gives that path parameter, or `1`.
 */
export function concretePath(template: string, examples: Record<string, string> = {}): string {
  const segments = withLeadingSlash(mockPathOf(template)).split('/');
  return segments
    .map((segment) => {
      const name = paramNameOf(segment);
      return name === undefined ? segment : encodeURIComponent(examples[name]?.trim() || '1');
    })
    .join('/');
}

/** The URL the preview requests: the path as typed (a leading slash added) and the query without its `?`. */
export function previewUrl(mockBase: string, projectId: string, path: string, query: string): string {
  const search = query.trim().replace(/^\?/, '');
  return `${trimEnd(mockBase)}/${encodeURIComponent(projectId)}${withLeadingSlash(path.trim())}${search ? `?${search}` : ''}`;
}
