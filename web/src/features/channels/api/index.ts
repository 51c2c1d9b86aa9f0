/** A project's notification channels (issue 38): the settings tab "Notification channels". */
import { useQuery } from '@tanstack/react-query';
import { apiQuery, useApiMutation } from '../../../lib/api';

export const useChannels = (projectId: string) => useQuery(apiQuery('channel.list', { params: { id: projectId } }, { staleTime: 0 }));
export const useDeliveries = (projectId: string, channelId: string | null) =>
  useQuery(
    apiQuery('channel.deliveries', { params: { id: projectId, channelId: channelId ?? '' } }, { staleTime: 0, enabled: !!channelId }),
  );

/** The project's tree, for the folders a channel may watch (the same query, and cache entry, as the workspace's). */
export const useProjectTree = (projectId: string, enabled: boolean) =>
  useQuery({ ...apiQuery('document.tree', { params: { projectId } }, { ignoreMessage: true, enabled }), structuralSharing: false });

const refreshes = { invalidates: ['channel.list', 'channel.deliveries'] } as const;
export const useCreateChannel = () => useApiMutation('channel.create', { ...refreshes, ignoreMessage: true });
export const useUpdateChannel = () => useApiMutation('channel.update', { ...refreshes, ignoreMessage: true });
export const useDeleteChannel = () => useApiMutation('channel.delete', refreshes);
export const useResumeChannel = () => useApiMutation('channel.resume', refreshes);
/** The test message's outcome is shown beside its button; a refusal (a private address) comes back as a toast. */
export const useTestChannel = () => useApiMutation('channel.test');
