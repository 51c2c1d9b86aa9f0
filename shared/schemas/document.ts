/**
 * Documents of a project (spec sections 1 and 3): the tree node every kind shares, and each kind's content.
 * A document id carries its project id (`<projectId>_<suffix>`), so a call that names only a document still
 * finds its project, and its access rule, without another read.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { LIMITS } from '../constants';
import { vKey } from '../messages';
import { plainName } from '../text';
import { versioned } from '../versioned';
import { idSchema } from './project';
import { apiContentV1, apiContentV1ToV2, apiContentV2, apiContentV3, isApiContentV1Input, modelContentV1 } from './api-content';
import { DOCUMENT_DEFAULTS, DOCUMENT_ID_PATTERN, DOCUMENT_TYPES, type DocumentType, type SaveNote } from './document-kinds';

export * from './document-kinds';
export * from './params';
export * from './api-content';

export const documentIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(DOCUMENT_ID_PATTERN, { error: vKey('id') }),
);
/** The project of a document, history entry or tree node id (a bare project id is its own project). */
export const projectIdOfDocument = (id: string) => (id.includes('_') ? id.slice(0, id.indexOf('_')) : id);

const httpUrl = lazy(() =>
  z
    .string()
    .trim()
    .max(2_000)
    .regex(/^https?:\/\/\S+$/i, { error: vKey('url') }),
);
const size = lazy(() => z.union([z.number().int().min(50).max(10_000), z.string().regex(/^\d{1,3}%$/)]));

/**
 * Each kind's content, as versioned entities: stored bodies carry `v`, reads migrate them to the newest shape.
 * A change of shape adds a version with its `up` (see shared/versioned.ts); `api` is at version 2 (./api-content.ts).
 */
export const contentEntities = lazy(
  () =>
    ({
      api: versioned([{ schema: apiContentV1 }, { schema: apiContentV2, up: apiContentV1ToV2 }, { schema: apiContentV3 }]),
      model: versioned([{ schema: modelContentV1 }]),
      doc: versioned([{ schema: z.object({ markdown: z.string().default('') }) }]),
      richtext: versioned([{ schema: z.object({ html: z.string().default('') }) }]),
      embed: versioned([{ schema: z.object({ url: httpUrl, width: size.default('100%'), height: size.default(600) }) }]),
      errorcode: versioned([
        {
          schema: z.object({
            rows: z
              .array(
                z.object({ code: z.string().max(100), message: z.string().max(1_000), description: z.string().max(2_000).default('') }),
              )
              .max(2_000)
              .default([]),
          }),
        },
      ]),
      folder: versioned([{ schema: z.object({}) }]),
      link: versioned([{ schema: z.object({ url: httpUrl }) }]),
      softlink: versioned([{ schema: z.object({ targetId: documentIdSchema }) }]),
    }) as const,
);

/** The newest content schema of each kind: what an editor sends and a view returns. */
export const contentSchemas = lazy(
  () =>
    Object.fromEntries(Object.entries(contentEntities).map(([k, e]) => [k, e.schema])) as {
      [T in DocumentType]: (typeof contentEntities)[T]['schema'];
    },
);

export type ContentOf<T extends DocumentType> = z.output<(typeof contentSchemas)[T]>;
export type DocumentContent = { [T in DocumentType]: ContentOf<T> }[DocumentType];

export const documentTitle = lazy(() =>
  plainName(
    z
      .string({ error: vKey('documentTitle') })
      .trim()
      .min(1, { error: vKey('documentTitle') })
      .max(LIMITS.documentTitle, { error: vKey('documentTitle') }),
  ),
);

export const documentCreateBody = lazy(() =>
  z.object({
    projectId: idSchema,
    parentId: z.string().trim().max(64).optional(),
    preId: z.string().trim().max(64).optional(),
    name: documentTitle.default(DOCUMENT_DEFAULTS.name),
    type: z.enum(DOCUMENT_TYPES).default(DOCUMENT_DEFAULTS.type),
    comment: plainName(z.string().trim().max(200)).default(DOCUMENT_DEFAULTS.comment),
    content: z.unknown().optional(),
  }),
);

