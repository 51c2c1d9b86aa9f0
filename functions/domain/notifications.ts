/**
 * The bell (issue 38): each person's notifications are items in their own partition, one per event that concerns
 * them, written by the delivery of project events (`deliverToInboxes`); unread ones are also on a sparse index, so
 * the bell's count is one count query however long the list grows. And each person's notification settings.
 *
 * A notification's id is its event's: a delivery that runs twice (a retry after a timeout) writes nothing twice.
 */
import * as z from 'zod';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import { lazy } from '@shared/lazy';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  EMAIL_MODES,
  notificationView,
  type NotificationSettings,
  type NotificationView,
} from '@shared/schemas/comment';
import { batchWrite, countItems, deleteItem, exists, getItem, notExists, putItem, queryAll, queryPage, skip, type Item } from '../data/db';
import { defineEntity } from '../data/entity';
import { commentKeys, DIGEST_SHARDS } from '../data/keys';
import { DAY_MS } from './projects';

/** The bell keeps 90 days. */
const KEPT_DAYS = 90;
/** What a list shows at most: the bell is for what is new, not an archive. */
export const NOTIFICATION_PAGE = 100;

// The record is the view with its owner and its expiry (the event's id is its id: a second delivery is a no-op).
const notificationRecord = lazy(() => notificationView.extend({ userId: z.string(), expiresAt: z.number() }));
type NotificationRecord = z.infer<typeof notificationRecord>;

const notificationEntity = defineEntity({
  name: 'notification',
  schema: notificationRecord,
  key: (n: Pick<NotificationRecord, 'userId' | 'id'>) => commentKeys.notification(n.userId, n.id),
  // Unread ones only: reading one takes it off the index.
  indexes: (index) => ({ gsi1: index(['userId', 'id', 'read'], (n) => (n.read ? undefined : commentKeys.unreadEntry(n.userId, n.id))) }),
});

export type NewNotification = Omit<NotificationRecord, 'read' | 'expiresAt' | 'userId'>;

/** Puts a notification in someone's bell, once: answers false when this event was already there. */
export async function notify(userId: string, notification: NewNotification): Promise<boolean> {
  const expiresAt = Math.floor((Date.parse(notification.at) + KEPT_DAYS * DAY_MS) / 1000);
  return notificationEntity.put({ ...notification, userId, read: false, expiresAt }, { when: notExists(), failure: skip });
}

const toView = ({ userId: _u, expiresAt: _e, ...n }: NotificationRecord): NotificationView => n;
const live = (n: NotificationRecord, now = Date.now()) => n.expiresAt * 1000 > now;

/** Someone's latest notifications, newest first; of one project, or unread only, when asked. */
export async function notificationsOf(
  userId: string,
  filter: { projectId?: string; unreadOnly?: boolean } = {},
): Promise<NotificationView[]> {
  const found: NotificationRecord[] = [];
  let cursor: Record<string, unknown> | undefined;
  // A few pages at most: filtered reads skip what does not match, and the list is for what is recent.
  for (let pages = 0; pages < 5 && found.length < NOTIFICATION_PAGE; pages++) {
    const page = await queryPage<Item>({ ...commentKeys.notificationsOf(userId), limit: 200 }, cursor);
    for (const n of notificationEntity.parseAll(page.items)) {
      if (!live(n) || (filter.projectId && n.projectId !== filter.projectId) || (filter.unreadOnly && n.read)) continue;
      found.push(n);
    }
    cursor = page.cursor;
    if (!cursor) break;
  }
  return found.slice(0, NOTIFICATION_PAGE).map(toView);
}

export const unreadCountOf = (userId: string) => countItems(commentKeys.unreadOf(userId));

/** Marks notifications read; ids that are not the caller's (or gone) are skipped. */
export async function markRead(userId: string, ids: string[]): Promise<void> {
  await Promise.all(
    [...new Set(ids)].map((id) => notificationEntity.update({ userId, id }, { set: { read: true } }, { when: exists(), failure: skip })),
  );
}

/** Marks every unread notification read, or those of one project. */
export async function markAllRead(userId: string, projectId?: string): Promise<void> {
  let cursor: Record<string, unknown> | undefined;
  do {
    // A page goes on from the last item read (gone from the index once marked, which DynamoDB allows).
    const page = await queryPage<Item>({ ...commentKeys.unreadOf(userId), limit: 100 }, cursor);
    const unread = notificationEntity.parseAll(page.items).filter((n) => !projectId || n.projectId === projectId);
    await markRead(
      userId,
      unread.map((n) => n.id),
    );
    cursor = page.cursor;
  } while (cursor);
}

