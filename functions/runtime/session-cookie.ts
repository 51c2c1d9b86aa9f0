import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_HINT_COOKIE, SESSION_TTL_SECONDS, TOKEN_COOKIE, TOKEN_COOKIE_HTTPS } from '@shared/constants';
import { env } from '../env';

/**
 * The session cookie of spec section 9 (7 days, path /), HttpOnly so no page script (nor an injected one) can
 * read it: the browser sends it, and state-changing calls carrying it must prove they come from the app
 * (runtime/request-origin.ts). SameSite=Lax keeps other sites' POSTs from carrying it. Over HTTPS it is Secure
 * with the `__Host-` prefix; plain-http local stacks keep the plain name, which browsers accept there. With it
 * goes a readable hint (no secret) by which the web app knows it is signed in.
 */
export const servedOverHttps = (event: APIGatewayProxyEventV2 | undefined) =>
  env().STAGE === 'aws' || event?.headers?.['x-forwarded-proto']?.toLowerCase() === 'https';

const attributes = (https: boolean, maxAge: number) => `; Path=/; Max-Age=${maxAge}; SameSite=Lax${https ? '; Secure' : ''}`;

export function sessionCookies(token: string, event: APIGatewayProxyEventV2 | undefined): string[] {
  const https = servedOverHttps(event);
  return [
    `${https ? TOKEN_COOKIE_HTTPS : TOKEN_COOKIE}=${encodeURIComponent(token)}${attributes(https, SESSION_TTL_SECONDS)}; HttpOnly`,
    `${SESSION_HINT_COOKIE}=1${attributes(https, SESSION_TTL_SECONDS)}`,
  ];
}

/** Expires the session cookie (under the name this scheme uses) and its hint. */
export function clearedSessionCookies(event: APIGatewayProxyEventV2 | undefined): string[] {
  const https = servedOverHttps(event);
  return [
    `${https ? TOKEN_COOKIE_HTTPS : TOKEN_COOKIE}=${attributes(https, 0)}; HttpOnly`,
    `${SESSION_HINT_COOKIE}=${attributes(https, 0)}`,
  ];
}
