import { DEFAULT_AFTER_LOGIN } from '@shared/constants';

/**
 * Where `f` (spec "Session and redirect behaviour") may take a person after signing in: a path of ours, an
 * absolute address on our own origin, or (any other origin) only through the external-link notice, where the
 * person confirms leaving. A protocol-relative `//host`, a backslash trick or a non-http scheme leaves our origin
 * too, so it is treated as external (and the notice refuses anything but http and https).
 */
export type AfterLogin = { kind: 'path'; path: string } | { kind: 'external'; url: string };

export function afterLoginTarget(f: string | null | undefined, origin: string): AfterLogin {
  const target = (f ?? '').trim() || DEFAULT_AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(target, `${origin}/`);
  } catch {
    return { kind: 'path', path: DEFAULT_AFTER_LOGIN };
  }
  if (url.origin !== origin) return { kind: 'external', url: target };
  return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` };
}
