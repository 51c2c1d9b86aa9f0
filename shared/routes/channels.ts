/**
 * Notification channels (issue 38): where a project's events go (WeCom, DingTalk, Feishu, Slack, a signed webhook,
 * email), configured by the project's administrators, the role project settings ask for. A team's administrators
 * set default channels for the team's projects: a project with no channel of its own is told through its team's.
 * Served by a service of their own: the test message sends through the guarded fetch, which no other service of
 * settings needs to carry.
 *
 * A channel's address and secret are write-only: answers carry the address masked and whether a secret is set.
 */
import {
  channelCreateBody,
  channelList,
  channelOwnerParams,
  channelParams,
  channelTestOutcome,
  channelUpdateBody,
  channelViewSchema,
  deliveryList,
} from '../schemas/channels';
import { onProject, onTeam, param, route } from './define';
import { nothing } from './responses';

const admins = onProject(param('id'), 'admin');
const writable = onProject(param('id'), 'admin', { states: ['active'] });
const teamAdmins = onTeam(param('id'), 'admin');

export const channelRoutes = {
  'channel.list': route({
    method: 'GET',
    path: '/project/{id}/channels',
    service: 'channels',
    access: admins,
    params: channelOwnerParams,
    response: channelList,
    changing: true,
  }),
  'channel.create': route({
    method: 'PUT',
    path: '/project/{id}/channels',
    service: 'channels',
    access: writable,
    params: channelOwnerParams,
    body: channelCreateBody,
    response: channelViewSchema,
  }),
  /** New settings; a blank target or secret keeps the saved one, and saving a paused channel starts it again. */
  'channel.update': route({
    method: 'POST',
    path: '/project/{id}/channels/{channelId}',
    service: 'channels',
    access: writable,
    params: channelParams,
    body: channelUpdateBody,
    response: channelViewSchema,
  }),
  'channel.delete': route({
    method: 'DELETE',
    path: '/project/{id}/channels/{channelId}',
    service: 'channels',
    access: writable,
    params: channelParams,
    response: nothing,
  }),
  /** Sends a test message now, the way events go (the provider's format and signature, through the guard). */
  'channel.test': route({
    method: 'POST',
    path: '/project/{id}/channels/{channelId}/test',
    service: 'channels',
    access: admins,
    params: channelParams,
    response: channelTestOutcome,
  }),
  'channel.deliveries': route({
    method: 'GET',
    path: '/project/{id}/channels/{channelId}/deliveries',
    service: 'channels',
    access: admins,
    params: channelParams,
    response: deliveryList,
    changing: true,
  }),
  /** Starts a paused channel again, its failing mark cleared. */
  'channel.resume': route({
    method: 'POST',
    path: '/project/{id}/channels/{channelId}/resume',
    service: 'channels',
    access: writable,
    params: channelParams,
    response: channelViewSchema,
  }),

  // A team's default channels: told of the events of each of its projects that has no channel of its own.
  'teamChannel.list': route({
    method: 'GET',
    path: '/team/{id}/channels',
    service: 'channels',
    access: teamAdmins,
    params: channelOwnerParams,
    response: channelList,
    changing: true,
  }),
  'teamChannel.create': route({
    method: 'PUT',
    path: '/team/{id}/channels',
    service: 'channels',
    access: teamAdmins,
    params: channelOwnerParams,
    body: channelCreateBody,
    response: channelViewSchema,
  }),
  'teamChannel.update': route({
    method: 'POST',
    path: '/team/{id}/channels/{channelId}',
    service: 'channels',
    access: teamAdmins,
    params: channelParams,
    body: channelUpdateBody,
    response: channelViewSchema,
  }),
  'teamChannel.delete': route({
    method: 'DELETE',
    path: '/team/{id}/channels/{channelId}',
    service: 'channels',
    access: teamAdmins,
    params: channelParams,
    response: nothing,
  }),
  'teamChannel.test': route({
    method: 'POST',
    path: '/team/{id}/channels/{channelId}/test',
    service: 'channels',
    access: teamAdmins,
    params: channelParams,
    response: channelTestOutcome,
  }),
  'teamChannel.deliveries': route({
    method: 'GET',
    path: '/team/{id}/channels/{channelId}/deliveries',
    service: 'channels',
    access: teamAdmins,
    params: channelParams,
    response: deliveryList,
    changing: true,
  }),
  'teamChannel.resume': route({
    method: 'POST',
    path: '/team/{id}/channels/{channelId}/resume',
    service: 'channels',
    access: teamAdmins,
    params: channelParams,
    response: channelViewSchema,
  }),
} as const;
