/**
 * One middy chain per service, built from the route table, in the order of middy's http-router examples:
 * request scope (request id, language, logger), dispatch by API Gateway's `routeKey` (so a path can never reach
 * another route's handler), the origin check, authentication, body parsing, validation, the access check, the
 * route's handler, and the error handler that turns any refusal into the envelope. Each step leaves what it
 * learnt on the request's scope, which travels on the Lambda context (middy's way to hand the chain's findings to
 * the handler) and is typed there.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_CACHE_KEY_HEADERS, REQUEST_ID_HEADER } from '@shared/constants';
import { ERRORS, OK_CODE, type Envelope } from '@shared/errors';
import { pickLocale, translate, type Locale } from '@shared/messages';
import { isTokenRoute, routeKey, type GrantKinds, type Locator, type RouteDef, type ServiceName } from '@shared/routes/define';
import { httpStatus } from '@shared/http-status';
import { namedParams } from '@shared/routes/path';
import type { RouteId, RouteInput, RouteResponse, Routes } from '@shared/routes';
import { AppError } from '../core/app-error';
import type { authorizeProject, authorizeTeam, ProjectScope, TeamScope } from './access';
import { identify, versionOf, type Caller } from './identity';
import { env } from '../env';
import { createLogger, type Logger } from '../core/logger';
import { assertContentType, assertOwnOrigin, changesState, provesOwnOrigin } from './request-origin';
import { clearedSessionCookies } from './session-cookie';
import { parseWith } from './validation';

/** What every handler gets, whatever its route's access. */
export interface RequestContext {
  requestId: string;
  locale: Locale;
  log: Logger;
  sourceIp: string;
  userAgent: string;
  /** The signed-in caller, when the request carried a valid session (always set on `user` routes). */
  caller: Caller | undefined;
  /** The project of a project route, resolved by the access check. */
  project?: ProjectScope;
  /** The team of a team route, resolved by the access check. */
  team?: TeamScope;
  /** Adds a Set-Cookie to the response. */
  setCookie(cookie: string): void;
  event: APIGatewayProxyEventV2;
}

/** Grants that admit callers who are not signed in. */
type OpenGrant = 'anyone' | 'publicRead' | 'shareToken' | 'projectToken';

/** What a handler may rely on, from its route's access: a caller unless an open grant is listed, and its project. */
type ContextFor<A> = (A extends { project: Locator } ? { project: ProjectScope } : unknown) &
  (A extends { team: Locator } ? { team: TeamScope } : unknown) &
  ([Extract<GrantKinds<A>, OpenGrant>] extends [never] ? { caller: Caller } : unknown) &
  RequestContext;

type RouteHandler<Id extends RouteId> = (input: RouteInput<Id>, ctx: ContextFor<Routes[Id]['access']>) => Promise<RouteResponse<Id>>;

/** Handlers for some routes: a service composes the handler files of its areas into one map. */
type Handlers<Ids extends RouteId> = { [Id in Ids]: RouteHandler<Id> };

/** Types the handlers of one area of a service, each from its own route. */
export const defineHandlers = <H extends Partial<Handlers<RouteId>>>(handlers: H) => handlers;

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

/** A route of the service with its handler. */
interface ServiceRoute {
  id: RouteId;
  route: RouteDef;
  handler: RouteHandler<RouteId>;
}

/** What the chain learns about one request, step by step; each step reads what the steps before it left. */
interface RequestScope {
  requestId: string;
  locale: Locale;
  log: Logger;
  started: number;
  /** Set-Cookie headers for the answer. */
  cookies: string[];
  /** How long CloudFront may keep this answer (share and release reads); default: not at all. */
  cacheControl?: string;
  /** For a 429: when to try again. */
  retryAfter?: number;
  /** Dispatch's find. */
  route?: ServiceRoute;
  caller?: Caller;
  /** The request named a session that is gone (read as a guest's where a guest may read). */
  staleSession?: boolean;
  /** The body as the route's media type reads it, not yet validated. */
  body?: unknown;
  input?: RouteInput<RouteId>;
  project?: ProjectScope;
  team?: TeamScope;
}

