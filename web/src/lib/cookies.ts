import { SESSION_TTL_SECONDS, TOKEN_COOKIE } from '@shared/constants';

/** A cookie's value; one that is not valid percent-encoding (`%`, planted by another page) reads as absent. */
function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The session token cookie of spec section 9: 7 days, path /. */
export const sessionToken = () => readCookie(TOKEN_COOKIE);

export function storeSessionToken(token: string) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${SESSION_TTL_SECONDS}; SameSite=Lax${secure}`;
}

export const clearSessionToken = () => {
  document.cookie = `${TOKEN_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
};
