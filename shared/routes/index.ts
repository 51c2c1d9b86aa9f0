/**
 * THE route table, composed from one file per domain. Four readers and no second copy: each service's Lambda
 * router (validation and access before the handler), the CDK stack (one function per service, one API route per
 * entry), the local gateway, and the web client's typed `call(routeId, input)`. Paths are exactly those of
 * spec/calls.txt, in API Gateway `{param}` form.
 */
import type * as z from 'zod';
import { accountRoutes } from './account';
import { type RouteDef, type ServiceName } from './define';
import { documentRoutes } from './documents';
import { folderRoutes } from './folders';
import { memberRoutes } from './members';
import { mockRoutes } from './mock';
import { projectRoutes } from './projects';
import { shareRoutes } from './shares';
import { teamRoutes } from './teams';

export * from './define';

export const routes = {
  ...accountRoutes,
  ...projectRoutes,
  ...folderRoutes,
  ...memberRoutes,
  ...documentRoutes,
  ...shareRoutes,
  ...mockRoutes,
  ...teamRoutes,
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

export const routeEntries = Object.entries(routes) as [RouteId, RouteDef][];

export const routeIdsOf = (service: ServiceName) => routeEntries.filter(([, r]) => r.service === service).map(([id]) => id);

/** Fills `{param}` placeholders, encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
}

/** Catch-all API route: unknown paths still reach a handler so they answer with a catalogued error. */
export const FALLBACK_SERVICE: ServiceName = 'user';
export const CATCH_ALL_PATH = '/{proxy+}';
export const CATCH_ALL_ROUTE_KEY = `ANY ${CATCH_ALL_PATH}`;
