/**
 * Notification channels of a project and their deliveries (issue 38). A channel holds its provider's address and
 * secret: they leave this module only to the delivery (`channelsFor`), never in a view (`toChannelView` masks them;
 * an email channel's addresses, no secret, it shows whole) and never in a log line. A delivery item per event and channel is both the idempotency key (claimed with a
 * conditional put before the send, so no event goes twice to one channel) and the channel's delivery log line.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { CHANNEL_KINDS, channelSettingsSchema, shownTarget, type ChannelSettings, type ChannelView } from '@shared/schemas/channels';
import { EVENT_KINDS, type ProjectEvent } from '@shared/schemas/events';
import {
  and,
  conditionsOn,
  getItem,
  lt,
  notExists,
  or,
  putItem,
  queryAll,
  queryPage,
  skip,
  updateItem,
  deleteItem,
  exists,
  type Item,
} from '../data/db';
import { ENTITY, eventKeys } from '../data/keys';
import { AppError } from '../core/app-error';

/** A channel failing this long is paused and its admins told. */
export const PAUSE_AFTER_FAILING_MS = 86_400_000;
/** A claim older than this was a run that died mid-send: another run may take the delivery over. */
export const CLAIM_LEASE_MS = 5 * 60_000;
const DELIVERY_TTL_SECONDS = 30 * 86_400;

const channelRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    kind: z.enum(CHANNEL_KINDS),
    target: z.string(),
    secret: z.string().optional(),
    events: z.array(z.enum(EVENT_KINDS)).default([]),
    folderIds: z.array(z.string()).default([]),
    language: z.enum(['zh', 'en']).default('zh'),
    detail: z.enum(['details', 'names']).default('details'),
    state: z.enum(['active', 'paused']),
    failingSince: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
  }),
);
export type ChannelRecord = z.infer<typeof channelRecord>;

const parseChannel = (item: Item | undefined) => {
  const parsed = channelRecord.safeParse(item);
  return parsed.success ? parsed.data : undefined;
};

const channelItem = (c: ChannelRecord) => ({ ...eventKeys.channel(c.projectId, c.id), ...ENTITY.channel, ...c });

export const newChannelId = () => randomBytes(9).toString('base64url');

export async function createChannel(projectId: string, settings: ChannelSettings, by: string, now = new Date()): Promise<ChannelRecord> {
  const channel: ChannelRecord = {
    id: newChannelId(),
    projectId,
    ...channelSettingsSchema.parse(settings),
    state: 'active',
    failingSince: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  await putItem(channelItem(channel), notExists());
  return channel;
}

/**
 * Saves new settings. A target or secret left out keeps the saved one (the form never holds them once saved);
 * saving a paused channel starts it again.
 */
export async function updateChannel(
  current: ChannelRecord,
  settings: Omit<ChannelSettings, 'target'> & { target?: string },
  by: string,
  now = new Date(),
): Promise<ChannelRecord> {
  const next: ChannelRecord = {
    ...current,
    ...settings,
    target: settings.target || current.target,
    secret: settings.secret || current.secret,
    state: 'active',
    failingSince: null,
    updatedAt: now.toISOString(),
    updatedBy: by,
  };
  await putItem(channelItem(next), { when: exists(), failure: () => new AppError('notFound') });
  return next;
}

/** Starts a paused channel again, its failing mark cleared (an administrator's "resume"). */
export async function resumeChannel(current: ChannelRecord, by: string, now = new Date()): Promise<ChannelRecord> {
  const next: ChannelRecord = { ...current, state: 'active', failingSince: null, updatedAt: now.toISOString(), updatedBy: by };
  await updateItem(
    eventKeys.channel(current.projectId, current.id),
    { set: { state: next.state, failingSince: null, updatedAt: next.updatedAt, updatedBy: by } },
    { when: exists(), failure: () => new AppError('notFound') },
  );
  return next;
}

export async function deleteChannel(projectId: string, channelId: string) {
  await deleteItem(eventKeys.channel(projectId, channelId), { when: exists(), failure: () => new AppError('notFound') });
}

export async function getChannel(projectId: string, channelId: string): Promise<ChannelRecord | undefined> {
  return parseChannel(await getItem(eventKeys.channel(projectId, channelId), { consistent: true }));
}

export async function channelsOf(projectId: string): Promise<ChannelRecord[]> {
  return (await queryAll(eventKeys.channelsOf(projectId))).flatMap((item) => parseChannel(item) ?? []);
}

export const toChannelView = ({ target, secret, updatedBy: _by, createdAt: _c, updatedAt: _u, ...c }: ChannelRecord): ChannelView => ({
  ...c,
  target: shownTarget(c.kind, target),
  hasSecret: !!secret,
});

/**
 * The active channels an event goes to: those that take its kind, and (for an event about a document or folder)
 * watch its folder. `ancestors` are the folders above the subject, nearest first. A project with no channel of its
 * own is told through its team's default channels (kept like a project's, under the team's id): applied when an
 * event is delivered rather than copied when a project is made, so a team's change reaches every such project and
 * a project's own channels always win.
 */
export async function channelsFor(event: ProjectEvent, ancestors: readonly string[], teamId?: string | null): Promise<ChannelRecord[]> {
  const own = await channelsOf(event.projectId);
  const all = own.length || !teamId ? own : await channelsOf(teamId);
  const places = new Set([event.subject.folderId, event.subject.documentId, ...ancestors].filter(Boolean));
  return all.filter(
    (c) =>
      c.state === 'active' &&
      (!c.events.length || c.events.includes(event.kind)) &&
      (!c.folderIds.length || c.folderIds.some((f) => places.has(f))),
  );
}

// Deliveries -----------------------------------------------------------------------------------------------------

const deliveryRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    channelId: z.string(),
    eventId: z.string(),
    kind: z.string(),
    status: z.enum(['sending', 'sent', 'failed', 'refused']),
    attempts: z.number(),
    claimedAt: z.number(),
    at: z.string(),
    httpStatus: z.number().nullable(),
    /** The first few hundred characters of the provider's answer, or why the guard refused the address. */
    excerpt: z.string(),
  }),
);
export type DeliveryRecord = z.infer<typeof deliveryRecord>;
const whereDelivery = conditionsOn<DeliveryRecord>();