export const documentUpdateBody = lazy(() =>
  z.object({
    id: documentIdSchema,
    /** The revision the editor started from; a save against an older one is refused, never merged silently. */
    rev: z.number().int().min(1),
    name: documentTitle.optional(),
    comment: plainName(z.string().trim().max(200)).default(''),
    content: z.unknown().optional(),
  }),
);

/** A save's automatic note (see `SaveNote`). */
export const saveNoteSchema: z.ZodType<SaveNote> = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('import'), action: z.enum(['created', 'updated']), token: z.string().optional() }),
    z.object({ kind: z.literal('rename'), from: z.string(), to: z.string() }),
    z.object({ kind: z.literal('restore'), rev: z.number() }),
    z.object({ kind: z.literal('bin'), action: z.enum(['binned', 'restored']) }),
  ]),
);

/** A node of the tree: what the tree needs, without the body. `preId` is the sibling before it ('0': first). */
export const documentNode = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    parentId: z.string(),
    preId: z.string(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    comment: z.string(),
    method: z.string().nullable(),
    path: z.string().nullable(),
    status: z.string().nullable(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    rev: z.number(),
    /** What the last save did, when it came with no note of its own. */
    note: saveNoteSchema.optional(),
  }),
);
export type DocumentNode = z.infer<typeof documentNode>;

/** One of a project's latest saves (the project overview's recent changes): the document, the save's note, who and when. */
export const recentChange = lazy(() =>
  documentNode.pick({ id: true, name: true, type: true, method: true, comment: true, note: true, updatedAt: true, rev: true }).extend({
    updatedByName: z.string(),
  }),
);
export type RecentChange = z.infer<typeof recentChange>;

/**
 * A node as the tree carries it: without its edit stamp (when, by whom, which revision), which only a read of the
 * document itself needs. A project of 5,000 documents answers a fifth fewer bytes for it.
 */
export interface DocumentTreeNode extends Omit<DocumentNode, 'updatedAt' | 'updatedBy' | 'rev' | 'note'> {
  children: DocumentTreeNode[];
}
export const documentTreeNode: z.ZodType<DocumentTreeNode> = lazy(() =>
  documentNode.omit({ updatedAt: true, updatedBy: true, rev: true, note: true }).extend({
    get children() {
      return z.array(documentTreeNode);
    },
  }),
);

/** A document with its content, one member per kind, so `doc.type` tells what `doc.content` is. */
const viewOf = <T extends DocumentType>(type: T) =>
  documentNode.extend({ type: z.literal(type), content: contentSchemas[type], updatedByName: z.string() });
export const documentView = lazy(() =>
  z.discriminatedUnion('type', [
    viewOf('api'),
    viewOf('model'),
    viewOf('doc'),
    viewOf('richtext'),
    viewOf('embed'),
    viewOf('errorcode'),
    viewOf('folder'),
    viewOf('link'),
    viewOf('softlink'),
  ]),
);
export type DocumentView = z.infer<typeof documentView>;
export type DocumentViewOf<T extends DocumentType> = Extract<DocumentView, { type: T }>;

export const documentIdParams = lazy(() => z.object({ id: documentIdSchema }));
/** Children of a node: a document id, or the project id for the top level. */
export const nodeIdParams = lazy(() =>
  z.object({
    id: z
      .string()
      .trim()
      .regex(/^[0-9a-f-]{36}(_[A-Za-z0-9]{6,16})?$/, { error: vKey('id') }),
  }),
);
export const projectIdParams = lazy(() => z.object({ projectId: idSchema }));
/** A tree position's node id: a folder's or a sibling's id, the project id (the top level) or '0' (none). */
export const nodeRef = lazy(() => z.string().trim().max(64));
/**
 * A read of one document takes any id a link may carry: one that is no document id names no document, and the
 * reader is told it is not found (43001), not that their input is invalid.
 */
