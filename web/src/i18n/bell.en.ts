import type { bellZh } from './bell.zh';

export const bellEn: typeof bellZh = {
  title: 'Notifications',
  open: 'Notifications ({{count}} unread)',
  allProjects: 'All projects',
  unreadOnly: 'Unread only',
  readAll: 'Mark all read',
  markRead: 'Mark read',
  empty: 'No notifications.',
  kinds: {
    mention: '{{actor}} mentioned you in "{{subject}}"',
    'comment.added': '{{actor}} commented on "{{subject}}"',
    'document.created': '{{actor}} created "{{subject}}"',
    'document.updated': '{{actor}} changed "{{subject}}"',
    'document.deleted': '{{actor}} deleted "{{subject}}"',
    'document.moved': '{{actor}} moved "{{subject}}"',
    'document.restored': '{{actor}} restored "{{subject}}"',
    other: '{{actor}} updated "{{subject}}"',
  },
  settings: 'Notification settings',
  inApp: 'In the app (the bell)',
  email: 'Email',
  emailModes: { off: 'Off', instant: 'Instant', digest: 'Daily digest' },
  emailLanguage: 'Emails are written in the language you save these settings in',
  saved: 'Settings saved',
};
