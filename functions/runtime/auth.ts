import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../shared/constants';
import type { Access } from '../../shared/routes';
import { findSession, type Session } from '../data/sessions';
import { AppError } from './app-error';

export interface Caller {
  userId: string;
  session: Session;
}

/** The session token: the `token` header first (what the web client sends), then the cookie. */
export function tokenOf(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers?.[TOKEN_HEADER];
  if (header) return header;
  const cookies = event.cookies ?? event.headers?.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name === TOKEN_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * Resolves the caller and enforces the route's access rule. No token: 41000; a token that matches no live
 * session: 41001. Public routes still resolve a valid token so handlers may personalise.
 */
export async function authenticate(event: APIGatewayProxyEventV2, access: Access): Promise<Caller | undefined> {
  const token = tokenOf(event);
  const session = token ? await findSession(token) : undefined;
  const caller = session ? { userId: session.userId, session } : undefined;
  switch (access.kind) {
    case 'public':
      return caller;
    case 'user':
      if (!token) throw new AppError('notLoggedIn');
      if (!caller) throw new AppError('sessionExpired');
      return caller;
  }
}
