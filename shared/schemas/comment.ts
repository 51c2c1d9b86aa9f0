/**
 * Comments on documents, the bell's notifications, watching and per-user notification settings (issue 38).
 *
 * A comment's id is its document's id with a suffix (`<projectId>_<docSuffix>_<commentSuffix>`), so a route that
 * names only a comment still finds its project (and document) without a read, like a document id does.
 */
import * as z from 'zod';
import { LIMITS } from '../constants';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { DOCUMENT_ID_PATTERN } from './document-kinds';
import { documentIdSchema } from './document';

/** What a comment body may hold: at most this many characters. */
export const COMMENT_MAX_CHARS = LIMITS.commentChars;
/** People one comment may mention. */
export const COMMENT_MAX_MENTIONS = 20;

/**
 * White space and the characters that show as nothing: zero-width spaces and joiners, word joiner and invisible
 * operators, the byte-order mark, soft hyphen, Hangul and braille fillers, variation selectors, tag characters,
 * and direction marks. A comment of only these would show as an empty bubble.
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- combining marks that show as nothing are listed on purpose
  /[\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u2800\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}\u{e0100}-\u{e01ef}]/gu;

/** Why a comment body is refused, if it is: too long, or nothing visible. The API and the editor ask the same. */
export function commentBodyProblem(body: string): 'commentTooLong' | 'commentBlank' | undefined {
  if ([...body].length > COMMENT_MAX_CHARS) return 'commentTooLong';
  if (body.replace(INVISIBLE, '') === '') return 'commentBlank';
  return undefined;
}

const COMMENT_ID_PATTERN = new RegExp(`^${DOCUMENT_ID_PATTERN.source.slice(1, -1)}_[A-Za-z0-9]{8,32}$`);
export const commentIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(COMMENT_ID_PATTERN, { error: vKey('id') }),
);
/** The document a comment is on: its id without the comment's suffix. */
export const documentOfComment = (commentId: string) => commentId.slice(0, commentId.lastIndexOf('_'));

/** Where in an HTTP API a comment is anchored: a parameter row or a response field. */
export const ANCHOR_SECTIONS = ['reqQuery', 'reqPath', 'reqBody', 'reqHeaders', 'respBody', 'respHeaders'] as const;
export type AnchorSection = (typeof ANCHOR_SECTIONS)[number];

export const commentAnchor = lazy(() =>
  z.object({
    section: z.enum(ANCHOR_SECTIONS),
    /** The response's status, for the response sections. */
    status: z.string().max(16).optional(),
    /** The row's key in its table (its path of row ids), which stays put while the row is renamed. */
    row: z.string().min(1).max(1_000),
    /** The row's name as it was when the comment was written: what the comment shows if the row goes away. */
    label: z.string().max(500),
  }),
);
export type CommentAnchor = z.infer<typeof commentAnchor>;

/** The same row: the anchor a row's marker looks for. */
export const sameAnchor = (a: Pick<CommentAnchor, 'section' | 'status' | 'row'>, b: Pick<CommentAnchor, 'section' | 'status' | 'row'>) =>
  a.section === b.section && (a.status ?? '') === (b.status ?? '') && a.row === b.row;

const userIdSchema = lazy(() => z.string().min(1).max(64));
/** A body is checked by `commentBodyProblem` (its own codes); this cap only bounds what a request may carry. */
const bodyText = lazy(() => z.string().max(COMMENT_MAX_CHARS * 4));
const mentionIds = lazy(() => z.array(userIdSchema).max(COMMENT_MAX_MENTIONS).default([]));

export const commentCreateBody = lazy(() =>
  z.object({
    documentId: documentIdSchema,
    body: bodyText,
    /** A reply: the thread's first comment (a reply to a reply joins the same thread). */
    parentId: commentIdSchema.optional(),
    anchor: commentAnchor.optional(),
    /** The people the body mentions (the editor's `@` picks them from the project's members). */
    mentions: mentionIds,
  }),
);
export const commentUpdateBody = lazy(() => z.object({ id: commentIdSchema, body: bodyText, mentions: mentionIds }));
export const commentIdParams = lazy(() => z.object({ id: commentIdSchema }));
export const commentResolveBody = lazy(() => z.object({ resolved: z.boolean() }));
export const commentPolicyBody = lazy(() => z.object({ projectId: z.string().min(1).max(64), viewersMayComment: z.boolean() }));

