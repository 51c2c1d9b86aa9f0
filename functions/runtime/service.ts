/**
 * One middy stack per service, built from the route table: request scope (request id, language, structured
 * logger, envelope and error mapping), then per route authentication, body parsing, zod validation and the
 * project access check before the handler runs. Dispatch is by API Gateway's `routeKey`, so a path can never
 * reach another route's handler.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { API_CACHE_KEY_HEADERS, REQUEST_ID_HEADER } from '@shared/constants';
import { ERRORS, OK_CODE, type Envelope } from '@shared/errors';
import { pickLocale, translate, type Locale } from '@shared/messages';
import { routeKey, type GrantKinds, type Locator, type RouteDef, type ServiceName } from '@shared/routes/define';
import { namedParams } from '@shared/routes/path';
import type { RouteId, RouteInput, RouteResponse, Routes } from '@shared/routes';
import { AppError } from './app-error';
import type { authorizeProject, authorizeTeam, ProjectScope, TeamScope } from './access';
import { identify, versionOf, type Caller } from './identity';
import { env } from '../env';
import { createLogger, type Logger } from './logger';
import { assertContentType, assertOwnOrigin, changesState } from './request-origin';
import { parseWith } from './validation';

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
type OpenGrant = 'anyone' | 'publicRead' | 'shareToken';

/** What a handler may rely on, from its route's access: a caller unless an open grant is listed, and its project. */
type ContextFor<A> = (A extends { project: Locator } ? { project: ProjectScope } : unknown) &
  (A extends { team: Locator } ? { team: TeamScope } : unknown) &
  ([Extract<GrantKinds<A>, OpenGrant>] extends [never] ? { caller: Caller } : unknown) &
  RequestContext;

export type RouteHandler<Id extends RouteId> = (input: RouteInput<Id>, ctx: ContextFor<Routes[Id]['access']>) => Promise<RouteResponse<Id>>;

/** Handlers for some routes: a service composes the handler files of its areas into one map. */
export type Handlers<Ids extends RouteId> = { [Id in Ids]: RouteHandler<Id> };

/** Types the handlers of one area of a service, each from its own route. */
export const defineHandlers = <H extends Partial<Handlers<RouteId>>>(handlers: H) => handlers;

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

interface Scope {
  requestId: string;
  locale: Locale;
  log: Logger;
  cookies: string[];
  /** How long CloudFront may keep this answer (share and release reads); default: not at all. */
  cacheControl?: string;
  /** For a 429: when to try again. */
  retryAfter?: number;
}

const scopes = new WeakMap<object, Scope>();

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

function respond(scope: Scope, status: number, envelope: Envelope): Result {
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

function errorEnvelope(scope: Scope, err: unknown): { status: number; envelope: Envelope } {
  if (err instanceof AppError) {
    const entry = ERRORS[err.key];
    if (entry.status === 429) scope.retryAfter = Number(err.params.seconds ?? 60);
    return {
      status: entry.status,
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
 * POST /login); `assertContentType` has already refused any other. Routes without a body schema never parse one.
 */
function bodyOf(event: APIGatewayProxyEventV2, route: RouteDef): unknown {
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
  const table = new Map<string, { id: RouteId; route: RouteDef; handler: RouteHandler<RouteId> }>();
  for (const [id, route] of Object.entries(serviceRoutes) as [RouteId, RouteDef][]) {
    if (route.service !== service) throw new Error(`route ${id} belongs to ${route.service}, not ${service}`);
    const handler = (handlers as unknown as Record<string, RouteHandler<RouteId>>)[id];
    if (!handler) throw new Error(`service ${service} has no handler for ${id}`);
    if ((route.access.project && !checks.project) || (route.access.team && !checks.team))
      throw new Error(`service ${service} has no access check for ${id}`);
    table.set(routeKey(route), { id, route, handler });
  }

  const requestScope: middy.MiddlewareObj<Event, Result, Error, Context> = {
    before: (request) => {
      const headers = request.event.headers ?? {};
      const requestId = request.event.requestContext?.requestId || request.context.awsRequestId || crypto.randomUUID();
      const locale = pickLocale(headers['accept-language']);
      const log = createLogger({ service, requestId, routeKey: request.event.routeKey });
      scopes.set(request.event, { requestId, locale, log, cookies: [] });
    },
    onError: (request) => {
      const scope = scopes.get(request.event) ?? {
        requestId: crypto.randomUUID(),
        locale: 'zh',
        log: createLogger({ service }),
        cookies: [],
      };
      // A refusal is never cached, whatever the route would have allowed.
      scope.cacheControl = undefined;
      const { status, envelope } = errorEnvelope(scope, request.error);
      if (envelope.code !== ERRORS.system.code) scope.log.info('request refused', { code: envelope.code });
      request.response = respond(scope, status, envelope);
    },
  };

  return middy<Event, Result, Error, Context>()
    .use(requestScope)
    .handler(async (event) => {
      const scope = scopes.get(event)!;
      const started = Date.now();
      const entry = table.get(event.routeKey);
      if (!entry) {
        throw new AppError('routeNotFound', { method: event.requestContext?.http?.method, path: event.rawPath });
      }
      const { route, handler } = entry;
      const stateChanging = changesState(route);
      if (stateChanging) {
        assertOwnOrigin(event, env().SITE_ORIGIN);
        assertContentType(event, route);
        // A release is a tag: nothing is written to it.
        if (versionOf(event)) throw new AppError('releaseReadOnly');
      }
      const caller = await identify(event, route.access, !stateChanging);
      const input = {
        params: parseWith(route.params, namedParams(route, decodeParams(event.pathParameters)), scope.locale),
        query: parseWith(route.query, event.queryStringParameters ?? {}, scope.locale),
        body: parseWith(route.body, bodyOf(event, route), scope.locale),
      } as RouteInput<RouteId>;
      const { access } = route;
      const located = input as unknown as Record<string, Record<string, unknown>>;
      const project = access.project ? await checks.project!({ ...access, project: access.project }, located, caller, event) : undefined;
      if (project) scope.cacheControl = cacheControlFor(project);
      const team = access.team && caller ? await checks.team!({ ...access, team: access.team }, located, caller) : undefined;
      const ctx: RequestContext = {
        requestId: scope.requestId,
        locale: scope.locale,
        log: scope.log,
        sourceIp: event.requestContext?.http?.sourceIp ?? 'unknown',
        userAgent: event.requestContext?.http?.userAgent ?? '',
        caller,
        project,
        team,
        setCookie: (cookie) => scope.cookies.push(cookie),
        event,
      };
      const data = await handler(input, ctx);
      scope.log.info('request done', { ms: Date.now() - started, userId: caller?.userId });
      return respond(scope, 200, { code: OK_CODE, message: 'ok', data: data ?? null });
    });
}
