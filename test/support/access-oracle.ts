/**
 * What the route table says should happen to a caller, written from the grants alone: admitted, or refused with
 * the code a client gets (41000 not signed in, 41001 a session that is gone, 42003 not allowed).
 */
import { atLeast, atLeastTeamRole, type Role, type TeamRole } from '@shared/access';
import { ERRORS } from '@shared/errors';
import type { Access } from '@shared/routes';
import { admitsAnonymous, isTokenRoute } from '@shared/routes/define';

export interface CallerFacts {
  signedIn: boolean;
  /** Sent a token that matches no session. */
  forged?: boolean;
  /** The call is a read (a stale session reads what a guest may, as a guest). */
  safeRead?: boolean;
  /** Effective role on the route's project, if it has one. */
  role?: Role;
  /** Role in the route's team, if it has one. */
  teamRole?: TeamRole;
  /** Came with a share token whose share holds the route's target. */
  shareHolds?: boolean;
  /** Came with a project token (`Authorization: Bearer`, issue 26): its scopes, whose project, its state. */
  projectToken?: { scopes: readonly string[]; ofProject: boolean; state: 'active' | 'revoked' | 'expired' };
}

export function expectedAccess(access: Access, caller: CallerFacts): 'admitted' | number {
  const anyone = access.grants.some((g) => g.kind === 'anyone');
  if (anyone) return 'admitted';
  // The open API: a project token and nothing else (no session is read there).
  if (isTokenRoute(access)) {
    const token = caller.projectToken;
    if (!token) return ERRORS.notLoggedIn.code;
    if (token.state === 'revoked') return ERRORS.tokenInvalid.code;
    if (token.state === 'expired') return ERRORS.tokenExpired.code;
    if (!token.ofProject) return ERRORS.notFound.code;
    const admitted = access.grants.some((g) => g.kind === 'projectToken' && token.scopes.includes(g.scope));
    return admitted ? 'admitted' : ERRORS.tokenScope.code;
  }
  if (caller.forged && !(caller.safeRead && admitsAnonymous(access))) return ERRORS.sessionExpired.code;
  const admitted = access.grants.some((g) => {
    switch (g.kind) {
      case 'anyone':
        return true;
      case 'signedIn':
        return caller.signedIn;
      case 'projectRole':
        return atLeast(caller.role, g.role);
      case 'publicRead':
        return caller.role !== undefined;
      case 'teamRole':
        return atLeastTeamRole(caller.teamRole, g.role);
      case 'shareToken':
        return !!caller.shareHolds;
      case 'projectToken':
        return false;
    }
  });
  if (admitted) return 'admitted';
  if (caller.forged) return ERRORS.sessionExpired.code;
  return caller.signedIn ? ERRORS.forbidden.code : ERRORS.notLoggedIn.code;
}

/** Codes that mean the access check refused, or that the sample never got past validation or its media type. */
export const ACCESS_CODES = [
  ERRORS.notLoggedIn.code,
  ERRORS.sessionExpired.code,
  ERRORS.forbidden.code,
  ERRORS.invalidInput.code,
  ERRORS.unsupportedContentType.code,
  ERRORS.tokenInvalid.code,
  ERRORS.tokenExpired.code,
  ERRORS.tokenScope.code,
];
