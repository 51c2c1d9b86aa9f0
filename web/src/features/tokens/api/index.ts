/** Project tokens and the project's last imports (issue 26): the settings tabs "Tokens" and "Sync". */
import { apiQuery, useApiMutation } from '../../../lib/api';
import { useQuery } from '@tanstack/react-query';

export const useTokens = (projectId: string) => useQuery(apiQuery('token.list', { params: { projectId } }, { staleTime: 0 }));
export const useCreateToken = () => useApiMutation('token.create', { invalidates: ['token.list'], ignoreMessage: true });
export const useRevokeToken = () => useApiMutation('token.revoke', { invalidates: ['token.list'] });
export const useImportHistory = (projectId: string) => useQuery(apiQuery('import.history', { params: { projectId } }, { staleTime: 0 }));
