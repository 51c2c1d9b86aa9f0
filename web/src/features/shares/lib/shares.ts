/** What the share screens decide without asking the server: request bodies, expiry, links, and waiting times. */
import type { RouteRequest } from '@shared/routes';
import { buildPath, type RoutePath } from '@shared/routes/path';
import { paths } from '../../../paths';

/** A day before it ends, a share is about to expire. */
const SOON_MS = 24 * 3_600_000;

type ExpiryState = 'expired' | 'soon' | 'valid';

export function expiryState(expireAt: string, now = Date.now()): ExpiryState {
  const left = Date.parse(expireAt) - now;
  if (!(left > 0)) return 'expired';
  return left <= SOON_MS ? 'soon' : 'valid';
}

/** The address a reader opens: absolute, to paste anywhere. */
export const shareLink = (origin: string, projectId: string, shareId: string) =>
  new URL(paths.sharedView.href(projectId, shareId), origin).href;

/**
 * The share's `llms.txt` (issue 26), absolute, for an AI assistant: with this reader's share token, so that a
 * share behind a password opens there too (an open share ignores it).
 */
export function llmsLink(apiBase: string, origin: string, route: RoutePath, shareId: string, shareToken?: string): string {
  const url = new URL(`${apiBase}${buildPath(route, { id: shareId })}`, origin);
  if (shareToken) url.searchParams.set('share-token', shareToken);
  return url.href;
}

export interface ShareFormValues {
  name: string;
  docIds?: string[];
  /** The end of the share, as the date picker gives it. */
  expireAt: { toISOString(): string };
  password?: string;
  /** Editing a share with a password: take it away. */
  removePassword?: boolean;
  /** A release to share; empty for the live project. */
  version?: string;
  /** Readers may export what the share holds. */
  allowExport?: boolean;
}

/**
 * The body of a create or an update. An update without a new password keeps the one the share has (the field
 * is left out), and removing it sends an empty one; a create without one makes an open share.
 */
export function shareCreateBody(projectId: string, v: ShareFormValues): RouteRequest<'share.create'>['body'] {
  return {
    projectId,
    name: v.name.trim(),
    docIds: v.docIds ?? [],
    expireAt: v.expireAt.toISOString(),
    password: v.password ?? '',
    version: v.version || null,
    allowExport: v.allowExport ?? false,
  };
}

export function shareUpdateBody(projectId: string, shareId: string, v: ShareFormValues): RouteRequest<'share.update'>['body'] {
  const { password: _password, ...rest } = shareCreateBody(projectId, v);
  const password = v.removePassword ? '' : v.password || undefined;
  return { ...rest, id: shareId, ...(password === undefined ? {} : { password }) };
}

/** Whole minutes to wait after too many password guesses (Retry-After is in seconds); at least one. */
export const minutesToWait = (retryAfterSeconds: number | undefined) => Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60));