/**
 * Claims the delivery of an event to a channel: answers false when it was sent, failed for good, or another run
 * is sending it now. A claim left by a run that died mid-send (older than CLAIM_LEASE_MS) is taken over.
 */
export async function claimDelivery(channel: ChannelRecord, event: ProjectEvent, now = Date.now()): Promise<boolean> {
  const record: DeliveryRecord = {
    projectId: channel.projectId,
    channelId: channel.id,
    eventId: event.eventId,
    kind: event.kind,
    status: 'sending',
    attempts: 0,
    claimedAt: now,
    at: new Date(now).toISOString(),
    httpStatus: null,
    excerpt: '',
  };
  return putItem(
    {
      ...eventKeys.delivery(channel.projectId, channel.id, event.eventId),
      ...ENTITY.delivery,
      ...record,
      expiresAt: Math.floor(now / 1000) + DELIVERY_TTL_SECONDS,
    },
    {
      when: or(notExists(), and(whereDelivery.eq('status', 'sending'), lt('claimedAt', now - CLAIM_LEASE_MS))),
      failure: skip,
    },
  );
}

export async function recordDelivery(
  channel: ChannelRecord,
  eventId: string,
  outcome: Pick<DeliveryRecord, 'status' | 'attempts' | 'httpStatus' | 'excerpt'>,
  now = new Date(),
) {
  await updateItem(eventKeys.delivery(channel.projectId, channel.id, eventId), { set: { ...outcome, at: now.toISOString() } });
}

export async function getDelivery(projectId: string, channelId: string, eventId: string): Promise<DeliveryRecord | undefined> {
  const parsed = deliveryRecord.safeParse(await getItem(eventKeys.delivery(projectId, channelId, eventId), { consistent: true }));
  return parsed.success ? parsed.data : undefined;
}

/** A channel's delivery log, newest first. */
export async function deliveryLog(projectId: string, channelId: string, limit = 50): Promise<DeliveryRecord[]> {
  const page = await queryPage({ ...eventKeys.deliveriesOf(projectId, channelId), limit });
  return page.items.flatMap((item) => {
    const parsed = deliveryRecord.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * After a delivery: a success clears the channel's failing mark; a failure sets it, and a channel failing for a
 * day is paused. Answers whether this failure paused it (its admins are told then, once).
 */
export async function noteChannelHealth(channel: ChannelRecord, ok: boolean, now = new Date()): Promise<'paused' | 'noted'> {
  const key = eventKeys.channel(channel.projectId, channel.id);
  const where = conditionsOn<ChannelRecord>();
  if (ok) {
    if (channel.failingSince) await updateItem(key, { set: { failingSince: null } }, { when: exists(), failure: skip });
    return 'noted';
  }
  if (!channel.failingSince) {
    await updateItem(
      key,
      { set: { failingSince: now.toISOString() } },
      { when: and(exists(), where.eq('failingSince', null)), failure: skip },
    );
    return 'noted';
  }
  if (now.getTime() - Date.parse(channel.failingSince) < PAUSE_AFTER_FAILING_MS) return 'noted';
  const paused = await updateItem(key, { set: { state: 'paused' } }, { when: and(exists(), where.eq('state', 'active')), failure: skip });
  return paused ? 'paused' : 'noted';
}
