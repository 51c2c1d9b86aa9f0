/**
 * The API by route id, for scripts (the seed, the benches): each call's method, path and body type come from the
 * route table, so a script never writes an API path of its own. The session goes in the `token` header; a call
 * answers with its data, or throws naming the route and the code.
 */
import type { Envelope } from '@shared/errors';
import { buildPath, routes, type RouteDef, type RouteId, type RouteRequest, type RouteResponse } from '@shared/routes';

export interface RouteCallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** A client of the API at `base` (an origin and its API prefix: `http://127.0.0.1:3000/api`). */
export function routeClient(base: string) {
  return async function call<Id extends RouteId>(
    id: Id,
    request: RouteRequest<Id> = {} as RouteRequest<Id>,
    opts: RouteCallOptions = {},
  ): Promise<RouteResponse<Id>> {
    const route: RouteDef = routes[id];
    const { params, query, body } = request as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
    const form = route.bodyType === 'form';
    const res = await fetch(`${base}${buildPath(route, params)}${query ? `?${new URLSearchParams(query)}` : ''}`, {
      method: route.method,
      headers: {
        'accept-language': 'zh',
        ...(body === undefined ? {} : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
        ...(opts.token ? { token: opts.token } : {}),
        ...opts.headers,
      },
      body: body === undefined ? undefined : form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
    });
    const envelope = (await res.json()) as Envelope<RouteResponse<Id>>;
    if (envelope.code !== 0) throw new Error(`${id}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  };
}
