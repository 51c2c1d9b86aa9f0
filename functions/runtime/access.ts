/**
 * May the caller do this: the only place that reads the project and team grants of the route table. The project
 * of a project route comes from the validated input; the effective role from the shared resolver over facts read
 * in one batch (functions/domain/access-facts.ts). Services with such routes pass these checks to createService.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { atLeast, atLeastTeamRole, type Role } from '@shared/access';
import { SHARE_TOKEN_HEADER } from '@shared/constants';
import { projectIdOfDocument } from '@shared/schemas/document';
import { DEFAULT_PROJECT_STATES, type Access, type Grant, type Locator } from '@shared/routes/define';
import type { ProjectTokenScope } from '@shared/constants';
import { projectAccess } from '../domain/access-facts';
import { findProjectToken, noteTokenUse, tokenState, type ProjectTokenRecord } from '../domain/project-tokens';
import type { MemberRecord } from '../domain/members';
import { isVisible, type ProjectRecord } from '../domain/projects';
import { consume } from '../domain/throttles';
import { getUser, isLeaving } from '../domain/users';
import type { ReleaseRecord } from '../domain/releases';
import { shareHolds, type ShareRecord } from '../domain/shares';
import { teamAccess, type TeamMemberRecord, type TeamRecord } from '../domain/teams';
import { AppError } from '../core/app-error';
import { versionOf, type Caller } from './identity';

/** The project a project route acts on, and what the caller may do there. */
export interface ProjectScope {
  item: ProjectRecord;
  role: Role;
  member: MemberRecord | undefined;
  /** The share a reader came in by (when no role admitted them): its scope limits what they see. */
  share?: ShareRecord;
  /** The release being read (the `X-PROJECT-VERSION` header, or the share's); reads serve its snapshot. */
  release?: ReleaseRecord;
  /** The project token an open-API caller came with (issue 26). */
  token?: ProjectTokenRecord;
}

const shareTokenOf = (event: APIGatewayProxyEventV2) => event.headers?.[SHARE_TOKEN_HEADER] || undefined;

/** The team a team route acts on, and the caller's membership of it. */
export interface TeamScope {
  team: TeamRecord;
  member: TeamMemberRecord;
}

function locate(locator: Locator, input: Record<string, Record<string, unknown> | undefined>): { projectId: string; targetId: string } {
  const named = input[locator.in]?.[locator.field];
  if (typeof named !== 'string') throw new Error(`route access names a missing id: ${locator.field}`);
  const projectId = locator.document ? projectIdOfDocument(named) : named;
  return { projectId, targetId: locator.wholeProject ? projectId : named };
}

const admitsByRole = (grant: Grant, role: Role | undefined) =>
  (grant.kind === 'projectRole' && atLeast(role, grant.role)) || (grant.kind === 'publicRead' && role !== undefined);

/**
 * The project check of a project route, after validation (the project id comes from the input). A project that
 * does not exist, is being purged or cloned, or sits in the recycle bin where the route does not expect it, is
 * "not found"; a caller no grant admits is refused; a project in another visible state than the route needs is
 * "wrong state". A share token admits its reader to what its share holds, and nothing else; a release asked for
 * must exist.
 */
export async function authorizeProject(
  access: Access & { project: Locator },
  input: Record<string, Record<string, unknown> | undefined>,
  caller: Caller | undefined,
  event: APIGatewayProxyEventV2,
): Promise<ProjectScope> {
  const { projectId, targetId } = locate(access.project, input);
  if (access.grants.some((g) => g.kind === 'projectToken')) return authorizeToken(access, projectId, event);
  const asked = versionOf(event);
  const shareToken = access.grants.some((g) => g.kind === 'shareToken') ? shareTokenOf(event) : undefined;
  const facts = await projectAccess(projectId, caller?.userId, { shareToken, version: asked });
  let admitted = access.grants.some((grant) => admitsByRole(grant, facts.role));
  let share: ShareRecord | undefined;
  if (!admitted && facts.share) {
    const shared = facts.share;
    // A share of a release is read as that release, and only as it.
    const release =
      shared.version && (!asked || asked === shared.version) ? await releaseOf(projectId, shared.version, facts.release) : facts.release;
    if (
      facts.project &&
      (!asked || asked === (shared.version ?? asked)) &&
      (await shareHolds(shared, facts.project, targetId, shared.version ? release : facts.release))
    ) {
      admitted = true;
      share = shared;
      if (release) facts.release = release;
    }
  }
  if (!caller && !admitted) {
    // A share token for a project that is gone (destroyed, or its team disbanded): the share is gone with it.
    if (shareToken && !facts.project) throw new AppError('notFound');
    if (facts.shareState === 'expired') throw new AppError('shareExpired');
    if (facts.shareState === 'revoked') throw new AppError('sharePassword');
    throw new AppError('notLoggedIn');
  }
  const { project } = facts;
  if (!project || !isVisible(project)) throw new AppError('notFound');
  if (!admitted) throw new AppError('forbidden');
  const states = access.states ?? DEFAULT_PROJECT_STATES;
  if (!states.includes(project.state)) throw new AppError(project.state === 'recycled' ? 'notFound' : 'wrongState');
  const version = asked ?? share?.version ?? undefined;
  if (version && !facts.release) throw new AppError('releaseNotFound');
  return {
    item: project,
    role: facts.role ?? 'guest',
    member: facts.member,
    ...(share ? { share } : {}),
    ...(facts.release ? { release: facts.release } : {}),
  };
}

