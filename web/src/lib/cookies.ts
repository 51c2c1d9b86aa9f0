import { SESSION_HINT_COOKIE } from '@shared/constants';

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

/**
 * Whether this browser holds a session. The session cookie itself is HttpOnly (no page script, injected or not,
 * can read it): the API sets and expires this readable hint with it, and the browser sends the session cookie
 * with every call to our own origin.
 */
export const hasSessionHint = () => !!readCookie(SESSION_HINT_COOKIE);

/** Forgets the hint once the API said the session is gone (its answer expires both cookies too). */
export const clearSessionHint = () => {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
};
