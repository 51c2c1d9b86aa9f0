/**
 * Comments on documents, @mentions, watching and the bell (issue 38), through the comments service: threads
 * anchored or general, resolved by editors, edited and deleted by their authors; bodies refused when too long or
 * invisible, in the reader's language; viewers commenting as the project allows; a mention notifies those who can
 * read the document and names back those who cannot; comments go to the bin with their document and come back with
 * it; watchers hear of comments and changes; and the bell counts, lists, filters and marks them read.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteRequest } from '@shared/routes';
import { queryAll } from '../../functions/data/db';
import { commentKeys } from '../../functions/data/keys';
import { latestEvents, newEventId } from '../../functions/domain/events';
import { deliverEvent } from '../../functions/notify/deliver';
import { deliverToInboxes } from '../../functions/domain/inbox-delivery';
import { assignMember } from '../../functions/domain/members';
import { deliverySettingsOf, forgetNotificationsOf } from '../../functions/domain/notifications';
import { purgeBinEntry } from '../../functions/domain/project-purge';
import { DAY_MS } from '../../functions/domain/projects';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
/** Each test signs up four people and makes a project through the API: on a loaded two-core machine, many seconds. */
const SLOW = { timeout: 120_000 };

/** A project with its creator, an editor, a viewer and a stranger, and a document and a folder with a document in it. */
async function team() {
  const [owner, editor, viewer, stranger] = await Promise.all([signUp('Owner'), signUp('Editor'), signUp('Viewer'), signUp('Stranger')]);
  const project = (await api.call('project.create', { token: owner.token, body: { name: 'Talk' } })).data;
  await assignMember(project.id, editor.userId, 'edit');
  await assignMember(project.id, viewer.userId, 'view');
  const create = async (body: Omit<RouteRequest<'document.create'>['body'], 'projectId'>, token = owner.token) => {
    const res = await api.call('document.create', { token, body: { projectId: project.id, ...body } });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  const doc = await create({ name: 'Orders API', content: { markdown: 'orders' } });
  const folder = await create({ type: 'folder', name: 'Users' });
  const inFolder = await create({ name: 'Create user', parentId: folder.id, content: { markdown: 'users' } }, editor.token);
  const comment = (token: string, body: Omit<RouteRequest<'comment.create'>['body'], 'documentId'>, documentId = doc.id) =>
    api.call('comment.create', { token, body: { documentId, ...body } });
  const list = (token: string, documentId = doc.id) => api.call('comment.list', { token, params: { id: documentId } });
  const bell = (token: string, query: RouteRequest<'notification.list'>['query'] = {}) =>
    api.call('notification.list', { token, query }).then((r) => r.data);
  return { owner, editor, viewer, stranger, project, doc, folder, inFolder, create, comment, list, bell };
}

describe('comments on a document', SLOW, () => {
  it('hold general and anchored threads with replies, oldest first; editors resolve and reopen, authors edit and delete their own', async () => {
    const t = await team();
    const general = await t.comment(t.viewer.token, { body: 'Is **page** 1-based?' });
    expect(general.code, general.message).toBe(0);
    const anchor = { section: 'reqQuery' as const, row: 'page', label: 'page' };
    const anchored = (await t.comment(t.editor.token, { body: 'Max 100?', anchor })).data.comment;
    expect(anchored.anchor).toEqual(anchor);
    // A reply to a reply joins the thread of its first comment, and carries no anchor of its own.
    const reply = (await t.comment(t.owner.token, { body: 'Yes', parentId: anchored.id, anchor })).data.comment;
    const replyToReply = (await t.comment(t.viewer.token, { body: 'Thanks', parentId: reply.id })).data.comment;
    expect([reply.parentId, replyToReply.parentId, reply.anchor]).toEqual([anchored.id, anchored.id, null]);

    const listed = (await t.list(t.viewer.token)).data;
    expect(listed.comments.map((c) => [c.body, c.authorName])).toEqual([
      ['Is **page** 1-based?', 'Viewer'],
      ['Max 100?', 'Editor'],
      ['Yes', 'Owner'],
      ['Thanks', 'Viewer'],
    ]);
    expect(listed).toMatchObject({ mayComment: true, mayResolve: false, mayModerate: false, viewersMayComment: true });
    expect((await t.list(t.owner.token)).data).toMatchObject({ mayResolve: true, mayModerate: true });

    // Viewers do not resolve (the route's rule); an editor resolves a thread by any of its comments, and reopens it.
    expect((await api.call('comment.resolve', { token: t.viewer.token, params: { id: anchored.id }, body: { resolved: true } })).code).toBe(
      ERRORS.forbidden.code,
    );
    const resolved = await api.call('comment.resolve', {
      token: t.editor.token,
      params: { id: replyToReply.id },
      body: { resolved: true },
    });
    expect(resolved.data).toMatchObject({ id: anchored.id, resolved: true, resolvedByName: 'Editor' });
    const reopened = await api.call('comment.resolve', { token: t.owner.token, params: { id: anchored.id }, body: { resolved: false } });
    expect(reopened.data).toMatchObject({ resolved: false, resolvedByName: null });

    // Authors edit their own, nobody else's; an administrator may delete anyone's, a viewer only their own.
    const edit = (token: string, id: string, body: string) => api.call('comment.update', { token, body: { id, body, mentions: [] } });
    expect((await edit(t.owner.token, general.data.comment.id, 'Hijacked')).code).toBe(ERRORS.commentNotYours.code);
    const edited = (await edit(t.viewer.token, general.data.comment.id, 'Is `page` 1-based?')).data.comment;
    expect(edited.body).toBe('Is `page` 1-based?');
    expect(edited.editedAt).not.toBeNull();
    const del = (token: string, id: string) => api.call('comment.delete', { token, params: { id } });
    expect((await del(t.viewer.token, anchored.id)).code).toBe(ERRORS.commentNotYours.code);
    // A thread's first comment takes its replies with it.
    expect((await del(t.owner.token, anchored.id)).code).toBe(0);
    expect((await t.list(t.viewer.token)).data.comments.map((c) => c.body)).toEqual(['Is `page` 1-based?']);
    expect((await del(t.viewer.token, general.data.comment.id)).code).toBe(0);
    expect((await t.list(t.viewer.token)).data.comments).toEqual([]);
  });

  it('refuses a body over 10,000 characters or made only of invisible characters, with the message in the reader’s language', async () => {
    const t = await team();
    expect((await t.comment(t.editor.token, { body: '字'.repeat(10_000) })).code).toBe(0);
    const long = await t.comment(t.editor.token, { body: 'x'.repeat(10_001) });
    expect([long.code, long.message]).toEqual([ERRORS.commentTooLong.code, '评论最多 10,000 个字符']);
    for (const body of ['', '   \n\t', '\u200b\u200c\u200d\ufeff', '\u3164\u2800\u00ad', '\u{e0020}\u{e0041}']) {
      const blank = await api.call('comment.create', {
        token: t.editor.token,
        headers: { 'accept-language': 'en' },
        body: { documentId: t.doc.id, body, mentions: [] },
      });
      expect([blank.code, blank.message], JSON.stringify(body)).toEqual([
        ERRORS.commentBlank.code,
        'A comment cannot be only blank or invisible characters',
      ]);
    }
    // An edit is held to the same rule.
    const mine = (await t.comment(t.editor.token, { body: 'fine' })).data.comment;
    const blanked = await api.call('comment.update', { token: t.editor.token, body: { id: mine.id, body: '\u200b', mentions: [] } });
    expect(blanked.code).toBe(ERRORS.commentBlank.code);
  });

  it('lets viewers comment until the project’s administrators say otherwise; anyone who reads a public project reads its comments', async () => {
    const t = await team();
    expect((await t.comment(t.viewer.token, { body: 'May I?' })).code).toBe(0);
    const policy = (token: string, viewersMayComment: boolean) =>
      api.call('comment.policy', { token, body: { projectId: t.project.id, viewersMayComment } });
    expect((await policy(t.editor.token, false)).code).toBe(ERRORS.forbidden.code);
    expect((await policy(t.owner.token, false)).code).toBe(0);
    const closed = await t.comment(t.viewer.token, { body: 'And now?' });
    expect([closed.code, closed.message]).toEqual([ERRORS.commentsClosedToViewers.code, '该项目只允许编辑者发表评论']);
    expect((await t.list(t.viewer.token)).data).toMatchObject({ mayComment: false, viewersMayComment: false });
    expect((await t.comment(t.editor.token, { body: 'Editors still may' })).code).toBe(0);

    // A stranger reads nothing of a private project; once it is public, its comments are read by anyone (not written).
    expect((await t.list(t.stranger.token)).code).toBe(ERRORS.forbidden.code);
    const project = (await api.call('project.get', { token: t.owner.token, params: { id: t.project.id } })).data;
    await api.call('project.update', { token: t.owner.token, body: { id: t.project.id, rev: project.rev, visibility: 'public' } });
    const asGuest = await api.call('comment.list', { params: { id: t.doc.id } });
    expect(asGuest.data.comments.map((c) => c.body)).toEqual(['May I?', 'Editors still may']);
    expect(asGuest.data.mayComment).toBe(false);
    expect((await t.comment(t.stranger.token, { body: 'Guest here' })).code).toBe(ERRORS.forbidden.code);
  });

  it('go to the bin with their document, come back with it, and are destroyed with it by the purge', async () => {
    const t = await team();
    const c = (await t.comment(t.editor.token, { body: 'Keep me' })).data.comment;
    expect((await api.call('document.delete', { token: t.owner.token, params: { id: t.doc.id } })).code).toBe(0);
    expect((await t.list(t.editor.token)).code).toBe(ERRORS.documentBinned.code);
    expect((await t.comment(t.editor.token, { body: 'Into the bin?' })).code).toBe(ERRORS.documentBinned.code);
    expect((await api.call('document.binRestore', { token: t.owner.token, params: { id: t.doc.id } })).code).toBe(0);
    expect((await t.list(t.editor.token)).data.comments.map((x) => x.id)).toEqual([c.id]);
    // A save keeps them (history is kept beside them, not instead of them). (Rev 3: the move to the bin and back
    // were revisions 2 and 3.)
    expect(
      (await api.call('document.update', { token: t.owner.token, body: { id: t.doc.id, rev: 3, content: { markdown: 'orders v2' } } }))
        .code,
    ).toBe(0);
    expect((await t.list(t.editor.token)).data.comments).toHaveLength(1);

    expect((await api.call('document.delete', { token: t.owner.token, params: { id: t.doc.id } })).code).toBe(0);
    const purged = await purgeBinEntry(t.project.id, t.doc.id, new Date(Date.now() + 31 * DAY_MS));
    expect(purged.done).toBe(true);
    expect(await queryAll(commentKeys.commentsOf(t.project.id, t.doc.id))).toEqual([]);
  });
});

describe('mentions and the bell', SLOW, () => {
  it('notifies a mentioned member who can read the document, and tells the writer whom it could not reach', async () => {
    const t = await team();
    const res = await t.comment(t.editor.token, {
      body: '@Viewer @Stranger please check',
      mentions: [t.viewer.userId, t.stranger.userId, t.editor.userId],
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.unreachable).toEqual([{ userId: t.stranger.userId, name: 'Stranger' }]);
    expect(res.data.comment.mentions).toEqual([{ userId: t.viewer.userId, name: 'Viewer' }]);

    expect((await api.call('notification.unread', { token: t.viewer.token })).data.unread).toBe(1);
    const viewerBell = await t.bell(t.viewer.token);
    expect(viewerBell.items).toEqual([
      expect.objectContaining({
        kind: 'mention',
        projectId: t.project.id,
        projectName: 'Talk',
        documentId: t.doc.id,
        subjectName: 'Orders API',
        actorName: 'Editor',
        excerpt: '@Viewer @Stranger please check',
        commentId: res.data.comment.id,
        read: false,
      }),
    ]);
    // The stranger hears nothing; the writer hears nothing of their own comment. The owner watches the document
    // they made, so hears of the comment, once, as a comment.
    expect((await t.bell(t.stranger.token)).items).toEqual([]);
    expect((await t.bell(t.editor.token)).items).toEqual([]);
    expect((await t.bell(t.owner.token)).items.map((n) => n.kind)).toEqual(['comment.added']);

    // The comment wrote its events in its own transaction (the outbox); the stream's delivery of them, to the
    // channels and again to the bells, finds each bell item there and writes nothing twice.
    const events = (await latestEvents(t.project.id)).filter((e) => e.subject.documentId === t.doc.id);
    expect(events.map((e) => [e.kind, e.details.commentId])).toEqual(
      expect.arrayContaining([
        ['comment.added', res.data.comment.id],
        ['mention', res.data.comment.id],
      ]),
    );
    expect(events.find((e) => e.kind === 'mention')!.details.userIds).toEqual([t.viewer.userId]);
    for (const event of events) await deliverEvent(event);
    expect((await t.bell(t.viewer.token)).items).toHaveLength(1);
    expect((await t.bell(t.owner.token)).items).toHaveLength(1);

    // An edit that adds a mention tells only the person it adds.
    const edited = await api.call('comment.update', {
      token: t.editor.token,
      body: { id: res.data.comment.id, body: '@Viewer @Owner please check', mentions: [t.viewer.userId, t.owner.userId] },
    });
    expect(edited.data.unreachable).toEqual([]);
    expect((await t.bell(t.viewer.token)).items).toHaveLength(1);
    expect((await t.bell(t.owner.token)).items.map((n) => n.kind)).toEqual(['mention', 'comment.added']);
  });

  it('marks read one by one or all at once, filters by project, and stays quiet for someone who turned it off', async () => {
    const t = await team();
    const other = await team();
    await assignMember(other.project.id, t.viewer.userId, 'view');
    for (const body of ['one', 'two']) await t.comment(t.editor.token, { body: `@Viewer ${body}`, mentions: [t.viewer.userId] });
    await other.comment(other.editor.token, { body: '@Viewer elsewhere', mentions: [t.viewer.userId] });

    const all = await t.bell(t.viewer.token);
    expect([all.unread, all.items.map((n) => n.excerpt)]).toEqual([3, ['@Viewer elsewhere', '@Viewer two', '@Viewer one']]);
    expect((await t.bell(t.viewer.token, { projectId: other.project.id })).items.map((n) => n.excerpt)).toEqual(['@Viewer elsewhere']);

    expect((await api.call('notification.read', { token: t.viewer.token, body: { ids: [all.items[1]!.id] } })).code).toBe(0);
    // Someone else's ids mark nothing of theirs.
    await api.call('notification.read', { token: t.editor.token, body: { ids: [all.items[0]!.id] } });
    expect((await t.bell(t.viewer.token, { unread: 'true' })).items.map((n) => n.excerpt)).toEqual(['@Viewer elsewhere', '@Viewer one']);
    await api.call('notification.readAll', { token: t.viewer.token, body: { projectId: t.project.id } });
    expect((await api.call('notification.unread', { token: t.viewer.token })).data.unread).toBe(1);
    await api.call('notification.readAll', { token: t.viewer.token, body: {} });
    expect((await t.bell(t.viewer.token)).unread).toBe(0);

    // Settings: the bell by default and no email; off means no notification at all.
    expect((await api.call('notification.settings', { token: t.viewer.token })).data).toEqual({ inApp: true, email: 'off' });
    await api.call('notification.updateSettings', { token: t.viewer.token, body: { inApp: false, email: 'digest' } });
    expect((await api.call('notification.settings', { token: t.viewer.token })).data).toEqual({ inApp: false, email: 'digest' });
    // The mail's language is the one the settings were saved in (the app sends it with every request).
    expect((await deliverySettingsOf(t.viewer.userId)).language).toBe('zh');
    const en = { token: t.viewer.token, headers: { 'accept-language': 'en' } };
    await api.call('notification.updateSettings', { ...en, body: { inApp: false, email: 'digest' } });
    expect((await deliverySettingsOf(t.viewer.userId)).language).toBe('en');
    await api.call('notification.updateSettings', { token: t.viewer.token, body: { inApp: false, email: 'digest' } });
    await t.comment(t.editor.token, { body: '@Viewer anyone?', mentions: [t.viewer.userId] });
    expect((await t.bell(t.viewer.token)).items).toHaveLength(3);

    // Leaving the product takes the bell and its settings along.
    await forgetNotificationsOf(t.viewer.userId);
    expect((await t.bell(t.viewer.token)).items).toEqual([]);
    expect((await api.call('notification.settings', { token: t.viewer.token })).data).toEqual({ inApp: true, email: 'off' });
  });
});

describe('watching', SLOW, () => {
  it('members watch what they create; a watch of a folder or project brings its documents’ changes to the bell, once per event', async () => {
    const t = await team();
    const watch = (token: string, id: string) => api.call('watch.get', { token, params: { id } }).then((r) => r.data);
    expect(await watch(t.owner.token, t.doc.id)).toEqual({ watching: true, inherited: true });
    expect(await watch(t.editor.token, t.inFolder.id)).toEqual({ watching: true, inherited: false });
    expect(await watch(t.viewer.token, t.inFolder.id)).toEqual({ watching: false, inherited: false });
    expect((await api.call('watch.add', { token: t.viewer.token, params: { id: t.folder.id } })).data).toEqual({
      watching: true,
      inherited: false,
    });
    expect(await watch(t.viewer.token, t.inFolder.id)).toEqual({ watching: false, inherited: true });
    // A stranger watches nothing of a private project.
    expect((await api.call('watch.add', { token: t.stranger.token, params: { id: t.project.id } })).code).toBe(ERRORS.forbidden.code);

    // A change to the document in the folder: its creator (the editor) made it, so the owner (the project's
    // creator, watching the project) and the viewer (watching the folder) hear of it.
    const event = {
      eventId: newEventId(),
      projectId: t.project.id,
      kind: 'document.updated' as const,
      actorId: t.editor.userId,
      actorName: 'Editor',
      at: new Date().toISOString(),
      subject: { documentId: t.inFolder.id, name: 'Create user' },
      details: { changedFields: ['path'] },
    };
    expect((await deliverToInboxes(event)).sort()).toEqual([t.owner.userId, t.viewer.userId].sort());
    // A delivery tried again writes nothing twice.
    await deliverToInboxes(event);
    expect((await t.bell(t.viewer.token)).items.map((n) => [n.kind, n.subjectName, n.actorName])).toEqual([
      ['document.updated', 'Create user', 'Editor'],
    ]);

    // The owner stops watching the folder (nearer than the project), and hears nothing more from it.
    expect((await api.call('watch.remove', { token: t.owner.token, params: { id: t.folder.id } })).data).toEqual({
      watching: false,
      inherited: true,
    });
    expect(await deliverToInboxes({ ...event, eventId: newEventId() })).toEqual([t.viewer.userId]);
    // Someone removed from the project hears nothing more, whatever they watched.
    await api.call('member.remove', { token: t.owner.token, params: { projectId: t.project.id, userId: t.viewer.userId } });
    expect(await deliverToInboxes({ ...event, eventId: newEventId() })).toEqual([]);
  });
});