// Settings -------------------------------------------------------------------------------------------------------

const settingsRecord = lazy(() =>
  z.object({
    userId: z.string(),
    inApp: z.boolean(),
    email: z.enum(EMAIL_MODES),
    /** The language the person used when they saved these settings: their mail's (absent in those saved before: zh). */
    language: z.enum(LOCALES).optional(),
  }),
);
const settingsEntity = defineEntity({
  name: 'notificationSettings',
  schema: settingsRecord,
  key: (s: { userId: string }) => commentKeys.settings(s.userId),
});

/**
 * Mails an event to someone who asked for instant email, once: a claim per person and event, written first and
 * taken back when the mail fails (the stream then hands the event over again).
 */
export async function mailOnce(userId: string, eventId: string, mail: () => Promise<void>): Promise<boolean> {
  const claim = commentKeys.mailed(userId, eventId);
  const claimed = await putItem(
    { ...claim, entity: 'mailed', expiresAt: Math.floor(Date.now() / 1000) + 86_400 },
    { when: notExists(), failure: skip },
  );
  if (!claimed) return false;
  try {
    await mail();
  } catch (err) {
    await deleteItem(claim);
    throw err;
  }
  return true;
}

// The daily digest ------------------------------------------------------------------------------------------------

const DIGEST_KEPT_SECONDS = 3 * 86_400;
const digestEntry = lazy(() => notificationView.omit({ read: true }).extend({ pk: z.string(), sk: z.string() }));

/** Keeps a notification for someone's next daily digest (a delivery tried twice keeps it once). */
export async function keepForDigest(userId: string, notification: NewNotification): Promise<void> {
  const expiresAt = Math.floor(Date.now() / 1000) + DIGEST_KEPT_SECONDS;
  await putItem({ ...commentKeys.digestEntry(userId, notification.id), entity: 'digestEntry', ...notification, expiresAt });
  await putItem({ ...commentKeys.digestWaiting(userId), entity: 'digestWaiting', userId, expiresAt });
}

/** Those with a digest waiting, shard by shard. */
export async function usersWithDigest(): Promise<string[]> {
  const users: string[] = [];
  for (let shard = 0; shard < DIGEST_SHARDS; shard++)
    for (const item of await queryAll(commentKeys.digestsWaiting(shard))) if (typeof item.userId === 'string') users.push(item.userId);
  return users;
}

/** What waits in someone's digest, oldest first. */
export async function digestOf(userId: string) {
  const items = await queryAll(commentKeys.digestOf(userId));
  return items.flatMap((item) => {
    const parsed = digestEntry.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Clears a sent digest: its entries, and the person from those waiting (unless more came meanwhile, kept for tomorrow). */
export async function clearDigest(userId: string, sent: { pk: string; sk: string }[]): Promise<void> {
  await batchWrite({ deletes: sent.map(({ pk, sk }) => ({ pk, sk })) });
  if (!(await queryPage({ ...commentKeys.digestOf(userId), limit: 1 })).items.length) await deleteItem(commentKeys.digestWaiting(userId));
}

/** A person's settings as deliveries use them: with the language their mail is written in. */
export interface DeliverySettings extends NotificationSettings {
  language: Locale;
}

export async function deliverySettingsOf(userId: string): Promise<DeliverySettings> {
  const stored = settingsEntity.parse(await getItem(commentKeys.settings(userId)));
  return stored
    ? { inApp: stored.inApp, email: stored.email, language: stored.language ?? DEFAULT_LOCALE }
    : { ...DEFAULT_NOTIFICATION_SETTINGS, language: DEFAULT_LOCALE };
}

export async function settingsOf(userId: string): Promise<NotificationSettings> {
  const { inApp, email } = await deliverySettingsOf(userId);
  return { inApp, email };
}

/**
 * Saves a person's settings with the language they are using as they save them (the app's language, sent with
 * every request): the language of the mail these settings ask for. The language is kept in the browser only, so
 * this is where the server learns it.
 */
export async function saveSettings(userId: string, settings: NotificationSettings, language: Locale): Promise<void> {
  await settingsEntity.put({ userId, ...settings, language });
}

/** What leaving the product takes of the bell: every notification and the settings. */
export async function forgetNotificationsOf(userId: string): Promise<void> {
  const items = notificationEntity.parseAll(await queryAll(commentKeys.notificationsOf(userId)));
  await batchWrite({ deletes: [...items.map((n) => notificationEntity.key(n)), commentKeys.settings(userId)] });
}
