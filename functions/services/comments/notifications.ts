/** The bell and the caller's notification settings. */
import { markAllRead, markRead, notificationsOf, saveSettings, settingsOf, unreadCountOf } from '../../domain/notifications';
import { defineHandlers } from '../../runtime/service';

export const notificationHandlers = defineHandlers({
  'notification.list': async ({ query }, ctx) => {
    const userId = ctx.caller.userId;
    const [items, unread] = await Promise.all([
      notificationsOf(userId, { projectId: query.projectId, unreadOnly: query.unread === 'true' }),
      unreadCountOf(userId),
    ]);
    return { items, unread };
  },
  'notification.unread': async (_input, ctx) => ({ unread: await unreadCountOf(ctx.caller.userId) }),
  'notification.read': async ({ body }, ctx) => {
    await markRead(ctx.caller.userId, body.ids);
    return null;
  },
  'notification.readAll': async ({ body }, ctx) => {
    await markAllRead(ctx.caller.userId, body.projectId);
    return null;
  },
  'notification.settings': async (_input, ctx) => settingsOf(ctx.caller.userId),
  'notification.updateSettings': async ({ body }, ctx) => {
    await saveSettings(ctx.caller.userId, body, ctx.locale);
    return null;
  },
});
