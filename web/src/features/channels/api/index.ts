/**
 * Notification channels (issue 38): a project's (its settings tab "Notification channels") and a team's defaults
 * (its settings tab of the same name). The two sets of routes take the same requests and answer the same way, so
 * each hook calls its owner's route by the project route's type.
 */
import { useQuery } from '@tanstack/react-query';
import { apiQuery, useApiMutation } from '../../../lib/api';

/** Whose channels: a project's, or a team's defaults for its projects. */
export interface ChannelOwner {
  kind: 'project' | 'team';
  id: string;
}

const ROUTES = {
  project: {
    list: 'channel.list',
    create: 'channel.create',
    update: 'channel.update',
    remove: 'channel.delete',
    resume: 'channel.resume',
    test: 'channel.test',
    deliveries: 'channel.deliveries',
  },
  team: {
    list: 'teamChannel.list',
    create: 'teamChannel.create',
    update: 'teamChannel.update',
    remove: 'teamChannel.delete',
    resume: 'teamChannel.resume',
    test: 'teamChannel.test',
    deliveries: 'teamChannel.deliveries',
  },
} as const;
type Verb = keyof (typeof ROUTES)['project'];
/** The owner's route for a verb, typed as the project's (the team's has the same request and answer). */
const routeOf = <V extends Verb>(owner: ChannelOwner, verb: V) => ROUTES[owner.kind][verb] as (typeof ROUTES)['project'][V];

export const useChannels = (owner: ChannelOwner) =>
  useQuery(apiQuery(routeOf(owner, 'list'), { params: { id: owner.id } }, { staleTime: 0 }));
/** How often an open delivery log reads itself again: deliveries land from the table's stream while it is read. */
const DELIVERY_LOG_POLL_MS = 3_000;
/** A channel's delivery log while its drawer is open (`channelId` set), kept fresh without reopening. */
export const useDeliveries = (owner: ChannelOwner, channelId: string | null) =>
  useQuery({
    ...apiQuery(
      routeOf(owner, 'deliveries'),
      { params: { id: owner.id, channelId: channelId ?? '' } },
      { staleTime: 0, enabled: !!channelId },
    ),
    refetchInterval: channelId ? DELIVERY_LOG_POLL_MS : false,
  });
/** The project's tree, for the folders a channel may watch (the same query, and cache entry, as the workspace's). */
export const useProjectTree = (projectId: string, enabled: boolean) =>
  useQuery({ ...apiQuery('document.tree', { params: { projectId } }, { ignoreMessage: true, enabled }), structuralSharing: false });

const refreshes = { invalidates: ['channel.list', 'channel.deliveries', 'teamChannel.list', 'teamChannel.deliveries'] } as const;
export const useCreateChannel = (owner: ChannelOwner) => useApiMutation(routeOf(owner, 'create'), { ...refreshes, ignoreMessage: true });
export const useUpdateChannel = (owner: ChannelOwner) => useApiMutation(routeOf(owner, 'update'), { ...refreshes, ignoreMessage: true });
export const useDeleteChannel = (owner: ChannelOwner) => useApiMutation(routeOf(owner, 'remove'), refreshes);
export const useResumeChannel = (owner: ChannelOwner) => useApiMutation(routeOf(owner, 'resume'), refreshes);
/** The test message's outcome is shown beside its button; a refusal (a private address) comes back as a toast. */
export const useTestChannel = (owner: ChannelOwner) => useApiMutation(routeOf(owner, 'test'));