/** Lambda's context, with the request's scope. */
interface ServiceContext extends Context {
  scope: RequestScope;
}

type Middleware = middy.MiddlewareObj<Event, Result, Error, ServiceContext>;

/** The scope once dispatch has found the route: what every later step works from. */
function routed(scope: RequestScope): RequestScope & { route: ServiceRoute } {
  if (!scope.route) throw new Error('a step ran before dispatch');
  return scope as RequestScope & { route: ServiceRoute };
}

/**
 * What CloudFront may cache (its key holds the session and share tokens, the version header and the language):
 * a share reader's reads for a minute, never past the share's expiry; a release read by the public or by a share
 * reader for longer, since it never changes. Everything a member reads is answered fresh.
 */
function cacheControlFor(project: ProjectScope): string | undefined {
  if (project.share) {
    const left = Math.floor((Date.parse(project.share.expireAt) - Date.now()) / 1000);
    const most = project.release ? 3_600 : 60;
    return left > 0 ? `public, max-age=${Math.min(most, left)}` : undefined;
  }
  if (project.release && project.role === 'guest') return 'public, max-age=3600';
  return undefined;
}

/**
 * A cacheable answer (a release or share read) is one reader's, of one version: a browser keys it by CloudFront's
 * key headers and the cookie too, or a guest's cached release read would answer the same address read live, or by
 * a member, for an hour.
 */
const VARY = [...API_CACHE_KEY_HEADERS, 'cookie'].join(', ');

function respond(scope: RequestScope, status: number, envelope: Envelope): Result {
  // An answer that sets a cookie (a stale session's expiry) is one reader's own: never a shared cache's.
  if (scope.cookies.length) scope.cacheControl = undefined;
  return {
    statusCode: status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': scope.cacheControl ?? 'no-store',
      ...(scope.cacheControl ? { vary: VARY } : {}),
      ...(scope.retryAfter !== undefined ? { 'retry-after': String(scope.retryAfter) } : {}),
      [REQUEST_ID_HEADER]: scope.requestId,
    },
    ...(scope.cookies.length ? { cookies: scope.cookies } : {}),
    body: JSON.stringify(envelope),
  };
}

/** A text answer (`produces`): the handler's string as the body, cached like an envelope would be. */
function respondText(scope: RequestScope, mediaType: string, text: string): Result {
  const envelope = respond(scope, 200, { code: OK_CODE, message: 'ok', data: null });
  return { ...envelope, headers: { ...envelope.headers, 'content-type': `${mediaType}; charset=utf-8` }, body: text };
}

/** How long a caller told the service is busy or timed out waits before trying again. */
const RETRY_AFTER_BUSY_SECONDS = 5;

/**
 * The handler is answered for this long before the Lambda's own time-out: a request still running then gets the
 * catalogued time-out (503, Retry-After) instead of being cut off into the gateway's bare 500.
 */
const ANSWER_BEFORE_CUTOFF_MS = 1_500;

/** A time-out anywhere below (middy's, the SDK's, an aborted wait) is the service's time-out, not a system error. */
const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

function errorEnvelope(scope: RequestScope, err: unknown): { status: number; envelope: Envelope } {
  // A guest read refused to someone whose session ran out: tell them it ran out, not that they never signed in.
  if (err instanceof AppError && err.key === 'notLoggedIn' && scope.staleSession) err = new AppError('sessionExpired');
  if (isTimeout(err)) {
    scope.log.warn('request timed out', { ms: Date.now() - scope.started, error: (err as Error).message });
    err = new AppError('serviceTimeout');
  }
  if (err instanceof AppError) {
    const entry = ERRORS[err.key];
    // The open API (issue 26) and the text routes answer each code with the HTTP status their readers act on.
    const route = scope.route?.route;
    const status = route && (isTokenRoute(route.access) || route.produces !== undefined) ? httpStatus(err.key) : entry.status;
    // Refused for the moment (throttled, busy, timed out): when to come back.
    if (status === 429 || status === 503 || err.key === 'serviceBusy')
      scope.retryAfter = Number(err.params.seconds ?? (entry.status === 429 ? 60 : RETRY_AFTER_BUSY_SECONDS));
    return {
      status,
      envelope: { code: entry.code, message: translate(scope.locale, `error.${err.key}`, err.params), data: err.data },
    };
  }
  scope.log.error('unhandled error', {
    error: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err),
  });
  return {
    status: ERRORS.system.status,
    envelope: { code: ERRORS.system.code, message: translate(scope.locale, 'error.system'), data: null },
  };
}

