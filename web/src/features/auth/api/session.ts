import { useNavigate } from 'react-router';
import type { UserDetail } from '@shared/schemas/account';
import { api, clearSessionState, queryClient, queryKey, useApiMutation, useApiQuery } from '../../../lib/api';
import { clearSessionHint, hasSessionHint } from '../../../lib/cookies';
import { paths } from '../../../paths';
import { afterLoginTarget } from '../lib/after-login';

/** The signed-in user, or nothing when there is no session (its hint cookie: the session cookie is HttpOnly). */
export const useCurrentUser = (opts: { ignoreRedirect?: boolean } = {}) =>
  useApiQuery('user.detail', undefined, {
    enabled: hasSessionHint(),
    ignoreRedirect: opts.ignoreRedirect,
    ignoreMessage: opts.ignoreRedirect,
  });

export const hasSession = hasSessionHint;

/**
 * After a sign-in or registration, whose answer set the session cookie and its hint: every cached state of whoever
 * was here before goes, and the user the answer named is the signed-in user (no second read for it).
 */
export function signedIn(user: UserDetail) {
  clearSessionState();
  queryClient.setQueryData(queryKey('user.detail'), user);
}

/**
 * Where to go after signing in: `f`, or the dashboard. An `f` that leaves our origin goes through the external-link
 * notice, where the person confirms it (issue 25: no open redirect through `f`).
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  return (from: string | null) => {
    const target = afterLoginTarget(from, window.location.origin);
    void navigate(target.kind === 'path' ? target.path : paths.externalLink.href(target.url), { replace: true });
  };
}

/**
 * Leaves the signed-in pages first (`leave`), so nothing on them refetches with the session being revoked and
 * mistakes the sign-out for an expired session; then revokes the session and drops every cached state.
 */
export const useSignOut = () =>
  useApiMutation(async (leave: () => void) => {
    leave();
    try {
      await api.call('login.delete', {}, { ignoreMessage: true, ignoreRedirect: true });
    } finally {
      // The API expired both cookies; the hint goes here too should that answer have been lost.
      clearSessionHint();
      clearSessionState();
    }
  });

/** The demo account seeded by the local stack (and by a deployment that offers the online demo). */
export const DEMO_ACCOUNT = { username: 'demo@apiloom.local', password: 'Demo12345' };
