import { SESSION_TTL_SECONDS, TOKEN_COOKIE } from '@shared/constants';
import { env } from '../../env';

/**
 * The token cookie of spec section 9 (7 days, path /). It is readable by the page on purpose: the web client
 * sends the token as a header from this cookie (spec section 7). SameSite=Lax keeps other sites' POSTs from
 * carrying it; HTTPS deployments add Secure.
 */
export function sessionCookie(token: string): string {
  const secure = env().STAGE === 'aws' ? '; Secure' : '';
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_TTL_SECONDS}; SameSite=Lax${secure}`;
}

export const clearedSessionCookie = () => `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
