/**
 * Requests from other sites (CSRF). The session cookie is SameSite=Lax, which still rides along on same-site
 * requests (another port of the same host) and on a cross-site top-level form POST's answer (login CSRF), so
 * every request that changes state must prove the app sent it:
 * - it authenticates with the `token` header, which no form and no `no-cors` fetch can set (the cookie alone
 *   signs in safe GETs only: a file download link, a page's first read);
 * - a browser that says where the request comes from must say it is our own origin: `Sec-Fetch-Site` is
 *   `same-origin` (or `none`: typed by the user), and where a browser sends no fetch metadata, `Origin` names
 *   the host the request was made to (CloudFront passes the viewer's host on as `x-forwarded-host`);
 * - JSON routes take only `application/json`, which a form cannot send and a cross-origin fetch cannot send
 *   without a preflight our API never approves.
 * Clients that are not browsers send neither header and are not at risk: they must still use the token header.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { RouteDef } from '@shared/routes';
import { AppError } from '../core/app-error';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const changesState = (route: Pick<RouteDef, 'method'>) => !SAFE_METHODS.has(route.method);

const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

function hostOf(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** Throws `crossSiteRequest` when a browser tells us a state-changing request came from another origin. */
export function assertOwnOrigin(event: APIGatewayProxyEventV2, siteOrigin?: string): void {
  const headers = event.headers ?? {};
  const fetchSite = headers['sec-fetch-site']?.toLowerCase();
  if (fetchSite !== undefined) {
    if (!ALLOWED_FETCH_SITES.has(fetchSite)) throw new AppError('crossSiteRequest');
    return;
  }
  const origin = headers.origin;
  if (origin === undefined) return;
  const expected = siteOrigin ? hostOf(siteOrigin) : (headers['x-forwarded-host'] ?? headers.host)?.toLowerCase();
  if (!expected || hostOf(origin) !== expected) throw new AppError('crossSiteRequest');
}

/**
 * True only when a browser positively says the request comes from our own origin: `Sec-Fetch-Site: same-origin`,
 * or (a browser without fetch metadata) an `Origin` naming our host. What lets the HttpOnly session cookie sign in
 * a state-changing call; a request saying nothing (a script, a form of an old browser) needs the token header.
 */
export function provesOwnOrigin(event: APIGatewayProxyEventV2, siteOrigin?: string): boolean {
  const headers = event.headers ?? {};
  const fetchSite = headers['sec-fetch-site']?.toLowerCase();
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = headers.origin;
  if (origin === undefined) return false;
  const expected = siteOrigin ? hostOf(siteOrigin) : (headers['x-forwarded-host'] ?? headers.host)?.toLowerCase();
  return !!expected && hostOf(origin) === expected;
}

const MEDIA_TYPES = { json: /^application\/json\s*(;|$)/i, form: /^application\/x-www-form-urlencoded\s*(;|$)/i } as const;

/** A route with a body takes exactly its own media type; a request without a body may omit the header. */
export function assertContentType(event: APIGatewayProxyEventV2, route: Pick<RouteDef, 'body' | 'bodyType'>): void {
  if (!route.body) return;
  const contentType = event.headers?.['content-type'];
  if (contentType === undefined && !event.body) return;
  if (!MEDIA_TYPES[route.bodyType ?? 'json'].test(contentType ?? '')) throw new AppError('unsupportedContentType');
}