/**
 * The role a token's maker must still hold for a scope to act: reading as a viewer, importing and recording
 * scenario runs as an editor.
 */
const TOKEN_SCOPE_NEEDS: Record<ProjectTokenScope, Role> = { read: 'view', import: 'edit', run: 'edit' };

/** The secret of `Authorization: Bearer <secret>`. */
function bearerOf(event: APIGatewayProxyEventV2): string | undefined {
  const header = event.headers?.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * The open API's check (issue 26): a project token of the route's project with a scope the route's grants name.
 * No token: not signed in (401); one that matches none or is revoked: 41005 (401); past its expiry: 41006 (401);
 * a token of another project: "not found" (404), as a project the caller cannot see is everywhere else, so a token
 * learns nothing of projects but its own; without the scope: 42013 (403). Revoking is read on the very next
 * request (a consistent read of the token), and so is the maker's role: a token whose maker no longer holds the
 * role its scope needs (or has no account, or is leaving) is refused as revoked (issue 37). A token makes at most
 * OPEN_API_REQUESTS_PER_TOKEN requests a window; past it, 42900 with HTTP 429 and Retry-After. The live tree is read; releases are not the open API's.
 */
async function authorizeToken(access: Access, projectId: string, event: APIGatewayProxyEventV2): Promise<ProjectScope> {
  const secret = bearerOf(event);
  if (!secret) throw new AppError('notLoggedIn');
  const token = await findProjectToken(secret);
  if (!token) throw new AppError('tokenInvalid');
  const state = tokenState(token);
  if (state === 'revoked') throw new AppError('tokenInvalid');
  if (state === 'expired') throw new AppError('tokenExpired');
  if (token.projectId !== projectId) throw new AppError('notFound');
  // Counted before anything else is read for it: past the limit a token costs one write a request (429, Retry-After).
  await consume(['openApiToken', token.id]);
  const scopes = access.grants.flatMap((g) => (g.kind === 'projectToken' ? [g.scope] : []));
  const usable = scopes.filter((scope) => token.scopes.includes(scope));
  // A token acts for its maker and never beyond them: their role now, not when they made it. Removed, demoted,
  // out of the team, leaving or gone, and the token is as good as revoked.
  const [facts, maker] = await Promise.all([projectAccess(projectId, token.createdBy), getUser(token.createdBy)]);
  const project = facts.project;
  if (!project || !isVisible(project) || project.state === 'recycled') throw new AppError('notFound');
  if (!usable.length) throw new AppError('tokenScope', { scope: scopes.join(', ') });
  if (!maker || isLeaving(maker) || !usable.some((scope) => atLeast(facts.role, TOKEN_SCOPE_NEEDS[scope]))) {
    throw new AppError('tokenInvalid');
  }
  const states = access.states ?? DEFAULT_PROJECT_STATES;
  if (!states.includes(project.state)) throw new AppError('wrongState');
  await noteTokenUse(token);
  return { item: project, role: 'guest', member: undefined, token };
}

/** The release a share of a release reads, when the request did not ask for it (so it was not in the first read). */
async function releaseOf(projectId: string, version: string, read: ReleaseRecord | undefined): Promise<ReleaseRecord | undefined> {
  if (read?.version === version) return read;
  return (await projectAccess(projectId, undefined, { version })).release;
}

/**
 * The team check of a team route: a team that does not exist or is being disbanded is "not found"; someone not
 * in it, or below the route's role, is refused.
 */
export async function authorizeTeam(
  access: Access & { team: Locator },
  input: Record<string, Record<string, unknown> | undefined>,
  caller: Caller,
): Promise<TeamScope> {
  const { team, member } = await teamAccess(locate(access.team, input).projectId, caller.userId);
  if (!team || team.state !== 'active') throw new AppError('notFound');
  const admitted = access.grants.some((grant) => grant.kind === 'teamRole' && atLeastTeamRole(member?.role, grant.role));
  if (!admitted || !member) throw new AppError('forbidden');
  return { team, member };
}

/** The checks a service with project or team routes hands to createService. */
export const projectAndTeamChecks = { project: authorizeProject, team: authorizeTeam };
