/**
 * The three parts of undici the guard uses (an Agent, its connector, and `request`), from their own modules rather
 * than undici's index, which loads all of it (fetch, WebSocket, the mock agent, caches: some 250 KB of bundle that
 * the proxy function never runs). The version is pinned exactly in package.json; safe-fetch.test.ts exercises these.
 */
import type { Agent as AgentClass, buildConnector as BuildConnector, Dispatcher } from 'undici';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import buildConnectorImpl from 'undici/lib/core/connect.js';
import requestImpl from 'undici/lib/api/api-request.js';

export const Agent = AgentImpl as typeof AgentClass;
export const buildConnector = buildConnectorImpl as typeof BuildConnector;
export type { Dispatcher };

/** undici's `request` on a dispatcher of our own (what `undici.request(url, { dispatcher })` does). */
export function request(url: URL, options: Omit<Dispatcher.RequestOptions, 'origin' | 'path'> & { dispatcher: Dispatcher }) {
  const { dispatcher, ...rest } = options;
  return (requestImpl as (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>).call(dispatcher, {
    ...rest,
    origin: url.origin,
    path: `${url.pathname}${url.search}`,
  });
}
