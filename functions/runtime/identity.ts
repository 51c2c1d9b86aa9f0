/**
 * Who is calling, and who they are: the session token of a request and the caller it names. Every service needs
 * this; only services with project or team routes need the access checks of access.ts (they pass them in).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PROJECT_VERSION_HEADER, TOKEN_COOKIE, TOKEN_HEADER } from '@shared/constants';
import { admitsAnonymous, type Access } from '@shared/routes/define';
import { findSession, type Session } from '../domain/sessions';
import { AppError } from './app-error';

export interface Caller {
  userId: string;
  session: Session;
}

/** The release a read asks for (the `X-PROJECT-VERSION` header). */
export const versionOf = (event: APIGatewayProxyEventV2) => event.headers?.[PROJECT_VERSION_HEADER.toLowerCase()] || undefined;

/**
 * The session token: the `token` header (what the web client sends), or the cookie where `allowCookie` (safe
 * GETs only: a form or a `no-cors` fetch from another site carries the cookie but can never set the header).
 * A cookie that is not valid percent-encoding is ignored, never fatal.
 */
function tokenOf(event: APIGatewayProxyEventV2, allowCookie: boolean): string | undefined {
  const header = event.headers?.[TOKEN_HEADER];
  if (header) return header;
  if (!allowCookie) return undefined;
  const cookies = event.cookies ?? event.headers?.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Resolves the caller before anything else runs. No token: 41000, unless the route may admit anonymous callers;
 * a token that matches no live session: 41001 (even there, so a client learns its session is gone).
 */
export async function identify(event: APIGatewayProxyEventV2, access: Access, allowCookie: boolean): Promise<Caller | undefined> {
  const token = tokenOf(event, allowCookie);
  const session = token ? await findSession(token) : undefined;
  const caller = session ? { userId: session.userId, session } : undefined;
  if (access.grants.some((g) => g.kind === 'anyone')) return caller;
  if (token && !caller) throw new AppError('sessionExpired');
  if (!caller && !admitsAnonymous(access)) throw new AppError('notLoggedIn');
  return caller;
}
