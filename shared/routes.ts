/**
 * THE route table. Four readers and no second copy: each service's Lambda router (validation and access before
 * the handler), the CDK stack (one function per service, one API route per entry), the local gateway, and the web
 * client's typed `call(routeId, input)`. Paths are exactly those of spec/calls.txt, in API Gateway `{param}` form.
 */
import * as z from 'zod';
import {
  codeSent,
  loginBody,
  loginResult,
  registerBody,
  sendCodeParams,
  updatePasswordBody,
  updateUserBody,
  userDetail,
} from './schemas/account';

export const SERVICES = ['user'] as const;
export type ServiceName = (typeof SERVICES)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route. `public`: anyone (a valid token is still read, so handlers may personalise);
 * `user`: any signed-in user. Project, team and share rules join this union as those features land,
 * and the runtime's access check is the only place that interprets them.
 */
export type Access = { kind: 'public' } | { kind: 'user' };

export const PUBLIC: Access = { kind: 'public' };
export const SIGNED_IN: Access = { kind: 'user' };

export interface RouteDef {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  access: Access;
  /** `form` routes take application/x-www-form-urlencoded bodies (spec section 7: POST /login). */
  bodyType?: 'json' | 'form';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

const route = <const R extends RouteDef>(def: R) => def;
const nothing = z.null();

export const routes = {
  'user.register': route({
    method: 'POST',
    path: '/user/register',
    service: 'user',
    access: PUBLIC,
    body: registerBody,
    response: loginResult,
  }),
  'code.register': route({
    method: 'POST',
    path: '/common/code/REGISTER/{target}',
    service: 'user',
    access: PUBLIC,
    params: sendCodeParams,
    response: codeSent,
  }),
  'login.create': route({
    method: 'POST',
    path: '/login',
    service: 'user',
    access: PUBLIC,
    bodyType: 'form',
    body: loginBody,
    response: loginResult,
  }),
  'login.delete': route({ method: 'DELETE', path: '/login', service: 'user', access: PUBLIC, response: nothing }),
  'user.detail': route({ method: 'GET', path: '/user/detail', service: 'user', access: SIGNED_IN, response: userDetail }),
  'user.update': route({
    method: 'POST',
    path: '/user',
    service: 'user',
    access: SIGNED_IN,
    body: updateUserBody,
    response: userDetail,
  }),
  'user.updatePassword': route({
    method: 'POST',
    path: '/user/update-password',
    service: 'user',
    access: SIGNED_IN,
    body: updatePasswordBody,
    response: nothing,
  }),
} as const satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteId = keyof Routes;

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;
type InferIn<T> = T extends z.ZodType ? z.input<T> : undefined;

/** What a handler receives after validation. */
export interface RouteInput<Id extends RouteId> {
  params: Infer<Routes[Id] extends { params: infer P } ? P : undefined>;
  query: Infer<Routes[Id] extends { query: infer Q } ? Q : undefined>;
  body: Infer<Routes[Id] extends { body: infer B } ? B : undefined>;
}

/** What a caller sends (before transforms). Keys with nothing to send may be omitted. */
export type RouteRequest<Id extends RouteId> = {
  [K in 'params' | 'query' | 'body' as Routes[Id] extends Record<K, z.ZodType> ? K : never]: InferIn<
    Routes[Id] extends Record<K, infer S> ? S : never
  >;
};

export type RouteResponse<Id extends RouteId> = z.output<Routes[Id]['response']>;

/** `METHOD /path` exactly as API Gateway names a route (its `routeKey`). */
export const routeKey = (r: Pick<RouteDef, 'method' | 'path'>) => `${r.method} ${r.path}`;

export const routeEntries = Object.entries(routes) as [RouteId, RouteDef][];

export const routeIdsOf = (service: ServiceName) =>
  routeEntries.filter(([, r]) => r.service === service).map(([id]) => id);

/** Fills `{param}` placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Catch-all API route: unknown paths still reach a handler so they answer with a catalogued error. */
export const FALLBACK_SERVICE: ServiceName = 'user';
