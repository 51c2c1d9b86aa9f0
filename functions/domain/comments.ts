/**
 * Comments on documents (issue 38), in the project partition under their document's id: a document in the bin
 * keeps its comments where they are (they simply cannot be read while it is binned) and finds them again when it is
 * restored; the bin's purge deletes them with the rest of the document's data (`deleteDocumentData`).
 *
 * A thread is its first comment and the replies that name it as their parent; a thread's state (resolved or open)
 * lives on its first comment. Each write is conditional on what it was decided from: an edit on the author and the
 * revision read, a resolve on the thread still being there.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { commentView, documentOfComment, type CommentView } from '@shared/schemas/comment';
import { projectIdOfDocument } from '@shared/schemas/document';
import type { ProjectEvent } from '@shared/schemas/events';
import { batchWrite, conditionsOn, exists, getItem, notExists, queryAll, transact, type TransactOp } from '../data/db';
import { defineEntity } from '../data/entity';
import { commentKeys } from '../data/keys';
import { AppError } from '../core/app-error';
import { eventItem } from './events';

// The record is the view and what the view leaves out: its project, who resolved it (by id), its revision.
const commentRecord = lazy(() =>
  commentView.extend({
    projectId: z.string(),
    resolvedBy: z.string().nullable(),
    rev: z.number(),
  }),
);
export type CommentRecord = z.infer<typeof commentRecord>;
export type Mentioned = CommentView['mentions'][number];

const commentEntity = defineEntity({
  name: 'comment',
  schema: commentRecord,
  key: (c: Pick<CommentRecord, 'id'>) => commentKeys.comment(projectIdOfDocument(c.id), documentOfComment(c.id), c.id),
});
const where = conditionsOn<CommentRecord>();

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A comment id: its document's id, then the time in base 36 and some randomness, so a document's comments sort by time. */
export function newCommentId(documentId: string, now = new Date()): string {
  let random = '';
  for (const b of randomBytes(6)) random += ALPHABET[b % ALPHABET.length];
  return `${documentId}_${now.getTime().toString(36).padStart(9, '0')}${random}`;
}

export const toCommentView = ({ projectId: _p, resolvedBy: _by, rev: _rev, ...c }: CommentRecord): CommentView => c;

/** A document's comments, oldest first. */
export async function commentsOf(projectId: string, documentId: string): Promise<CommentRecord[]> {
  return commentEntity.parseAll(await queryAll(commentKeys.commentsOf(projectId, documentId))).sort((a, b) => (a.id < b.id ? -1 : 1));
}

export async function getComment(commentId: string): Promise<CommentRecord | undefined> {
  return commentEntity.parse(await getItem(commentEntity.key({ id: commentId }), { consistent: true }));
}

export async function requireComment(commentId: string): Promise<CommentRecord> {
  const comment = await getComment(commentId);
  if (!comment) throw new AppError('notFound');
  return comment;
}

export interface NewComment {
  documentId: string;
  parentId: string | null;
  anchor: CommentRecord['anchor'];
  body: string;
  author: { id: string; name: string };
  mentions: Mentioned[];
}

export function newCommentRecord(input: NewComment, now = new Date()): CommentRecord {
  return {
    id: newCommentId(input.documentId, now),
    projectId: projectIdOfDocument(input.documentId),
    documentId: input.documentId,
    parentId: input.parentId,
    // A reply sits in its thread, which is where the anchor is.
    anchor: input.parentId ? null : input.anchor,
    body: input.body,
    authorId: input.author.id,
    authorName: input.author.name,
    createdAt: now.toISOString(),
    editedAt: null,
    mentions: input.mentions,
    resolved: false,
    resolvedBy: null,
    resolvedByName: null,
    resolvedAt: null,
    rev: 1,
  };
}

/** The outbox items of a comment's events, written in the comment's own transaction. */
const outboxOps = (events: readonly ProjectEvent[]): TransactOp[] => events.map((event) => ({ put: eventItem(event), when: notExists() }));

/**
 * Writes a new comment with the events it makes (the outbox), in one transaction; a reply only while its thread is
 * still there.
 */
export async function addComment(comment: CommentRecord, events: readonly ProjectEvent[] = []): Promise<void> {
  await transact([
    commentEntity.putOp(comment, notExists()),
    ...(comment.parentId
      ? [{ check: commentEntity.key({ id: comment.parentId }), when: exists(), failure: () => new AppError('notFound') }]
      : []),
    ...outboxOps(events),
  ]);
}

/** The author's edit of their comment, on the revision they read, with the events it makes (the outbox). */
export async function editComment(
  comment: CommentRecord,
  body: string,
  mentions: Mentioned[],
  events: readonly ProjectEvent[] = [],
  now = new Date(),
): Promise<CommentRecord> {
  const edited: CommentRecord = { ...comment, body, mentions, editedAt: now.toISOString(), rev: comment.rev + 1 };
  await transact([
    commentEntity.putOp(edited, where.eq('rev', comment.rev), (item) => new AppError(item ? 'conflict' : 'notFound')),
    ...outboxOps(events),
  ]);
  return edited;
}

/** Resolves or reopens the thread a comment belongs to; answers its first comment. */
export async function resolveThread(
  comment: CommentRecord,
  resolved: boolean,
  editor: { id: string; name: string },
  now = new Date(),
): Promise<CommentRecord> {
  const rootId = comment.parentId ?? comment.id;
  return commentEntity.update(
    { id: rootId },
    {
      set: resolved
        ? { resolved, resolvedBy: editor.id, resolvedByName: editor.name, resolvedAt: now.toISOString() }
        : { resolved, resolvedBy: null, resolvedByName: null, resolvedAt: null },
      bumpRev: true,
    },
    { when: exists(), failure: () => new AppError('notFound') },
  );
}

/** Deletes a comment; a thread's first comment takes its replies with it. */
export async function deleteComment(comment: CommentRecord): Promise<void> {
  const replies = comment.parentId
    ? []
    : (await commentsOf(comment.projectId, comment.documentId)).filter((c) => c.parentId === comment.id);
  // Replies first: a delete that stops half way leaves a thread with fewer replies, never replies without a thread.
  if (replies.length) await batchWrite({ deletes: replies.map((r) => commentEntity.key(r)) });
  await transact([{ delete: commentEntity.key(comment), when: exists(), failure: () => new AppError('notFound') }]);
}

/** How many comments each document has (the document header's count comes with the list; this is for tests and tools). */
export const commentCount = async (projectId: string, documentId: string) => (await commentsOf(projectId, documentId)).length;

// The project's policy ------------------------------------------------------------------------------------------

const policyRecord = lazy(() => z.object({ projectId: z.string(), viewersMayComment: z.boolean() }));
const policyEntity = defineEntity({
  name: 'commentPolicy',
  schema: policyRecord,
  key: (p: { projectId: string }) => commentKeys.policy(p.projectId),
});

/** Whether viewers may comment: yes until the project's administrators say otherwise (asking is how reviews start). */
export async function viewersMayComment(projectId: string): Promise<boolean> {
  return policyEntity.parse(await getItem(commentKeys.policy(projectId)))?.viewersMayComment ?? true;
}

export async function setViewersMayComment(projectId: string, allowed: boolean): Promise<void> {
  await policyEntity.put({ projectId, viewersMayComment: allowed });
}
