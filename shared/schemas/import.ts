/**
 * Import jobs (issue 22): a file goes to S3 by a presigned PUT (or a URL is fetched by the job through the SSRF
 * guard, or a JSON body fits the spec's `POST /project/import/swagger`), the job runs in its own function, and its
 * state, progress and report live in the table for the client to poll. A job id carries its project id
 * (`<projectId>_<suffix>`), as a document id does, so polling finds its access rule without a read.
 */
import * as z from 'zod';
import { compatReport, finding } from './compat';
import { lazy } from '../lazy';
import { IMPORT_WARNING_CODES } from '../import/types';
import { IMPORT_FORMATS, IMPORT_MODES, type ImportMode } from '../constants';
import { vKey } from '../messages';
import { plainText, stripBidiControls } from '../text';
import { DOCUMENT_ID_PATTERN } from './document-kinds';
import { idSchema } from './project';

export { IMPORT_MODES, type ImportMode };
export const IMPORT_STATES = ['uploading', 'queued', 'running', 'done', 'failed'] as const;

export const importJobIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(DOCUMENT_ID_PATTERN, { error: vKey('id') }),
);
export const importJobParams = lazy(() => z.object({ id: importJobIdSchema }));

/** The two re-import choices (Apifox's model), where new documents go, and whether to write at all. */
export const importOptions = lazy(() =>
  z.object({
    /** What a matched document gets. */
    mode: z.enum(IMPORT_MODES).default('merge'),
    /** Delete documents this source imported before and no longer has. Off by default. */
    deleteMissing: z.boolean().default(false),
    /** The folder new documents (and the source's own folders) go under; the top of the tree when absent. */
    folderId: idSchema.optional(),
    /** Answer what would be created, updated, skipped and deleted, and write nothing. */
    dryRun: z.boolean().default(false),
    /** Where the source and a person both changed a field since the last import, take the source's value. */
    takeSource: z.boolean().optional(),
  }),
);
export type ImportOptions = z.infer<typeof importOptions>;

const sourceName = lazy(() =>
  plainText(
    z
      .string({ error: vKey('fileName') })
      .trim()
      .min(1, { error: vKey('fileName') })
      .max(255, { error: vKey('fileName') }),
  ).transform(stripBidiControls),
);

/** Asks for a presigned PUT of the file to import (at most IMPORT_MAX_BYTES in shared/constants; S3 enforces the announced size). */
export const importUploadBody = lazy(() =>
  z.object({
    projectId: idSchema,
    name: sourceName,
    /** Over the cap is refused by the handler with its own message (importTooLarge), not a generic one. */
    size: z
      .number()
      .int()
      .min(1, { error: vKey('fileEmpty') }),
  }),
);

export const importUploadTicket = lazy(() =>
  z.object({
    /** The job the upload belongs to (state `uploading` until started). */
    id: z.string(),
    url: z.string(),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
    expiresAt: z.string(),
  }),
);
export type ImportUploadTicket = z.infer<typeof importUploadTicket>;

/** Starts a job whose file was uploaded. */
export const importStartBody = lazy(() => importOptions.extend({ projectId: idSchema, id: importJobIdSchema }));

/** Starts a job that fetches its file from a URL, through the server's SSRF guard. */
export const importUrlBody = lazy(() =>
  importOptions.extend({
    projectId: idSchema,
    url: z
      .string()
      .trim()
      .max(2_000)
      .regex(/^https?:\/\/\S+$/i, { error: vKey('url') }),
  }),
);

/** The spec's `POST /project/import/swagger`: the file as the JSON body, the choices as query parameters. */
/** The body of `POST /project/import/swagger`: any JSON object (which format it is, the job finds out). */
export const swaggerImportBody = lazy(() => z.record(z.string(), z.unknown()));

export const swaggerImportQuery = lazy(() =>
  z.object({
    projectId: idSchema,
    mode: z.enum(IMPORT_MODES).default('merge'),
    folderId: idSchema.optional(),
  }),
);

export const importWarningView = lazy(() =>
  z.object({
    pointer: z.string(),
    code: z.enum(IMPORT_WARNING_CODES),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    /** In the caller's language. */
    message: z.string(),
  }),
);

export const importReport = lazy(() =>
  z.object({
    created: z.number(),
    updated: z.number(),
    skipped: z.number(),
    deleted: z.number(),
    failed: z.number(),
    warnings: z.array(importWarningView),
    /**
     * Fields the source and a person both changed since the last import (issue 39): both values and which one was
     * kept (the first few hundred). `takeSource` keeps the source's.
     */
    conflicts: z
      .array(
        z.object({
          documentId: z.string(),
          name: z.string(),
          field: z.string(),
          ours: z.string(),
          theirs: z.string(),
          kept: z.enum(['ours', 'source']),
        }),
      )
      .optional(),
    /** How many warnings of each kind, all of them: the list above keeps only the first few hundred. */
    warningCounts: z.partialRecord(z.enum(IMPORT_WARNING_CODES), z.number()).optional(),
    /**
     * What applying the file changes in the project's APIs and models, and what of it breaks clients (issue 35): the
     * counts, the semver bump and the first findings.
     */
    compat: z.object({ summary: compatReport.shape.summary, bump: compatReport.shape.bump, findings: z.array(finding) }).optional(),
    /** What changed, for the report's links (at most a few hundred; the counts are complete). */
    changes: z.array(
      z.object({
        action: z.enum(['created', 'updated', 'deleted']),
        documentId: z.string(),
        name: z.string(),
        type: z.string(),
      }),
    ),
  }),
);
export type ImportReport = z.infer<typeof importReport>;

export const importJobView = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    state: z.enum(IMPORT_STATES),
    /** Known once the job has read the file. */
    format: z.enum(IMPORT_FORMATS).nullable(),
    /** The file name, the URL, or `swagger` for a body. */
    source: z.string(),
    options: importOptions,
    progress: z.object({ done: z.number(), total: z.number() }),
    report: importReport.nullable(),
    /** Why a failed job failed, in the caller's language. */
    error: z.object({ code: z.number(), message: z.string() }).nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export type ImportJobView = z.infer<typeof importJobView>;

/**
 * What the browser preview needs of a project's import stamps to plan as the job does: per document imported from
 * the source, its key and the hash of what was imported (not the merge base: the preview never merges).
 */
export const importStampsParams = lazy(() => z.object({ projectId: idSchema }));
export const importStampsQuery = lazy(() => z.object({ source: z.string().min(1).max(2_000) }));
export const importStampsView = lazy(() =>
  z.object({ stamps: z.array(z.object({ documentId: z.string(), key: z.string(), hash: z.string() })) }),
);