function decodeParams(raw: Record<string, string | undefined> | undefined) {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw ?? {})) {
    if (v === undefined) continue;
    try {
      out[k] = decodeURIComponent(v);
    } catch {
      out[k] = v;
    }
  }
  return out;
}

/**
 * The body a route declares, parsed as the route's own media type (JSON, or a form for spec section 7's
 * POST /login); the origin check has already refused any other. Routes without a body schema never parse one.
 */
function bodyOf(event: Event, route: RouteDef): unknown {
  if (!route.body) return undefined;
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  if (!raw.trim()) return {};
  if (route.bodyType === 'form') return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new AppError('malformedBody');
  }
}

/** The request id (API Gateway's), the caller's language and a logger that tags every line with both. */
const requestScope = (service: ServiceName): Middleware => ({
  before: ({ event, context }) => {
    const requestId = event.requestContext?.requestId || context.awsRequestId || crypto.randomUUID();
    const log = createLogger({ service, requestId, routeKey: event.routeKey });
    context.scope = { requestId, locale: pickLocale(event.headers?.['accept-language']), log, started: Date.now(), cookies: [] };
  },
});

/** The route API Gateway matched (`routeKey`), among this service's own. */
const dispatch = (table: ReadonlyMap<string, ServiceRoute>): Middleware => ({
  before: ({ event, context }) => {
    const found = table.get(event.routeKey);
    if (!found) throw new AppError('routeNotFound', { method: event.requestContext?.http?.method, path: event.rawPath });
    context.scope.route = found;
  },
});

/**
 * A call that changes state must come from the app (request-origin.ts) in the route's media type, and never to a
 * release, which is a tag. Before authentication: a cross-site write is refused as such without its session ever
 * being looked up.
 */
const originCheck: Middleware = {
  before: ({ event, context }) => {
    const { route } = routed(context.scope).route;
    if (!changesState(route)) return;
    assertOwnOrigin(event, env().SITE_ORIGIN);
    assertContentType(event, route);
    if (versionOf(event) && !route.readsRelease) throw new AppError('releaseReadOnly');
  },
};

/**
 * Who is calling (identity.ts). The session cookie signs in safe reads, and state-changing calls whose browser
 * says they come from the app itself (same-origin fetch metadata, or our Origin): a form or a `no-cors` fetch
 * from another site never does, and the origin check above has refused those already.
 */
const authentication: Middleware = {
  before: async ({ event, context }) => {
    const scope = routed(context.scope);
    const { route } = scope.route;
    const safeRead = !changesState(route);
    scope.caller = await identify(event, route.access, {
      allowCookie: safeRead || provesOwnOrigin(event, env().SITE_ORIGIN),
      safeRead,
      stale: (fromCookie) => {
        scope.staleSession = true;
        if (fromCookie) scope.cookies.push(...clearedSessionCookies(event));
      },
    });
  },
};

/** The body as the route's media type reads it; validation checks it next. */
const bodyParsing: Middleware = {
  before: ({ event, context }) => {
    const scope = routed(context.scope);
    scope.body = bodyOf(event, scope.route.route);
  },
};

/** Path parameters (by name), query and body against the route's schemas, in the caller's language. */
const validation: Middleware = {
  before: ({ event, context }) => {
    const scope = routed(context.scope);
    const { route } = scope.route;
    scope.input = {
      params: parseWith(route.params, namedParams(route, decodeParams(event.pathParameters)), scope.locale),
      query: parseWith(route.query, event.queryStringParameters ?? {}, scope.locale),
      body: parseWith(route.body, scope.body, scope.locale),
    } as RouteInput<RouteId>;
  },
};

