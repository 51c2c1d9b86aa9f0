import { QueryClient, queryOptions, useMutation, useQuery, type UseMutationResult, type UseQueryOptions } from '@tanstack/react-query';
import type { RouteId, RouteRequest, RouteResponse } from '@shared/routes';
import { config } from '../../config';
import { i18n } from '../../i18n';
import { currentLocation, paths } from '../../paths';
import { notify } from '../notify';
import { clearSessionHint, hasSessionHint } from '../cookies';
import { createApiClient, isApiError, isTooManyRequests, type ApiError, type CallOptions } from './client';
import routeTable from 'virtual:apiloom-route-table';
import { takeEarlyAnswer } from './early';

export { isApiError, isTooManyRequests, type ApiError, type CallOptions };

/**
 * Set while a person ends their own session on purpose (deleting their account): a request the server answers
 * "not signed in" between the end and the page's own move to sign-in is expected then, not a lost session to send
 * them to sign-in for (that full-page move would drop the page's "account deleted" notice).
 */
let endingSession = false;
export const expectSessionEnd = (expected: boolean) => {
  endingSession = expected;
};

export const api = createApiClient({
  apiBase: config.apiBase,
  routes: routeTable,
  early: takeEarlyAnswer,
  signedIn: hasSessionHint,
  language: () => i18n.language,
  // "Your session expired" only to someone who had one; a stranger is asked to sign in.
  onSessionLost: (hadSession) => {
    clearSessionHint();
    if (!endingSession && location.pathname !== paths.login.pattern)
      location.assign(paths.login.href({ timeout: hadSession, from: currentLocation() }));
  },
  toast: (message) => notify.error(message),
  text: (key) => i18n.t(key === 'busy' ? 'api.busy' : 'api.timeout'),
});

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: (count, error) => count < 1 && isApiError(error) && error.code < 0 && error.code !== -1,
      refetchOnWindowFocus: false,
      staleTime: 10_000,
    },
  },
});

/**
 * React-query keys start with the route id, so invalidating a route id refreshes every request of it. The
 * released version and the share token are part of the key: a live read, a released read and a shared read of
 * the same document never share a cache entry.
 */
export const queryKey = <Id extends RouteId>(id: Id, request?: RouteRequest<Id>, opts: Pick<CallOptions, 'shareToken' | 'version'> = {}) =>
  [id, request ?? null, { version: opts.version ?? null, shareToken: opts.shareToken ?? null }] as const;

type QueryOpts = CallOptions & Partial<Pick<UseQueryOptions, 'enabled' | 'staleTime'>>;

/** Query options for one route: what features build their `api/` hooks from. */
export function apiQuery<Id extends RouteId>(id: Id, request?: RouteRequest<Id>, options: QueryOpts = {}) {
  const { enabled, staleTime, ...callOptions } = options;
  return queryOptions<RouteResponse<Id>, ApiError>({
    queryKey: queryKey(id, request, callOptions),
    // Reads are small: one that outlives its page (saving leaves the editor, signing in leaves the sign-in page)
    // finishes and fills the cache instead of being aborted into a failed request. React-query aborts a read only
    // when its function takes the signal, so this one does not.
    queryFn: () => api.call(id, request, callOptions),
    ...(enabled === undefined ? {} : { enabled: enabled as boolean }),
    ...(staleTime === undefined ? {} : { staleTime: staleTime as number }),
  });
}

export const useApiQuery = <Id extends RouteId>(id: Id, request?: RouteRequest<Id>, options: QueryOpts = {}) =>
  useQuery(apiQuery(id, request, options));

/** What a write refreshes once it succeeds: the reads of these routes, by the route id their query keys start with. */
interface Refreshes {
  invalidates?: readonly RouteId[];
}

/**
 * The one way to write: a feature's `api/` wraps each of its changes in this hook, and pages and components call
 * `mutate`/`mutateAsync` on it. Given a route id it calls that route; given a function it runs a change that takes
 * more than one call (read the latest revision, then save). Either way the routes it `invalidates` are read again
 * before `mutateAsync` resolves, so what the caller does next sees the change. Dialogs pass `ignoreMessage` and show
 * a failure themselves, at the field or as a toast.
 */
export function useApiMutation<Id extends RouteId>(
  id: Id,
  options?: CallOptions & Refreshes,
): UseMutationResult<RouteResponse<Id>, ApiError, RouteRequest<Id>>;
export function useApiMutation<Input, Output>(
  write: (input: Input) => Promise<Output>,
  options?: Refreshes,
): UseMutationResult<Output, ApiError, Input>;
export function useApiMutation(route: RouteId | ((input: never) => Promise<unknown>), options: CallOptions & Refreshes = {}): unknown {
  const { invalidates = [], ...callOptions } = options;
  return useMutation<unknown, ApiError, unknown>({
    mutationFn: (input) =>
      typeof route === 'function' ? route(input as never) : api.call(route, input as RouteRequest<RouteId>, callOptions),
    onSuccess: () => invalidate(...invalidates),
  });
}

export const invalidate = (...routes: readonly RouteId[]) =>
  Promise.all(routes.map((route) => queryClient.invalidateQueries({ queryKey: [route] })));

/** Spec section 4: on sign-in, every cached project, team, global and dashboard state is dropped. */
export function clearSessionState() {
  queryClient.clear();
}
