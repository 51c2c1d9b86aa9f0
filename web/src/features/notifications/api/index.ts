/** The bell: the unread count, the list, marking read, and the reader's notification settings. */
import { useQuery } from '@tanstack/react-query';
import type { RouteId, RouteRequest } from '@shared/routes';
import { apiQuery, useApiMutation, useApiQuery } from '../../../lib/api';

/** How often the bell asks again while a page stays open: new notifications show within a minute. */
const UNREAD_POLL_MS = 60_000;

export const useUnreadCount = () =>
  useQuery({
    ...apiQuery('notification.unread', undefined, { ignoreMessage: true, ignoreRedirect: true }),
    refetchInterval: UNREAD_POLL_MS,
  });

export const useNotifications = (query: RouteRequest<'notification.list'>['query'], enabled: boolean) =>
  useApiQuery('notification.list', { query }, { enabled, staleTime: 0 });

const BELL_READS: RouteId[] = ['notification.list', 'notification.unread'];
export const useMarkRead = () => useApiMutation('notification.read', { invalidates: BELL_READS });
export const useMarkAllRead = () => useApiMutation('notification.readAll', { invalidates: BELL_READS });

export const useNotificationSettings = (enabled: boolean) => useApiQuery('notification.settings', undefined, { enabled });
export const useSaveNotificationSettings = () => useApiMutation('notification.updateSettings', { invalidates: ['notification.settings'] });