/** The route's project or team and the caller's standing there (access.ts), found from the validated input. */
const accessCheck = (checks: { project?: typeof authorizeProject; team?: typeof authorizeTeam }): Middleware => ({
  before: async ({ event, context }) => {
    const scope = routed(context.scope);
    const { access, changing } = scope.route.route;
    const located = scope.input as unknown as Record<string, Record<string, unknown>>;
    if (access.project) {
      scope.project = await checks.project!({ ...access, project: access.project }, located, scope.caller, event);
      if (!changing) scope.cacheControl = cacheControlFor(scope.project);
    }
    if (access.team && scope.caller) scope.team = await checks.team!({ ...access, team: access.team }, located, scope.caller);
  },
});

/** Any refusal or failure as the envelope, in the caller's language; nothing internal reaches the body. */
const errorHandler = (service: ServiceName): Middleware => ({
  onError: (request) => {
    const scope: RequestScope = (request.context as Partial<ServiceContext>).scope ?? {
      requestId: crypto.randomUUID(),
      locale: 'zh',
      log: createLogger({ service }),
      started: Date.now(),
      cookies: [],
    };
    // A refusal is never cached, whatever the route would have allowed.
    scope.cacheControl = undefined;
    const { status, envelope } = errorEnvelope(scope, request.error);
    if (envelope.code !== ERRORS.system.code) scope.log.info('request refused', { code: envelope.code });
    request.response = respond(scope, status, envelope);
  },
});

/** The route's handler, with what the chain found, and its answer in the envelope. */
async function routeHandler(event: Event, context: ServiceContext): Promise<Result> {
  const scope = routed(context.scope);
  const ctx: RequestContext = {
    requestId: scope.requestId,
    locale: scope.locale,
    log: scope.log,
    sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
    userAgent: event.requestContext?.http?.userAgent ?? '',
    caller: scope.caller,
    project: scope.project,
    team: scope.team,
    setCookie: (cookie) => scope.cookies.push(cookie),
    event,
  };
  const data = await scope.route.handler(scope.input!, ctx);
  scope.log.info('request done', { ms: Date.now() - scope.started, userId: scope.caller?.userId });
  if (scope.route.route.raw) return { ...respond(scope, 200, { code: OK_CODE, message: 'ok', data: null }), body: JSON.stringify(data) };
  const { produces } = scope.route.route;
  if (produces) return respondText(scope, produces, typeof data === 'string' ? data : JSON.stringify(data));
  return respond(scope, 200, { code: OK_CODE, message: 'ok', data: data ?? null });
}

/**
 * One service's Lambda handler from its routes (only those: other services' schemas stay out of its bundle) and a
 * handler for every one of them, checked by the compiler and again here.
 */
export function createService<const M extends Partial<Routes>>(
  service: ServiceName,
  serviceRoutes: M,
  handlers: Handlers<keyof M & RouteId>,
  /** For services with project or team routes: the access checks (runtime/access.ts). */
  checks: { project?: typeof authorizeProject; team?: typeof authorizeTeam } = {},
) {
  const table = new Map<string, ServiceRoute>();
  for (const [id, route] of Object.entries(serviceRoutes) as [RouteId, RouteDef][]) {
    if (route.service !== service) throw new Error(`route ${id} belongs to ${route.service}, not ${service}`);
    const handler = (handlers as unknown as Record<string, RouteHandler<RouteId>>)[id];
    if (!handler) throw new Error(`service ${service} has no handler for ${id}`);
    if ((route.access.project && !checks.project) || (route.access.team && !checks.team))
      throw new Error(`service ${service} has no access check for ${id}`);
    table.set(routeKey(route), { id, route, handler });
  }

  return middy<Event, Result, Error, ServiceContext>({
    timeoutEarlyInMillis: ANSWER_BEFORE_CUTOFF_MS,
    timeoutEarlyResponse: () => {
      throw new AppError('serviceTimeout');
    },
  })
    .use(requestScope(service))
    .use(dispatch(table))
    .use(originCheck)
    .use(authentication)
    .use(bodyParsing)
    .use(validation)
    .use(accessCheck(checks))
    .use(errorHandler(service))
    .handler(routeHandler);
}
