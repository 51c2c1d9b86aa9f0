/**
 * Who is calling, and may they: the only place that reads the access grants of the route table. The caller comes
 * from the session token; the project of a project route from the validated input; the effective role from the
 * shared resolver over facts read in one batch (functions/domain/access-facts.ts).
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { atLeast, atLeastTeamRole, type Role } from '../../shared/access';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../shared/constants';
import { projectIdOfDocument } from '../../shared/schemas/document';
import { admitsAnonymous, DEFAULT_PROJECT_STATES, type Access, type Grant, type Locator } from '../../shared/routes/define';
import { projectAccess } from '../domain/access-facts';
import type { MemberRecord } from '../domain/members';
import { isVisible, type ProjectRecord } from '../domain/projects';
import { findSession, type Session } from '../domain/sessions';
import { teamAccess, type TeamMemberRecord, type TeamRecord } from '../domain/teams';
import { AppError } from './app-error';

export interface Caller {
  userId: string;
  session: Session;
}

/** The project a project route acts on, and what the caller may do there. */
export interface ProjectScope {
  item: ProjectRecord;
  role: Role;
  member: MemberRecord | undefined;
}

/** The team a team route acts on, and the caller's membership of it. */
export interface TeamScope {
  team: TeamRecord;
  member: TeamMemberRecord;
}

/**
 * The session token: the `token` header (what the web client sends), or the cookie where `allowCookie` (safe
 * GETs only: a form or a `no-cors` fetch from another site carries the cookie but can never set the header).
 * A cookie that is not valid percent-encoding is ignored, never fatal.
 */
export function tokenOf(event: APIGatewayProxyEventV2, allowCookie: boolean): string | undefined {
  const header = event.headers?.[TOKEN_HEADER];
  if (header) return header;
  if (!allowCookie) return undefined;
  const cookies = event.cookies ?? event.headers?.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Resolves the caller before anything else runs. No token: 41000, unless the route may admit anonymous callers;
 * a token that matches no live session: 41001 (even there, so a client learns its session is gone).
 */
export async function identify(event: APIGatewayProxyEventV2, access: Access, allowCookie: boolean): Promise<Caller | undefined> {
  const token = tokenOf(event, allowCookie);
  const session = token ? await findSession(token) : undefined;
  const caller = session ? { userId: session.userId, session } : undefined;
  if (access.grants.some((g) => g.kind === 'anyone')) return caller;
  if (token && !caller) throw new AppError('sessionExpired');
  if (!caller && !admitsAnonymous(access)) throw new AppError('notLoggedIn');
  return caller;
}

function locate(locator: Locator, input: Record<string, Record<string, unknown> | undefined>): string {
  const named = input[locator.in]?.[locator.field];
  if (typeof named !== 'string') throw new Error(`route access names a missing id: ${locator.field}`);
  return locator.document ? projectIdOfDocument(named) : named;
}

const admits = (grant: Grant, role: Role | undefined, caller: Caller | undefined) => {
  switch (grant.kind) {
    case 'anyone':
      return true;
    case 'signedIn':
      return !!caller;
    case 'projectRole':
      return atLeast(role, grant.role);
    case 'publicRead':
      return role !== undefined;
    case 'teamRole':
      return false;
  }
};

/**
 * The project check of a project route, after validation (the project id comes from the input). A project that
 * does not exist, is being purged or cloned, or sits in the recycle bin where the route does not expect it, is
 * "not found"; a caller no grant admits is refused; a project in another visible state than the route needs is
 * "wrong state".
 */
export async function authorizeProject(
  access: Access & { project: Locator },
  input: Record<string, Record<string, unknown> | undefined>,
  caller: Caller | undefined,
): Promise<ProjectScope> {
  const facts = await projectAccess(locate(access.project, input), caller?.userId);
  const admitted = access.grants.some((grant) => admits(grant, facts.role, caller));
  if (!caller && !admitted) throw new AppError('notLoggedIn');
  const { project } = facts;
  if (!project || !isVisible(project)) throw new AppError('notFound');
  if (!admitted) throw new AppError('forbidden');
  const states = access.states ?? DEFAULT_PROJECT_STATES;
  if (!states.includes(project.state)) throw new AppError(project.state === 'recycled' ? 'notFound' : 'wrongState');
  return { item: project, role: facts.role!, member: facts.member };
}

/**
 * The team check of a team route: a team that does not exist or is being disbanded is "not found"; someone not
 * in it, or below the route's role, is refused.
 */
export async function authorizeTeam(access: Access & { team: Locator }, input: Record<string, Record<string, unknown> | undefined>, caller: Caller): Promise<TeamScope> {
  const { team, member } = await teamAccess(locate(access.team, input), caller.userId);
  if (!team || team.state !== 'active') throw new AppError('notFound');
  const admitted = access.grants.some((grant) => grant.kind === 'teamRole' && atLeastTeamRole(member?.role, grant.role));
  if (!admitted || !member) throw new AppError('forbidden');
  return { team, member };
}
