/**
 * Comments on documents, the bell, watching and notification settings (issue 38), served by a service of their own:
 * the document service is at its bundle budget, and these routes are read far more often (the bell's count) than
 * they are written.
 *
 * Who may: whoever reads a document reads its comments (a public project's readers too; a share link's readers do
 * not: a share is the published face of the documents, the comments are the team's talk about them). Members
 * write comments (viewers while the project allows it, which it does until its administrators say otherwise),
 * editors resolve and reopen threads, authors edit their own, and authors or the project's administrators delete.
 */
import {
  commentCreateBody,
  commentIdParams,
  commentList,
  commentPolicyBody,
  commentResolveBody,
  commentUpdateBody,
  commentView,
  commentWritten,
  notificationList,
  notificationListQuery,
  notificationReadAllBody,
  notificationReadBody,
  notificationSettings,
  unreadCount,
  watchState,
  watchTargetParams,
} from '../schemas/comment';
import { nodeIdParams } from '../schemas/document';
import { body, documentBody, documentParam, onProject, route, SIGNED_IN } from './define';
import { nothing } from './responses';

const editable = { states: ['active'] } as const;

export const commentRoutes = {
  'comment.list': route({
    method: 'GET',
    path: '/project/document/{id}/comments',
    service: 'comments',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: nodeIdParams,
    response: commentList,
  }),
  'comment.create': route({
    method: 'PUT',
    path: '/project/comment',
    service: 'comments',
    access: onProject(documentBody('documentId'), 'view', editable),
    body: commentCreateBody,
    response: commentWritten,
  }),
  /** The author edits their own comment. */
  'comment.update': route({
    method: 'POST',
    path: '/project/comment',
    service: 'comments',
    access: onProject(documentBody('id'), 'view', editable),
    body: commentUpdateBody,
    response: commentWritten,
  }),
  /** The author, or the project's administrators; a thread's first comment takes its replies with it. */
  'comment.delete': route({
    method: 'DELETE',
    path: '/project/comment/{id}',
    service: 'comments',
    access: onProject(documentParam('id'), 'view', editable),
    params: commentIdParams,
    response: nothing,
  }),
  /** Resolves or reopens a thread (by any of its comments). */
  'comment.resolve': route({
    method: 'POST',
    path: '/project/comment/{id}/resolve',
    service: 'comments',
    access: onProject(documentParam('id'), 'edit', editable),
    params: commentIdParams,
    body: commentResolveBody,
    response: commentView,
  }),
  /** Whether viewers may comment: the project's administrators decide. */
  'comment.policy': route({
    method: 'POST',
    path: '/project/comment-policy',
    service: 'comments',
    access: onProject(body('projectId'), 'admin', editable),
    body: commentPolicyBody,
    response: nothing,
  }),

  'notification.list': route({
    method: 'GET',
    path: '/user/notifications',
    service: 'comments',
    access: SIGNED_IN,
    query: notificationListQuery,
    response: notificationList,
    changing: true,
  }),
  'notification.unread': route({
    method: 'GET',
    path: '/user/notifications/unread',
    service: 'comments',
    access: SIGNED_IN,
    response: unreadCount,
    changing: true,
  }),
  'notification.read': route({
    method: 'POST',
    path: '/user/notifications/read',
    service: 'comments',
    access: SIGNED_IN,
    body: notificationReadBody,
    response: nothing,
  }),
  'notification.readAll': route({
    method: 'POST',
    path: '/user/notifications/read-all',
    service: 'comments',
    access: SIGNED_IN,
    body: notificationReadAllBody,
    response: nothing,
  }),
  'notification.settings': route({
    method: 'GET',
    path: '/user/notification-settings',
    service: 'comments',
    access: SIGNED_IN,
    response: notificationSettings,
  }),
  'notification.updateSettings': route({
    method: 'POST',
    path: '/user/notification-settings',
    service: 'comments',
    access: SIGNED_IN,
    body: notificationSettings,
    response: nothing,
  }),

  /** Whether the caller watches a project, or a folder or document of it (`id` is either). */
  'watch.get': route({
    method: 'GET',
    path: '/project/watch/{id}',
    service: 'comments',
    access: onProject(documentParam('id'), 'view'),
    params: watchTargetParams,
    response: watchState,
  }),
  'watch.add': route({
    method: 'PUT',
    path: '/project/watch/{id}',
    service: 'comments',
    access: onProject(documentParam('id'), 'view'),
    params: watchTargetParams,
    response: watchState,
  }),
  'watch.remove': route({
    method: 'DELETE',
    path: '/project/watch/{id}',
    service: 'comments',
    access: onProject(documentParam('id'), 'view'),
    params: watchTargetParams,
    response: watchState,
  }),
} as const;
