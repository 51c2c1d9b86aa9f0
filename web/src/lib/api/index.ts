import { QueryClient, useMutation, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { RouteId, RouteRequest, RouteResponse } from '../../../../shared/routes';
import { config } from '../../config';
import { i18n } from '../../i18n';
import { toast } from '../../components/toast';
import { sessionToken } from '../cookies';
import { createApiClient, isApiError, type ApiError, type CallOptions } from './client';

export { isApiError, type ApiError };

let projectVersion: string | undefined;
/** Sent as X-PROJECT-VERSION while a released version of a project is being read. */
export const setProjectVersion = (version: string | undefined) => {
  projectVersion = version;
};

/** Where to come back to after signing in again: the current path and query. */
export const currentLocation = () => `${location.pathname}${location.search}`;
export const loginUrl = (opts: { timeout?: boolean } = {}) =>
  `/login?${opts.timeout ? 'timeout=1&' : ''}f=${encodeURIComponent(currentLocation())}`;

export const api = createApiClient({
  apiBase: config.apiBase,
  token: sessionToken,
  language: () => i18n.language,
  projectVersion: () => projectVersion,
  onSessionLost: () => {
    if (location.pathname !== '/login') location.assign(loginUrl({ timeout: true }));
  },
  toast: (message) => toast.error(message),
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

/** React-query keys come from route ids, so invalidating a route id refreshes every request of it. */
export const queryKey = <Id extends RouteId>(id: Id, request?: RouteRequest<Id>) => (request ? [id, request] : [id]);

export function useApiQuery<Id extends RouteId>(
  id: Id,
  request?: RouteRequest<Id>,
  options: CallOptions & Partial<Pick<UseQueryOptions<RouteResponse<Id>, ApiError>, 'enabled' | 'staleTime'>> = {},
) {
  const { enabled, staleTime, ...callOptions } = options;
  return useQuery<RouteResponse<Id>, ApiError>({
    queryKey: queryKey(id, request),
    queryFn: ({ signal }) => api.call(id, request, { ...callOptions, signal }),
    enabled,
    staleTime,
  });
}

export function useApiMutation<Id extends RouteId>(id: Id, options: CallOptions & { invalidates?: RouteId[] } = {}) {
  const { invalidates = [], ...callOptions } = options;
  return useMutation<RouteResponse<Id>, ApiError, RouteRequest<Id>>({
    mutationFn: (request) => api.call(id, request, callOptions),
    onSuccess: () => Promise.all(invalidates.map((route) => queryClient.invalidateQueries({ queryKey: [route] }))),
  });
}

/** Spec section 4: on sign-in, every cached project, team, global and dashboard state is dropped. */
export function clearSessionState() {
  queryClient.clear();
  setProjectVersion(undefined);
}
