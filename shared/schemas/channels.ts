/**
 * Notification channels of a project (issue 38): where its events go. Admins configure them; a provider's address
 * and a secret are secrets, shown masked once saved and never to anyone else (an email channel's addresses are not:
 * its admins see them whole).
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { EVENT_KINDS } from './events';
import { idSchema } from './project';

export const CHANNEL_KINDS = ['wecom', 'dingtalk', 'feishu', 'slack', 'webhook', 'email'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

/** The kinds whose requests carry a signature made with the channel's secret. */
export const SIGNED_KINDS: readonly ChannelKind[] = ['dingtalk', 'feishu', 'webhook'];

export const channelSettingsSchema = lazy(() =>
  z.object({
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
  }),
);
export type ChannelSettings = z.output<typeof channelSettingsSchema>;

/** A channel as anyone but the delivery sees it: the target as `shownTarget` shows it, the secret as a flag. */
export const channelViewSchema = lazy(() =>
  channelSettingsSchema.omit({ secret: true }).extend({
    id: z.string(),
    projectId: z.string(),
    hasSecret: z.boolean(),
    state: z.enum(['active', 'paused']),
    failingSince: z.string().nullable(),
  }),
);
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

/**
 * What a channel's view shows of its target. A provider's address is the credential (whoever has it posts to the
 * group): masked. An email channel's addresses open nothing, and the project's administrators, the only ones who
 * see channels, need to read whom it mails: shown whole.
 */
export const shownTarget = (kind: ChannelKind, target: string): string => (kind === 'email' ? target : maskTarget(target));

// The channel routes' input and answers (shared/routes/channels.ts) ------------------------------------------------

/** A project's channels, or (team defaults) a team's: `{id}` is the project's or the team's. */
export const channelOwnerParams = lazy(() => z.object({ id: idSchema }));
export const channelParams = lazy(() => z.object({ id: idSchema, channelId: idSchema }));

export const channelCreateBody = lazy(() => channelSettingsSchema);
/** A blank or missing target or secret keeps the saved one: the form never holds them once saved. */
export const channelUpdateBody = lazy(() => channelSettingsSchema.extend({ target: z.string().trim().max(2_000).optional() }));
export type ChannelUpdate = z.output<typeof channelUpdateBody>;

export const channelList = lazy(() => z.object({ channels: z.array(channelViewSchema) }));

export const DELIVERY_STATUSES = ['sending', 'sent', 'failed', 'refused'] as const;
/** A line of a channel's delivery log: when, which event, how it went, and the start of the provider's answer. */
export const deliveryView = lazy(() =>
  z.object({
    at: z.string(),
    eventId: z.string(),
    kind: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number(),
    httpStatus: z.number().nullable(),
    excerpt: z.string(),
  }),
);
export type DeliveryView = z.infer<typeof deliveryView>;
export const deliveryList = lazy(() => z.object({ deliveries: z.array(deliveryView) }));

/** What a test message did: sent, or failed with the provider's answer (the guard's refusals are error codes). */
export const channelTestOutcome = lazy(() =>
  z.object({ status: z.enum(['sent', 'failed']), httpStatus: z.number().nullable(), excerpt: z.string() }),
);
export type ChannelTestOutcome = z.output<typeof channelTestOutcome>;
