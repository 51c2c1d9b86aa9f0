/** Environments, their variables and the project's global parameters: what the environment screens read and change. */
import { useApiMutation, useApiQuery } from '../../../lib/api';

/** A project's environments with their variables: readable by whoever reads the project, so quiet when refused. */
export const useEnvironments = (projectId: string, enabled = true) =>
  useApiQuery('env.list', { params: { id: projectId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });

/** The project's global parameters; a share reader reads them with the share's token. */
export const useGlobalParams = (projectId: string, opts: { shareToken?: string; enabled?: boolean } = {}) =>
  useApiQuery(
    'globalParam.get',
    { params: { projectId } },
    { enabled: opts.enabled ?? true, shareToken: opts.shareToken, ignoreMessage: true, ignoreRedirect: true },
  );

/** A change of an environment or a variable; the list is refreshed after it, and the screen shows a failure. */
export const useEnvironmentChange = <
  Id extends 'env.create' | 'env.update' | 'env.delete' | 'env.duplicate' | 'variable.create' | 'variable.update' | 'variable.delete',
>(
  id: Id,
) => useApiMutation(id, { invalidates: ['env.list', 'env.get', 'variable.list'], ignoreMessage: true });

export const useGlobalParamsSave = () => useApiMutation('globalParam.save', { invalidates: ['globalParam.get'], ignoreMessage: true });

/** An environment's run secrets, by name only (no route ever answers a value); members read them, guests do not. */
export const useRunSecrets = (envId: string, enabled = true) =>
  useApiQuery('runSecret.list', { params: { id: envId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });

/** Sets, replaces or deletes a run secret; the names are read again after it, and the screen shows a failure. */
export const useRunSecretChange = <Id extends 'runSecret.set' | 'runSecret.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: ['runSecret.list'], ignoreMessage: true });
