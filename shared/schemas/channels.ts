/**
 * Notification channels of a project (issue 38): where its events go. Admins configure them; a channel's address
 * and secret are secrets, shown masked once saved and never to anyone else.
 */
import * as z from 'zod';
import { EVENT_KINDS } from './events';

export const CHANNEL_KINDS = ['wecom', 'dingtalk', 'feishu', 'slack', 'webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The kinds whose requests carry a signature made with the channel's secret. */
export const SIGNED_KINDS: readonly ChannelKind[] = ['dingtalk', 'feishu', 'webhook'];

export const channelSettingsSchema = z.object({
  name: z.string().trim().min(1).max(60),
  kind: z.enum(CHANNEL_KINDS),
  /** The provider's webhook address; for email, the addresses (comma separated). */
  target: z.string().trim().min(1).max(2_000),
  secret: z.string().max(500).optional(),
  /** Which events it is told of (every kind when empty). */
  events: z.array(z.enum(EVENT_KINDS)).max(EVENT_KINDS.length).default([]),
  /** Which folders' documents it is told of (the whole project when empty). */
  folderIds: z.array(z.string().max(64)).max(100).default([]),
  language: z.enum(['zh', 'en']).default('zh'),
  /** `names`: only who and what by name (private projects): no paths, fields or counts of parameters. */
  detail: z.enum(['details', 'names']).default('details'),
});
export type ChannelSettings = z.output<typeof channelSettingsSchema>;

/** A channel as anyone but the delivery sees it: the target and secret masked. */
export const channelViewSchema = channelSettingsSchema.omit({ secret: true }).extend({
  id: z.string(),
  projectId: z.string(),
  hasSecret: z.boolean(),
  state: z.enum(['active', 'paused']),
  failingSince: z.string().nullable(),
});
export type ChannelView = z.infer<typeof channelViewSchema>;

/** `https://oapi.dingtalk.com/robot/send?access_token=abcd…` → `https://oapi.dingtalk.com/…ef12`: enough to tell two apart. */
export function maskTarget(target: string): string {
  const tail = target.slice(-4);
  try {
    const url = new URL(target);
    return `${url.protocol}//${url.host}/…${tail}`;
  } catch {
    return `…${tail}`;
  }
}
