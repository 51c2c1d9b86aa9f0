/**
 * Embedded pages must come from elsewhere. A frame of the app's own origins (the web app, its API, its files,
 * its mocks) would run with the app's rights: a sandbox with both `allow-scripts` and `allow-same-origin` is no
 * sandbox for same-origin content, and even without them such a frame can be made to show the app's own pages
 * (`/__dev/outbox`) inside a document. Hosts compare as `hostname:port`, whatever the scheme.
 */
export function hostOfUrl(url: string): string | undefined {
  try {
    const { host, protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? host.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** True when `url` points at one of `ownOrigins` (origins or hosts; empty entries are ignored). */
export function isOwnOrigin(url: string, ownOrigins: readonly (string | undefined)[]): boolean {
  const host = hostOfUrl(url);
  if (!host) return false;
  return ownOrigins.some((own) => own && (hostOfUrl(own) ?? own.toLowerCase()) === host);
}

/** The sandbox of an embed frame: a frame of our own origin never gets `allow-same-origin` beside `allow-scripts`. */
export const embedSandbox = (sameOrigin: boolean) =>
  sameOrigin ? 'allow-scripts allow-forms allow-popups' : 'allow-scripts allow-same-origin allow-forms allow-popups';
