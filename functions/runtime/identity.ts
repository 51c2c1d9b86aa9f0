/**
 * Who is calling, and who they are: the session token of a request and the caller it names. Every service needs
 * this; only services with project or team routes need the access checks of access.ts (they pass them in).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PROJECT_VERSION_HEADER, TOKEN_COOKIE, TOKEN_COOKIE_HTTPS, TOKEN_HEADER } from '@shared/constants';
import { admitsAnonymous, isTokenRoute, type Access } from '@shared/routes/define';
import { findSession, type Session } from '../domain/sessions';
import { AppError } from '../core/app-error';

export interface Caller {
  userId: string;
  session: Session;
}

/** The release a read asks for (the `X-PROJECT-VERSION` header). */
export const versionOf = (event: APIGatewayProxyEventV2) => event.headers?.[PROJECT_VERSION_HEADER.toLowerCase()] || undefined;

/**
 * The session token: the `token` header (API clients), or the session cookie (the browser) where `allowCookie`:
 * safe reads, and state-changing calls whose browser proved they come from the app (service.ts). The `__Host-`
 * name (HTTPS) is read before the plain one. A cookie that is not valid percent-encoding is ignored, never fatal.
 */
function tokenOf(event: APIGatewayProxyEventV2, allowCookie: boolean): { token: string; from: 'header' | 'cookie' } | undefined {
  const header = event.headers?.[TOKEN_HEADER];
  if (header) return { token: header, from: 'header' };
  if (!allowCookie) return undefined;
  const cookies = (event.cookies ?? event.headers?.cookie?.split(';') ?? []).map((cookie) => {
    const [name, ...rest] = cookie.trim().split('=');
    return { name, value: rest.join('=') };
  });
  for (const wanted of [TOKEN_COOKIE_HTTPS, TOKEN_COOKIE]) {
    const found = cookies.find((c) => c.name === wanted);
    if (!found) continue;
    try {
      return { token: decodeURIComponent(found.value), from: 'cookie' };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Resolves the caller before anything else runs. No token: 41000, unless the route may admit anonymous callers;
 * a token that matches no live session: 41001, except on a read a guest may make (a public project, a share),
 * which is then read as a guest's. `stale` hears of such a token (and whether it came in the cookie, which the
 * answer then expires).
 */
export async function identify(
  event: APIGatewayProxyEventV2,
  access: Access,
  opts: { allowCookie: boolean; safeRead: boolean; stale: (fromCookie: boolean) => void },
): Promise<Caller | undefined> {
  // The open API admits project tokens only (access.ts checks them): a session is never read there.
  if (isTokenRoute(access)) return undefined;
  const found = tokenOf(event, opts.allowCookie);
  const session = found ? await findSession(found.token) : undefined;
  const caller = session ? { userId: session.userId, session } : undefined;
  const stale = found !== undefined && !caller;
  if (stale) opts.stale(found.from === 'cookie');
  if (access.grants.some((g) => g.kind === 'anyone')) return caller;
  if (stale && !(opts.safeRead && admitsAnonymous(access))) throw new AppError('sessionExpired');
  if (!caller && !admitsAnonymous(access)) throw new AppError('notLoggedIn');
  return caller;
}
