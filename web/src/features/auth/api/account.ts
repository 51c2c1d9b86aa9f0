/**
 * Signing in and up, codes, and changes to one's own account: each a mutation hook, so a page or form calls
 * `mutateAsync` and shows a failure where it belongs (every call here passes `ignoreMessage`).
 */
import type { RouteRequest } from '@shared/routes';
import { api, useApiMutation, useApiQuery } from '../../../lib/api';
import { config } from '../../../config';
import { signedIn } from './session';

const quiet = { ignoreMessage: true } as const;

export const useSignIn = () =>
  useApiMutation(async (request: RouteRequest<'login.create'>) => {
    const result = await api.call('login.create', request, quiet);
    signedIn(result.user);
    return result;
  });
export const useRegister = () =>
  useApiMutation(async (request: RouteRequest<'user.register'>) => {
    const result = await api.call('user.register', request, quiet);
    signedIn(result.user);
    return result;
  });
/** A person new to us binds a phone after a third-party sign-in (a new account, or the one that phone has). */
export const usePhoneBindSignIn = () =>
  useApiMutation(async (request: RouteRequest<'user.phoneNotLogin'>) => {
    const result = await api.call('user.phoneNotLogin', request, quiet);
    signedIn(result.user);
    return result;
  });

/** Back from a provider: signed in (or asked to bind a phone first). */
export const useThirdPartySignIn = () =>
  useApiMutation(async (request: RouteRequest<'login.thirdPartLogin'>) => {
    const result = await api.call('login.thirdPartLogin', request, quiet);
    if (result.result === 'signedIn') signedIn(result.user);
    return result;
  });
/** Back from a provider with an account to bind to the signed-in one. */
export const useThirdPartyBind = () => useApiMutation('login.thirdPartBind', { ...quiet, invalidates: ['user.boundInfo'] });

/** Sends a verification code (for registering, signing in, a reset or a new address); the field shows a failure. */
export const useSendCode = <
  Id extends 'code.register' | 'code.login' | 'code.resetPassword' | 'code.emailUpdate' | 'code.phoneUpdate' | 'code.send',
>(
  id: Id,
) => useApiMutation(id, quiet);

export const useResetPassword = () => useApiMutation('user.resetPassword', quiet);
export const useChangePassword = () => useApiMutation('user.updatePassword', quiet);
export const useProfileSave = () => useApiMutation('user.update', { ...quiet, invalidates: ['user.detail'] });
export const useAddressChange = <Id extends 'user.email' | 'user.phone'>(id: Id) =>
  useApiMutation(id, { ...quiet, invalidates: ['user.detail'] });

/** The providers bound to the account (none offline, where nothing is asked). */
export const useBoundAccounts = () => useApiQuery('user.boundInfo', undefined, { enabled: !config.offline });
export const useUnbindProvider = () => useApiMutation('user.thirdPartUnbind', { ...quiet, invalidates: ['user.boundInfo'] });

/** What stands in the way of deleting the account (teams and projects to hand over first). */
export const useQuitCheck = () => useApiQuery('user.quitCheck');
export const useDeleteAccount = () => useApiMutation('user.quit', quiet);
