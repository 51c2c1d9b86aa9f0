/**
 * The shape of a route, and its access: a list of grants, any one of which admits a caller. The runtime's
 * access check (functions/runtime/access.ts) is the only place that interprets grants; it turns the facts of a
 * request into an effective role with shared/access.ts, the same resolver the web app uses.
 */
import type * as z from 'zod';
import type { RequiredRole, TeamRole } from '../access';
import type { ProjectTokenScope } from '../constants';
import type { ProjectState } from '../schemas/project';

export const SERVICES = [
  'user',
  'project',
  'document',
  'team',
  'environment',
  'proxy',
  'open',
  'llms',
  'oauth',
  'changes',
  'scenario',
  'comments',
  'channels',
  'jobs',
] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Where a request names its project: a field of its path parameters, query or body. With `document`, the field
 * holds a document (or history) id, which carries its project id (`<projectId>_<suffix>`), so no read is needed.
 */
export interface Locator {
  in: 'params' | 'query' | 'body';
  field: string;
  document?: true;
  /** With `document`: the id (an export job's) is checked as the project itself, not as a document in it. */
  wholeProject?: true;
}

/** What may admit a caller. */
export type Grant =
  /** Anyone at all; a valid session is still recognised, so a handler may personalise. */
  | { kind: 'anyone' }
  /** Any signed-in user. */
  | { kind: 'signedIn' }
  /** At least this effective role on the route's project: by membership, a bound user group or a team role. */
  | { kind: 'projectRole'; role: RequiredRole }
  /** Anyone, signed in or not, reads a public project. */
  | { kind: 'publicRead' }
  /** At least this role in the route's team (developer < admin < owner). */
  | { kind: 'teamRole'; role: TeamRole }
  /** A reader with a share token (the `share-token` header) whose share holds the route's project or document. */
  | { kind: 'shareToken' }
  /**
   * A project token (`Authorization: Bearer apl_…`, issue 26) of the route's project holding this scope. Only the
   * open API (/open/v1) lists it, and lists nothing else: a token admits no other route, no session admits these.
   */
  | { kind: 'projectToken'; scope: ProjectTokenScope };

export interface Access {
  grants: readonly Grant[];
  /** The project that project grants are about. */
  project?: Locator;
  /** The team that team grants are about. */
  team?: Locator;
  /** States the project must be in (default: active or archived; a recycled project is "not found" elsewhere). */
  states?: readonly ProjectState[];
}

export const DEFAULT_PROJECT_STATES: readonly ProjectState[] = ['active', 'archived'];

export interface RouteDef {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: Access;
  /** `form` routes take application/x-www-form-urlencoded bodies (spec section 7: POST /login). */
  bodyType?: 'json' | 'form';
  /** Path parameters by name. */
  params?: z.ZodType;
  /** Where the path leaves its placeholders unnamed (`{a}`): the placeholder each name fills (see `pathParams`). */
  placeholders?: Readonly<Record<string, string>>;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /**
   * A state-changing call that only reads the project (an export job): it may name a release with the
   * `X-PROJECT-VERSION` header, which every other such call is refused (a release is read only).
   */
  readsRelease?: true;
  /**
   * A read whose answer changes while its reader waits (a job's state, polled): never cached, not even for a share
   * reader, whose other reads CloudFront and the browser keep for a minute.
   */
  changing?: true;
  /** The handler's answer is the response body itself, not wrapped in the envelope (the open API's OpenAPI file). */
  raw?: true;
  /**
   * The answer's media type when it is a text of its own (a share's `llms.txt` and markdown), not the JSON
   * envelope: the handler's string is the body, and a refusal keeps the envelope with an HTTP status a plain
   * client acts on (401, 403, 404, 410, 429).
   */
  produces?: 'text/markdown';
}

export const route = <const R extends RouteDef>(def: R) => def;

/** `METHOD /path` exactly as API Gateway names a route (its `routeKey`). */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const ANYONE = { grants: [{ kind: 'anyone' }] } as const satisfies Access;
export const SIGNED_IN = { grants: [{ kind: 'signedIn' }] } as const satisfies Access;

/** Project locators: `param('id')`, `body('projectId')`, and `document…` for fields holding a document id. */
export const param = (field: string) => ({ in: 'params', field }) as const;
export const query = (field: string) => ({ in: 'query', field }) as const;
export const body = (field: string) => ({ in: 'body', field }) as const;
export const documentParam = (field: string) => ({ in: 'params', field, document: true }) as const;
export const documentBody = (field: string) => ({ in: 'body', field, document: true }) as const;

/**
 * A route about one project: callers with at least `role` on it, plus anyone reading it when it is public
 * (`publicRead`), while it is in one of `states`.
 */
export function onProject<
  const L extends Locator,
  const R extends RequiredRole,
  const O extends { publicRead?: true; shareToken?: true; states?: readonly ProjectState[] },
>(at: L, role: R, opts: O = {} as O) {
  const grants = [
    { kind: 'projectRole', role } as const,
    ...(opts.publicRead ? ([{ kind: 'publicRead' }] as const) : []),
    ...(opts.shareToken ? ([{ kind: 'shareToken' }] as const) : []),
  ];
  return { grants, project: at, ...(opts.states ? { states: opts.states } : {}) } as unknown as {
    grants: readonly (
      | { kind: 'projectRole'; role: R }
      | (O extends { publicRead: true } ? { kind: 'publicRead' } : never)
      | (O extends { shareToken: true } ? { kind: 'shareToken' } : never)
    )[];
    project: L;
    states?: readonly ProjectState[];
  };
}

/** A route about one team: its members with at least `role`, while the team exists (not being disbanded). */
export const onTeam = <const L extends Locator, const R extends TeamRole>(at: L, role: R) =>
  ({ grants: [{ kind: 'teamRole', role }], team: at }) as const;

/**
 * A route of the open API: project tokens of this scope (or of any of these scopes), on the project its path names
 * (issue 26).
 */
export const withToken = <const S extends ProjectTokenScope>(scope: S | readonly S[], states?: readonly ProjectState[]) =>
  ({
    grants: (typeof scope === 'string' ? [scope] : scope).map((s) => ({ kind: 'projectToken', scope: s }) as const),
    project: { in: 'params', field: 'projectId' },
    ...(states ? { states } : {}),
  }) as const;

/** Whether a route is the open API's: project tokens only. */
export const isTokenRoute = (access: Access) => access.grants.length > 0 && access.grants.every((g) => g.kind === 'projectToken');

/** The kinds of grant a route's access lists. */
export type GrantKinds<A> = A extends { grants: readonly (infer G)[] } ? (G extends { kind: infer K } ? K : never) : never;

/** Whether an access rule may admit a caller who is not signed in. */
export const admitsAnonymous = (access: Access) =>
  access.grants.some((g) => g.kind === 'anyone' || g.kind === 'publicRead' || g.kind === 'shareToken');
