/** Comments on a document: read, written, edited, resolved and deleted (see shared/routes/comments.ts for who may). */
import { atLeast } from '@shared/access';
import { commentBodyProblem } from '@shared/schemas/comment';
import type { ProjectEvent } from '@shared/schemas/events';
import {
  addComment,
  commentsOf,
  deleteComment,
  editComment,
  newCommentRecord,
  requireComment,
  resolveThread,
  setViewersMayComment,
  toCommentView,
  viewersMayComment,
  type CommentRecord,
  type Mentioned,
} from '../../domain/comments';
import { isBinned } from '../../domain/document-bin';
import { nodeAt } from '../../domain/documents';
import { projectAccess } from '../../domain/access-facts';
import { newEvent } from '../../domain/events';
import { deliverToInboxes } from '../../domain/inbox-delivery';
import { editorOf, usersByIds } from '../../domain/users';
import type { ProjectScope } from '../../runtime/access';
import { defineHandlers } from '../../runtime/service';
import { AppError } from '../../core/app-error';

/** A document of the live tree: one in the bin keeps its comments out of reach until it is restored (43014). */
async function liveDocument(project: ProjectScope, documentId: string) {
  const node = await nodeAt(project.item, documentId);
  if (node) return node;
  throw new AppError((await isBinned(project.item.id, documentId)) ? 'documentBinned' : 'notFound');
}

function checkedBody(body: string): string {
  const problem = commentBodyProblem(body);
  if (problem) throw new AppError(problem);
  return body;
}

async function mayComment(project: ProjectScope): Promise<boolean> {
  if (atLeast(project.role, 'edit')) return true;
  return project.role === 'view' && (await viewersMayComment(project.item.id));
}

/**
 * The people a comment mentions, sorted by whether they can read its document: those who can are notified, the
 * others are named back to the writer. Someone who is nobody's account is named by the id that was sent.
 */
async function sortMentions(projectId: string, userIds: string[], authorId: string) {
  const ids = [...new Set(userIds)].filter((id) => id !== authorId);
  const [users, roles] = await Promise.all([
    usersByIds(ids),
    Promise.all(ids.map(async (id) => (await projectAccess(projectId, id)).role)),
  ]);
  const reachable: Mentioned[] = [];
  const unreachable: Mentioned[] = [];
  ids.forEach((userId, i) => {
    const user = users.get(userId);
    const person = { userId, name: user?.nickname ?? userId };
    (user && roles[i] ? reachable : unreachable).push(person);
  });
  return { reachable, unreachable };
}

const excerptOf = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 140 ? `${flat.slice(0, 139)}…` : flat;
};

/**
 * The events a comment makes: `comment.added` for the document's watchers, and `mention` for the people it newly
 * mentions (who hear of it once, as a mention). They are written in the comment's own transaction (the outbox the
 * stream delivers to channels and bells).
 */
function commentEvents(comment: CommentRecord, documentName: string, mentioned: Mentioned[], isNew: boolean): ProjectEvent[] {
  const draft = {
    projectId: comment.projectId,
    actor: { id: comment.authorId, name: comment.authorName },
    subject: { documentId: comment.documentId, name: documentName },
  };
  const details = { commentId: comment.id, excerpt: excerptOf(comment.body) };
  const userIds = mentioned.map((m) => m.userId);
  return [
    ...(isNew ? [newEvent({ ...draft, kind: 'comment.added', details: { ...details, mentioned: userIds } })] : []),
    ...(userIds.length ? [newEvent({ ...draft, kind: 'mention', details: { ...details, userIds } })] : []),
  ];
}

/**
 * The bells hear of a comment at once, from the request that wrote it, so the person mentioned sees it on their
 * next look rather than after the stream's turn; the stream's delivery of the same events then finds each bell
 * item there (keyed by the event) and writes nothing twice. A failure here is left to the stream, which delivers
 * every event whatever happened in the request.
 */
async function ringBells(events: ProjectEvent[], log: { warn: (line: string, fields?: Record<string, unknown>) => void }) {
  for (const event of events) {
    await deliverToInboxes(event).catch((err: unknown) =>
      log.warn('bell delivery left to the stream', { eventId: event.eventId, error: (err as Error).message }),
    );
  }
}

export const commentHandlers = defineHandlers({
  'comment.list': async ({ params }, ctx) => {
    await liveDocument(ctx.project, params.id);
    const [comments, viewersMay, may] = await Promise.all([
      commentsOf(ctx.project.item.id, params.id),
      viewersMayComment(ctx.project.item.id),
      mayComment(ctx.project),
    ]);
    return {
      comments: comments.map(toCommentView),
      mayComment: may,
      mayResolve: atLeast(ctx.project.role, 'edit'),
      mayModerate: atLeast(ctx.project.role, 'admin'),
      viewersMayComment: viewersMay,
    };
  },

  'comment.create': async ({ body }, ctx) => {
    if (!(await mayComment(ctx.project))) throw new AppError('commentsClosedToViewers');
    const text = checkedBody(body.body);
    const node = await liveDocument(ctx.project, body.documentId);
    let parentId: string | null = null;
    if (body.parentId) {
      const parent = await requireComment(body.parentId);
      if (parent.documentId !== node.id) throw new AppError('invalidInput', {}, { fields: { parentId: 'parentId' } });
      parentId = parent.parentId ?? parent.id;
    }
    const [author, mentions] = await Promise.all([
      editorOf(ctx.caller.userId),
      sortMentions(ctx.project.item.id, body.mentions, ctx.caller.userId),
    ]);
    const comment = newCommentRecord({
      documentId: node.id,
      parentId,
      anchor: body.anchor ?? null,
      body: text,
      author,
      mentions: mentions.reachable,
    });
    const events = commentEvents(comment, node.name, mentions.reachable, true);
    await addComment(comment, events);
    await ringBells(events, ctx.log);
    return { comment: toCommentView(comment), unreachable: mentions.unreachable };
  },

  'comment.update': async ({ body }, ctx) => {
    const comment = await requireComment(body.id);
    if (comment.authorId !== ctx.caller.userId) throw new AppError('commentNotYours');
    const text = checkedBody(body.body);
    const node = await liveDocument(ctx.project, comment.documentId);
    const mentions = await sortMentions(ctx.project.item.id, body.mentions, ctx.caller.userId);
    // Only people the edit adds hear of it: those mentioned before were told already.
    const before = new Set(comment.mentions.map((m) => m.userId));
    const added = mentions.reachable.filter((m) => !before.has(m.userId));
    const events = commentEvents({ ...comment, body: text }, node.name, added, false);
    const edited = await editComment(comment, text, mentions.reachable, events);
    await ringBells(events, ctx.log);
    return { comment: toCommentView(edited), unreachable: mentions.unreachable };
  },

  'comment.delete': async ({ params }, ctx) => {
    const comment = await requireComment(params.id);
    if (comment.authorId !== ctx.caller.userId && !atLeast(ctx.project.role, 'admin')) throw new AppError('commentNotYours');
    await liveDocument(ctx.project, comment.documentId);
    await deleteComment(comment);
    return null;
  },

  'comment.resolve': async ({ params, body }, ctx) => {
    const comment = await requireComment(params.id);
    await liveDocument(ctx.project, comment.documentId);
    const thread = await resolveThread(comment, body.resolved, await editorOf(ctx.caller.userId));
    return toCommentView(thread);
  },

  'comment.policy': async ({ body }) => {
    await setViewersMayComment(body.projectId, body.viewersMayComment);
    return null;
  },
});
