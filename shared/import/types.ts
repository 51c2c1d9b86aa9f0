/**
 * What every importer answers: Apiloom documents and data models in the newest content shape, where they go in
 * the tree, the project-level facts the source carried, and warnings that each point at a place in the source.
 */
import type { ContentOf, DocumentType } from '../schemas/document';
import { IMPORT_FORMATS, type ImportFormat } from '../constants';

// The importers' own name for the list shared/constants.ts keeps beside the export formats.
export { IMPORT_FORMATS, type ImportFormat };

/** Kinds an import writes: folders come from each document's `folder`. */
export type ImportedKind = Exclude<DocumentType, 'folder' | 'softlink'>;

export interface ImportedDocumentOf<T extends ImportedKind> {
  /**
   * What a re-import matches on, stable across runs of the same source: `api:GET /pets/{}` (method and normalised
   * path), `model:Pet` (name), `page:<folder>/<title>` (name and folder).
   */
  key: string;
  type: T;
  /** The tree title (at most LIMITS.documentTitle characters; the full name lives in the content). */
  name: string;
  /** Folder names from the top of the project down to the document's folder. */
  folder: string[];
  content: ContentOf<T>;
}
export type ImportedDocument = { [T in ImportedKind]: ImportedDocumentOf<T> }[ImportedKind];

export interface ImportWarning {
  /** Where in the source: a JSON pointer (`/paths/~1pets/get`), or a file and line for text formats. */
  pointer: string;
  /** A key under `importWarning.` in shared/messages.ts. */
  code: ImportWarningCode;
  /** Values for the message's placeholders. */
  params?: Record<string, string | number>;
}

export const IMPORT_WARNING_CODES = [
  'externalRef',
  'unresolvedRef',
  'invalidSpec',
  /** What the OpenAPI schema says of a field (./openapi/spec-check.ts): missing, not allowed, or of the wrong kind. */
  'specRequired',
  'specRequiredOne',
  'specNotAllowed',
  'specExpected',
  'specNoMatch',
  'skippedMethod',
  'duplicateOperation',
  /** A name too long for a tree title: the title it got (the API keeps the full name). */
  'shortenedTitle',
  'tooDeep',
  'truncated',
  /** Text longer than its field holds, cut visibly (an ellipsis ends it) instead of leaving the document out. */
  'cutText',
  /** A list longer than its field holds (rows, responses, examples): the first ones kept. */
  'cutList',
  'script',
  'unsupportedBody',
  'unreadable',
  'skippedEntry',
  /** The job's, not an importer's: a person saved the matched document while the import ran; their save stays. */
  'savedSince',
] as const;
export type ImportWarningCode = (typeof IMPORT_WARNING_CODES)[number];

/** A variable of an environment (Postman's, xiaoyaoji's); secrets are kept blank. */
export interface ImportedVariable {
  name: string;
  value: string;
  secret?: boolean;
}

/** What the source says of the project as a whole, kept on the project until environments exist. */
export interface ImportedProject {
  name?: string;
  description?: string;
  version?: string;
  servers: { url: string; description: string }[];
  /** OpenAPI security schemes by name, as the source wrote them. */
  securitySchemes: Record<string, unknown>;
  /** The source's global security requirements (APIs without their own use these). */
  security?: Record<string, string[]>[];
  environments: { name: string; variables: ImportedVariable[] }[];
}

export interface ImportResult {
  format: ImportFormat;
  documents: ImportedDocument[];
  project: ImportedProject;
  warnings: ImportWarning[];
  /** Mock.js templates by document key (RAP2's rules), for the documents' mock settings. */
  mockTemplates?: Record<string, string>;
}

/**
 * An OpenAPI 3.1 webhook (a request the API sends) is an API document whose path is `webhook:<name>`, in the
 * Webhooks folder: the OpenAPI export writes it back under `webhooks`.
 */
export const WEBHOOK_PREFIX = 'webhook:';
export const WEBHOOKS_FOLDER = 'Webhooks';

export const emptyProject = (): ImportedProject => ({ servers: [], securitySchemes: {}, environments: [] });
