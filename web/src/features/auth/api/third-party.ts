import type { ThirdPartyProvider } from '@shared/constants';
import { api, useApiMutation, useApiQuery } from '../../../lib/api';
import { config } from '../../../config';

/** The providers this deployment offers (none offline, where nothing is asked). */
export const useOfferedProviders = () =>
  useApiQuery(
    'login.thirdPart',
    { query: { type: 'login' } },
    { ignoreMessage: true, ignoreRedirect: true, enabled: !config.offline, staleTime: 60_000 },
  );

/** Starts a sign-in (or a bind) at the provider: the browser leaves for its authorisation address. */
export const useGoToProvider = () =>
  useApiMutation(async ({ provider, type, f }: { provider: ThirdPartyProvider; type: 'login' | 'bind'; f?: string | null }) => {
    const { url } = await api.call('login.thirdPart', { query: { provider, type, ...(f ? { f } : {}) } }, { ignoreMessage: true });
    if (url) window.location.assign(url);
  });
