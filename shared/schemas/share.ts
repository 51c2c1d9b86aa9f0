/**
 * Share links (spec sections 3 and 7) and frozen releases. A share names chosen documents (a folder brings its
 * subtree; none: the whole project), expires, may have a read password, and may share a release instead of the
 * live project. Readers get a share token for the follow-up reads (the `share-token` header).
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { LIMITS } from '../constants';
import { vKey } from '../messages';
import { plainName } from '../text';
import { documentIdSchema, documentTreeNode } from './document';
import { idSchema } from './project';

export const releaseVersion = lazy(() =>
  z
    .string({ error: vKey('releaseVersion') })
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, { error: vKey('releaseVersion') }),
);

export const shareName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('shareName') })
      .trim()
      .min(1, { error: vKey('shareName') })
      .max(LIMITS.shareName, { error: vKey('shareName') }),
  ),
);

/** `<projectId>_<22 random characters>`: the id names its project, and 128 bits of it are unguessable. */
export const shareIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}_[A-Za-z0-9_-]{22}$/, { error: vKey('id') }),
);
export const projectIdOfShare = (shareId: string) => shareId.slice(0, shareId.indexOf('_'));

const expireAt = lazy(() =>
  z.iso
    .datetime({ offset: true, error: vKey('shareExpiry') })
    .refine((v) => Date.parse(v) > Date.now(), { error: vKey('shareExpiry') })
    .transform((v) => new Date(v).toISOString()),
);

export const shareCreateBody = lazy(() =>
  z.object({
    projectId: idSchema,
    name: shareName,
    /** The chosen documents; empty or absent: the whole project. */
    docIds: z.array(documentIdSchema).max(1_000).default([]),
    expireAt,
    /** Empty means none. */
    password: z.string().max(LIMITS.passwordMax).default(''),
    /** A release to share instead of the live project. */
    version: releaseVersion.nullish().transform((v) => v || null),
    /** Whether the share's readers may export what it holds (issue 23); off unless asked for. */
    allowExport: z.boolean().default(false),
  }),
);

/** An update names the share; a new password or a shorter expiry revokes every token issued before. */
export const shareUpdateBody = lazy(() =>
  shareCreateBody.extend({
    id: shareIdSchema,
    /** Absent keeps the password as it is; empty removes it. */
    password: z.string().max(LIMITS.passwordMax).optional(),
  }),
);

export const shareView = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    docIds: z.array(z.string()),
    expireAt: z.string(),
    hasPassword: z.boolean(),
    version: z.string().nullable(),
    allowExport: z.boolean(),
    createdBy: z.string(),
    createdByName: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type ShareView = z.infer<typeof shareView>;

export const shareIdParams = lazy(() => z.object({ id: shareIdSchema }));

/** What a share shows its reader: its name, expiry, project, and the tree limited to its scope. */
export const shareContent = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    expireAt: z.string(),
    projectId: z.string(),
    projectName: z.string(),
    version: z.string().nullable(),
    tree: z.array(documentTreeNode),
    /** Whether the reader may export what the share holds (the share's setting; the export call checks it too). */
    allowExport: z.boolean(),
    /** For the follow-up reads (the `share-token` header). */
    shareToken: z.string(),
  }),
);
export type ShareContent = z.infer<typeof shareContent>;

/** POST /project/document/share-code/assertion/{id} takes a form body (spec section 7). */
export const shareAssertionBody = lazy(() =>
  z.object({
    password: z
      .string()
      .max(LIMITS.passwordMax * 4)
      .default(''),
  }),
);
export const shareTokenResult = lazy(() => z.object({ shareToken: z.string() }));

export const releasePublishBody = lazy(() =>
  z.object({
    projectId: idSchema,
    version: releaseVersion,
    desc: z.string().trim().max(2_000).default(''),
  }),
);
export const releaseView = lazy(() =>
  z.object({
    projectId: z.string(),
    version: z.string(),
    desc: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    createdAt: z.string(),
    documentCount: z.number(),
  }),
);
export type ReleaseView = z.infer<typeof releaseView>;
/** The version offered next, and the verdict against the latest release it follows from (none before the first). */
export const nextVersion = lazy(() => z.object({ version: z.string(), bump: z.enum(['major', 'minor', 'patch']).optional() }));

/**
 * How a plain HTTP client (an AI assistant, curl) reads a password-protected share's `llms.txt` and markdown
 * (issue 26): the `share-token` header or query parameter (a token from the assertion, or the one the index's
 * links carry), or the password itself as `?password=`, checked and counted like an assertion's guess.
 */
export const shareTextQuery = lazy(() =>
  z.object({
    password: z
      .string()
      .max(LIMITS.passwordMax * 4)
      .optional(),
    'share-token': z.string().max(200).optional(),
  }),
);
export const shareDocumentParams = lazy(() => z.object({ id: shareIdSchema, docId: documentIdSchema }));
/** A markdown text: the body of the answer itself, not an envelope's data. */
export const markdownText = lazy(() => z.string());
