/** Share links and releases: what the share screens, the share page and the version switcher read and change. */
import type { RouteId } from '@shared/routes';
import { queryClient, useApiMutation, useApiQuery } from '../../../lib/api';

/** The project's share links (editors only: the list is refused to anyone else). */
export const useShares = (projectId: string, enabled: boolean) => useApiQuery('share.list', { params: { id: projectId } }, { enabled });

/** A change to a share; the list is refreshed after it, and the dialog or confirmation shows a failure. */
export const useShareChange = <Id extends 'share.create' | 'share.update' | 'share.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: ['share.list'], ignoreMessage: true });

/** The project's releases, newest first: readable by whoever reads the project, so quiet when refused. */
export const useReleases = (projectId: string, enabled = true) =>
  useApiQuery('release.list', { params: { id: projectId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });

/** The version the publish dialog offers: the latest with its last number raised by one. */
export const useNextVersion = (projectId: string) =>
  useApiQuery('release.nextVersion', { params: { id: projectId } }, { staleTime: 0, ignoreMessage: true });

export const useReleaseChange = <Id extends 'release.publish' | 'release.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: ['release.list', 'release.nextVersion'], ignoreMessage: true });

/**
 * A share link as its reader opens it: with the token kept from an earlier visit (or none), the share's name,
 * expiry and scoped tree and a token for the reads that follow; 45016 while its password is wanted. The reader
 * has no session to lose, so nothing here toasts or goes to the sign-in page.
 */
export const useShareContent = (shareId: string, shareToken: string | undefined) =>
  useApiQuery('share.content', { params: { id: shareId } }, { shareToken, ignoreMessage: true, ignoreRedirect: true, staleTime: Infinity });

/** Gives the share's password; answers a token for the reads that follow. */
export const useSharePassword = () => useApiMutation('share.assert', { ignoreMessage: true, ignoreRedirect: true });

/** Forgets what was read with a share token that no longer opens the share, so the next read asks afresh. */
export const forgetShareContent = () => queryClient.removeQueries({ queryKey: ['share.content'] satisfies [RouteId] });
