/**
 * Export jobs (issue 23): `POST /project/export` starts a job that reads the project (its live tree, chosen
 * documents or a release) into Apiloom's project file and writes it in the chosen format; the client polls
 * `GET /project/export/{id}` for its state, progress and, once done, a short-lived download link. The file lives at
 * most a day. A job id carries its project id (`<projectId>_<suffix>`), as an import job's does.
 */
import * as z from 'zod';
import { OMISSION_KINDS } from '../export-omissions';
import { EXPORT_FORMATS, LOCALES, type ExportFormat } from '../constants';

export { EXPORT_FORMATS, type ExportFormat };
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { documentIdSchema } from './document';
import { DOCUMENT_ID_PATTERN } from './document-kinds';
import { idSchema } from './project';
import { releaseVersion } from './share';

export const EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

/** How long an export's file (and its job) lives. */
export const EXPORT_FILE_SECONDS = 86_400;
/** How long a download link works. */
export const EXPORT_LINK_SECONDS = 300;

export const exportStartBody = lazy(() =>
  z.object({
    projectId: idSchema,
    format: z.enum(EXPORT_FORMATS, { error: vKey('exportFormat') }),
    /** Chosen documents (a folder brings its subtree, each brings its ancestors' folders); absent: everything. */
    docIds: z.array(documentIdSchema).max(10_000).optional(),
    /** A release to export instead of the live tree (the `X-PROJECT-VERSION` header does the same). */
    version: releaseVersion.optional(),
    /** The language of the words the writer adds (PDF and Word headings, footers). */
    language: z.enum(LOCALES).optional(),
  }),
);

export const exportJobParams = lazy(() =>
  z.object({
    id: z
      .string()
      .trim()
      .regex(DOCUMENT_ID_PATTERN, { error: vKey('id') }),
  }),
);

export const exportStarted = lazy(() => z.object({ id: z.string(), state: z.enum(EXPORT_STATES) }));

export const exportJobView = lazy(() =>
  z.object({
    id: z.string(),
    format: z.enum(EXPORT_FORMATS),
    state: z.enum(EXPORT_STATES),
    progress: z.object({ done: z.number(), total: z.number() }),
    /** A short-lived download link, once done (null before, and once the file has expired). */
    url: z.string().nullable(),
    fileName: z.string().nullable(),
    size: z.number().nullable(),
    /**
     * What the format could not hold and the writer left out (issue 39): each kind counted, and the first entries
     * in the caller's language; null when nothing was left out (or not yet done).
     */
    omissions: z
      .object({
        counts: z.partialRecord(z.enum(OMISSION_KINDS), z.number()),
        first: z.array(z.object({ document: z.string(), message: z.string() })),
      })
      .nullable(),
    /** Why it failed, in the caller's language. */
    error: z.object({ code: z.number(), message: z.string() }).nullable(),
  }),
);
export type ExportJobView = z.infer<typeof exportJobView>;
