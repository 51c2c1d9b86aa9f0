/**
 * The interface-test proxy (issue 24): sends one request for a signed-in user to a public address and answers what
 * came back, for APIs a page cannot call itself (no CORS). A service and function of its own (`proxy`): it is the
 * one route that carries the outbound fetch guard, which stays out of every other bundle, and its
 * function's timeout is the request's 30 s, not the API's usual 10.
 */
import { runRequest, runResponse } from '../schemas/runner';
import { route, SIGNED_IN } from './define';

export const proxyRoutes = {
  'proxy.send': route({
    method: 'POST',
    path: '/proxy/send',
    service: 'proxy',
    access: SIGNED_IN,
    body: runRequest,
    response: runResponse,
  }),
} as const;