const person = lazy(() => z.object({ userId: z.string(), name: z.string() }));

export const commentView = lazy(() =>
  z.object({
    id: z.string(),
    documentId: z.string(),
    /** The thread's first comment, for a reply; null for a thread's first comment. */
    parentId: z.string().nullable(),
    anchor: commentAnchor.nullable(),
    body: z.string(),
    authorId: z.string(),
    authorName: z.string(),
    createdAt: z.string(),
    /** When the author last edited it; null if never. */
    editedAt: z.string().nullable(),
    mentions: z.array(person),
    /** A thread's state (on its first comment): resolved by an editor, or open. */
    resolved: z.boolean(),
    resolvedByName: z.string().nullable(),
    resolvedAt: z.string().nullable(),
  }),
);
export type CommentView = z.infer<typeof commentView>;

/** A document's comments, oldest first, with what the reader may do here. */
export const commentList = lazy(() =>
  z.object({
    comments: z.array(commentView),
    /** Whether the reader may write comments here (viewers only where the project allows it). */
    mayComment: z.boolean(),
    /** Whether the reader may resolve and reopen threads (editors). */
    mayResolve: z.boolean(),
    /** Whether the reader may delete others' comments (the project's administrators and creator). */
    mayModerate: z.boolean(),
    viewersMayComment: z.boolean(),
  }),
);
export type CommentList = z.infer<typeof commentList>;

/** A written comment, and the people it mentioned who cannot read the document: they were not notified. */
export const commentWritten = lazy(() => z.object({ comment: commentView, unreachable: z.array(person) }));
export type CommentWritten = z.infer<typeof commentWritten>;

// The bell ---------------------------------------------------------------------------------------------------------

export const NOTIFICATION_KINDS = [
  'mention',
  'comment.added',
  'document.created',
  'document.updated',
  'document.deleted',
  'document.moved',
  'document.restored',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationView = lazy(() =>
  z.object({
    id: z.string(),
    kind: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    documentId: z.string().nullable(),
    /** The document's (or folder's) name when it happened. */
    subjectName: z.string(),
    actorName: z.string(),
    /** A short excerpt of a comment, for comments and mentions. */
    excerpt: z.string().nullable(),
    commentId: z.string().nullable(),
    at: z.string(),
    read: z.boolean(),
  }),
);
export type NotificationView = z.infer<typeof notificationView>;

export const notificationListQuery = lazy(() =>
  z.object({ projectId: z.string().min(1).max(64).optional(), unread: z.enum(['true', 'false']).optional() }),
);
export const notificationList = lazy(() => z.object({ items: z.array(notificationView), unread: z.number() }));
export const unreadCount = lazy(() => z.object({ unread: z.number() }));
export const notificationReadBody = lazy(() => z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(100) }));
export const notificationReadAllBody = lazy(() => z.object({ projectId: z.string().min(1).max(64).optional() }));

// Watching -------------------------------------------------------------------------------------------------------

/** A project, or a folder or document of it, by id (a document id names its project: see the header). */
export const watchTargetParams = lazy(() =>
  z.object({
    id: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .refine((id) => /^[A-Za-z0-9-]{1,64}$/.test(id) || DOCUMENT_ID_PATTERN.test(id), { error: vKey('id') }),
  }),
);
export const watchState = lazy(() =>
  z.object({
    /** Watched itself. */
    watching: z.boolean(),
    /** Watched through a folder above it or its project (what reaches the reader even when `watching` is false). */
    inherited: z.boolean(),
  }),
);

// Per-user settings ----------------------------------------------------------------------------------------------

export const EMAIL_MODES = ['off', 'instant', 'digest'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const notificationSettings = lazy(() => z.object({ inApp: z.boolean(), email: z.enum(EMAIL_MODES) }));
export type NotificationSettings = z.infer<typeof notificationSettings>;
/** Until a person says otherwise: the bell, no email. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { inApp: true, email: 'off' };
