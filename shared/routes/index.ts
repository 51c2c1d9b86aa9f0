/**
 * THE route table, composed from one file per domain. Four readers and no second copy: each service's Lambda
 * router (validation and access before the handler), the CDK stack (one function per service, one API route per
 * entry), the local gateway, and the web client's typed `call(routeId, input)`. Paths are exactly those of
 * spec/calls.txt, in API Gateway `{param}` form.
 */
import type * as z from 'zod';
import { accountRoutes } from './account';
import { changesRoutes } from './changes';
import { channelRoutes } from './channels';
import { commentRoutes } from './comments';
import { type HttpMethod, type RouteDef, type ServiceName } from './define';
import { documentRoutes } from './documents';
import { environmentRoutes } from './environments';
import { exportRoutes } from './exports';
import { folderRoutes } from './folders';
import { importRoutes } from './imports';
import { llmsRoutes } from './llms';
import { memberRoutes } from './members';
import { mockRoutes } from './mock';
import { openRoutes } from './open';
import { openScenarioRoutes } from './open-scenarios';
import type { RoutePath } from './path';
import { projectRoutes } from './projects';
import { runSecretRoutes } from './run-secrets';
import { scenarioJobRoutes } from './scenario-jobs';
import { scenarioPostmanRoutes } from './scenario-postman';
import { scenarioScheduleRoutes } from './scenario-schedules';
import { scenarioRoutes } from './scenarios';
import { shareRoutes } from './shares';
import { teamRoutes } from './teams';
import { proxyRoutes } from './proxy';
import { tokenRoutes } from './tokens';
import { thirdPartyRoutes } from './third-party';

export * from './define';
export * from './path';

export const routes = {
  ...accountRoutes,
  ...projectRoutes,
  ...importRoutes,
  ...exportRoutes,
  ...folderRoutes,
  ...memberRoutes,
  ...documentRoutes,
  ...shareRoutes,
  ...mockRoutes,
  ...environmentRoutes,
  ...teamRoutes,
  ...proxyRoutes,
  ...tokenRoutes,
  ...openRoutes,
  ...openScenarioRoutes,
  ...llmsRoutes,
  ...changesRoutes,
  ...thirdPartyRoutes,
  ...scenarioRoutes,
  ...scenarioJobRoutes,
  ...scenarioPostmanRoutes,
  ...runSecretRoutes,
  ...scenarioScheduleRoutes,
  ...commentRoutes,
  ...channelRoutes,
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

/** What a caller needs of a route to address it: the route without its schemas and access. */
export interface RouteAddress extends RoutePath {
  method: HttpMethod;
  bodyType?: 'json' | 'form';
}

/** Every route's address: the table the web client gets (web/vite.config.ts), so the schemas stay out of its load. */
export const routeAddresses = () =>
  Object.fromEntries(
    routeEntries.map(([id, { method, path, bodyType, placeholders }]) => [
      id,
      { method, path, ...(bodyType ? { bodyType } : {}), ...(placeholders ? { placeholders } : {}) },
    ]),
  ) as Record<RouteId, RouteAddress>;

/** Catch-all API route: unknown paths still reach a handler so they answer with a catalogued error. */
export const FALLBACK_SERVICE: ServiceName = 'user';
export const CATCH_ALL_PATH = '/{proxy+}';
export const CATCH_ALL_ROUTE_KEY = `ANY ${CATCH_ALL_PATH}`;
