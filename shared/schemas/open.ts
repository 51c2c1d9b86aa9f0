/**
 * Project tokens and the open API (issue 26). Editors make tokens for a project (a name, scopes, an expiry; the
 * secret shown once, stored hashed); CI and tools call /open/v1 with `Authorization: Bearer apl_…`. The open
 * routes reuse the import and export jobs: the same job, options and report as the import screen.
 */
import * as z from 'zod';
import { IMPORT_FORMATS, LOCALES, PROJECT_TOKEN_MAX_DAYS, PROJECT_TOKEN_SCOPES } from '../constants';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { plainText, stripBidiControls } from '../text';
import { DOCUMENT_TYPES } from './document-kinds';
import { documentIdSchema } from './document';
import { EXPORT_FORMATS } from './export';
import { importJobIdSchema, importJobView, importOptions } from './import';
import { idSchema } from './project';

export const projectTokenScopes = lazy(() =>
  z
    .array(z.enum(PROJECT_TOKEN_SCOPES, { error: vKey('tokenScopes') }), { error: vKey('tokenScopes') })
    .min(1, { error: vKey('tokenScopes') })
    .max(PROJECT_TOKEN_SCOPES.length, { error: vKey('tokenScopes') })
    .transform((scopes) => PROJECT_TOKEN_SCOPES.filter((s) => scopes.includes(s))),
);

export const projectTokenCreateBody = lazy(() =>
  z.object({
    projectId: idSchema,
    name: plainText(
      z
        .string({ error: vKey('tokenName') })
        .trim()
        .min(1, { error: vKey('tokenName') })
        .max(64, { error: vKey('tokenName') }),
    ).transform(stripBidiControls),
    scopes: projectTokenScopes,
    expiresInDays: z
      .number({ error: vKey('tokenDays') })
      .int({ error: vKey('tokenDays') })
      .min(1, { error: vKey('tokenDays') })
      .max(PROJECT_TOKEN_MAX_DAYS, { error: vKey('tokenDays') }),
  }),
);

export const PROJECT_TOKEN_STATES = ['active', 'expired', 'revoked'] as const;

/** A token as editors see it: never its secret, only the first characters to recognise it by. */
export const projectTokenView = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(PROJECT_TOKEN_SCOPES)),
    /** `apl_` and the first characters of the secret. */
    hint: z.string(),
    state: z.enum(PROJECT_TOKEN_STATES),
    createdAt: z.string(),
    createdByName: z.string(),
    expiresOn: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  }),
);
export type ProjectTokenView = z.infer<typeof projectTokenView>;

/** The answer to a create: the token, and its secret, shown this once. */
export const projectTokenCreated = lazy(() => z.object({ token: projectTokenView, secret: z.string() }));
export const projectTokenListParams = lazy(() => z.object({ projectId: idSchema }));
export const projectTokenList = lazy(() => z.object({ tokens: z.array(projectTokenView) }));
/** A token's id carries its project's (`<projectId>_<suffix>`), as a document id does. */
export const projectTokenParams = lazy(() => z.object({ id: documentIdSchema }));
export const projectTokenRevoked = lazy(() => z.object({ token: projectTokenView }));

/** The project's last imports (the Sync panel and `apiloom status`): who ran them, when, what changed. */
export const importHistoryParams = lazy(() => z.object({ projectId: idSchema }));
export const importHistoryEntry = lazy(() =>
  importJobView.extend({
    /** A person, or a project token (its name). */
    by: z.object({ kind: z.enum(['person', 'token']), name: z.string() }),
  }),
);
export type ImportHistoryEntry = z.infer<typeof importHistoryEntry>;
export const importHistory = lazy(() => z.object({ imports: z.array(importHistoryEntry) }));

// The open API's own shapes.

export const openProjectParams = lazy(() => z.object({ projectId: idSchema }));

export const openTreeNode = lazy(() =>
  z.object({
    id: z.string(),
    /** '' at the top of the tree. */
    parentId: z.string(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    method: z.string().optional(),
    path: z.string().optional(),
    /** The names of the folders above it, joined by `/` ('' at the top). */
    folderPath: z.string(),
  }),
);
export const openTree = lazy(() => z.object({ nodes: z.array(openTreeNode) }));

export const OPEN_DOCUMENT_FORMATS = ['apiloom', 'openapi', 'markdown'] as const;
export const openDocumentParams = lazy(() => z.object({ projectId: idSchema, docId: documentIdSchema }));
export const openDocumentQuery = lazy(() => z.object({ as: z.enum(OPEN_DOCUMENT_FORMATS).default('apiloom') }));
export const openDocument = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    as: z.enum(OPEN_DOCUMENT_FORMATS),
    /** The Apiloom node, an OpenAPI 3.1 document of this operation and the models it uses, or markdown text. */
    content: z.unknown(),
  }),
);

export const openUploadBody = lazy(() =>
  z.object({
    name: plainText(
      z
        .string({ error: vKey('fileName') })
        .trim()
        .min(1, { error: vKey('fileName') })
        .max(255, { error: vKey('fileName') }),
    ).transform(stripBidiControls),
    size: z.number().int().min(1),
  }),
);

/** Starts an uploaded import: the import screen's choices; `format`, when given, must be what the file is. */
export const openImportStartBody = lazy(() =>
  importOptions.extend({
    id: importJobIdSchema,
    format: z.enum(['auto', ...IMPORT_FORMATS]).default('auto'),
  }),
);
export const openImportParams = lazy(() => z.object({ projectId: idSchema, id: importJobIdSchema }));

export const openExportBody = lazy(() =>
  z.object({
    format: z.enum(EXPORT_FORMATS, { error: vKey('exportFormat') }),
    docIds: z.array(documentIdSchema).max(10_000).optional(),
    language: z.enum(LOCALES).optional(),
  }),
);
export const openExportParams = lazy(() => z.object({ projectId: idSchema, id: importJobIdSchema }));

/** The open API's OpenAPI description (served as is, not in the envelope). */
export const openApiDocument = lazy(() => z.record(z.string(), z.unknown()));