export const documentReadParams = lazy(() => z.object({ id: nodeRef }));
export const keywordQuery = lazy(() =>
  z.object({
    keyword: z
      .string()
      .trim()
      .min(1, { error: vKey('keyword') })
      .max(100, { error: vKey('keyword') }),
  }),
);
export const copyBody = lazy(() => z.object({ id: documentIdSchema, name: documentTitle.optional() }));

export const historyEntry = lazy(() =>
  z.object({
    id: z.string(),
    documentId: z.string(),
    rev: z.number(),
    name: z.string(),
    comment: z.string(),
    /** What that save did, when it came with no note of its own. */
    note: saveNoteSchema.optional(),
    editorId: z.string(),
    editorName: z.string(),
    savedAt: z.string(),
  }),
);
export type HistoryEntry = z.infer<typeof historyEntry>;
/** A preserved version with its content, discriminated on the kind like a document view. */
const historyViewOf = <T extends DocumentType>(type: T) => historyEntry.extend({ type: z.literal(type), content: contentSchemas[type] });
export const historyEntryView = lazy(() =>
  z.discriminatedUnion('type', [
    historyViewOf('api'),
    historyViewOf('model'),
    historyViewOf('doc'),
    historyViewOf('richtext'),
    historyViewOf('embed'),
    historyViewOf('errorcode'),
    historyViewOf('folder'),
    historyViewOf('link'),
    historyViewOf('softlink'),
  ]),
);
export type HistoryEntryView = z.infer<typeof historyEntryView>;
/** History entry ids are `<documentId>_r<rev>`: the revision the entry preserves. */
export const historyIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(/^[0-9a-f-]{36}_[A-Za-z0-9]{6,16}_r\d{1,9}$/, { error: vKey('id') }),
);
export const historyParams = lazy(() => z.object({ id: documentIdSchema, historyId: historyIdSchema }));
export const historyIdParams = lazy(() => z.object({ id: historyIdSchema }));
export const documentOfHistory = (historyId: string) => historyId.slice(0, historyId.lastIndexOf('_r'));
/** A search result: the document, where the keyword matched (its title, its path or its content), and around what. */
export const searchHit = lazy(() => documentNode.extend({ matchedIn: z.enum(['title', 'path', 'content']), snippet: z.string() }));
export type SearchHit = z.infer<typeof searchHit>;

/** A kind together with its content, as the views carry them. */
export type TypedContent = { [T in DocumentType]: { type: T; content: ContentOf<T> } }[DocumentType];

/** Stored content of any version, read as the newest shape of its kind. */
export const readContent = (type: DocumentType, stored: unknown): TypedContent =>
  ({ type, content: contentEntities[type].read(stored) }) as TypedContent;

/** The stored form of newest-shape content: with its version marker. */
export const writeContent = (typed: TypedContent) => contentEntities[typed.type].write(typed.content as never) as Record<string, unknown>;

/** Content a caller sent, in the newest shape's input: version 1 API fields are migrated, not dropped. */
export function contentInput(type: DocumentType, content: unknown): unknown {
  if (type !== 'api' || !isApiContentV1Input(content)) return content;
  const legacy = apiContentV1.safeParse(content);
  // Malformed legacy input goes on as it is: the newest schema names what is wrong with it.
  return legacy.success ? apiContentV1ToV2(legacy.data) : content;
}

/**
 * A deleted document in its project's bin (beyond the spec, issue 27): the subtree it took with it stays whole
 * until a restore puts it back, or the purge destroys it `retentionDays` after the delete.
 */
export const binEntry = lazy(() =>
  // `parentId`: where it was (the project id for the top level), which a restore goes back to if it is still there.
  documentNode.pick({ id: true, projectId: true, name: true, type: true, parentId: true }).extend({
    /** How many documents it took to the bin, itself included. */
    count: z.number(),
    binnedAt: z.string(),
    binnedByName: z.string(),
    /** Whole days left before the purge destroys it. */
    daysLeft: z.number(),
  }),
);
export type BinEntry = z.infer<typeof binEntry>;
