import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { TOKEN_COOKIE, TOKEN_HEADER } from '../../shared/constants';
import { DEFAULT_PROJECT_STATES, type Access, type ProjectAccess } from '../../shared/routes';
import {
  atLeast,
  effectiveRole,
  getMember,
  getProject,
  type MemberItem,
  type ProjectItem,
  type Role,
} from '../data/projects';
import { findSession, type Session } from '../data/sessions';
import { projectIdOfDocument } from '../../shared/schemas/document';
import { AppError } from './app-error';

export interface Caller {
  userId: string;
  session: Session;
}

/** The project a `project` route acts on, and what the caller may do there. */
export interface ProjectScope {
  item: ProjectItem;
  role: Role;
  member: MemberItem | undefined;
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
 * Resolves the caller before anything else runs. No token: 41000; a token that matches no live session: 41001.
 * Public routes, and public-readable project routes, let an anonymous caller through to the next check.
 */
export async function authenticate(event: APIGatewayProxyEventV2, access: Access, allowCookie: boolean): Promise<Caller | undefined> {
  const token = tokenOf(event, allowCookie);
  const session = token ? await findSession(token) : undefined;
  const caller = session ? { userId: session.userId, session } : undefined;
  if (access.kind === 'public') return caller;
  if (token && !caller) throw new AppError('sessionExpired');
  if (!caller && !(access.kind === 'project' && access.publicRead)) throw new AppError('notLoggedIn');
  return caller;
}

/**
 * The project check of a `project` route, after validation (the project id comes from the input). A project
 * that does not exist, is being purged, or sits in the recycle bin where the route does not expect it, is
 * "not found"; a stranger is refused; a project in another visible state than the route needs is "wrong state".
 */
export async function authorizeProject(
  access: ProjectAccess,
  input: Record<string, Record<string, unknown> | undefined>,
  caller: Caller | undefined,
): Promise<ProjectScope> {
  const named = input[access.project.in]?.[access.project.field];
  if (typeof named !== 'string') throw new Error(`route access names a missing project id: ${access.project.field}`);
  const projectId = access.project.document ? projectIdOfDocument(named) : named;
  const [item, member] = await Promise.all([getProject(projectId), caller ? getMember(projectId, caller.userId) : undefined]);
  const states = access.states ?? DEFAULT_PROJECT_STATES;
  const visible = item && (item.state === 'active' || item.state === 'archived' || item.state === 'recycled');
  const role = visible ? effectiveRole(item, member) : undefined;
  const readsAsGuest = role === 'guest' && access.publicRead === true && access.role === 'view';
  if (!caller && !readsAsGuest) throw new AppError('notLoggedIn');
  if (!item || !visible) throw new AppError('notFound');
  if (!readsAsGuest && !atLeast(role, access.role)) throw new AppError('forbidden');
  if (!states.includes(item.state as (typeof states)[number])) {
    throw new AppError(item.state === 'recycled' ? 'notFound' : 'wrongState');
  }
  return { item, role: role!, member };
}
