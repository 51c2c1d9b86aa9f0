/**
 * The kinds and fixed lists of documents, without zod: the web's first load (the tree's icons, the default title)
 * needs these few lists, not the schemas built from them in ./document.
 */
import type { ParamItem } from './params';

/** `model`: a data model, a named schema that parameters refer to (OpenAPI's `components.schemas`, Apifox's 数据模型). */
export const DOCUMENT_TYPES = ['api', 'model', 'doc', 'richtext', 'embed', 'errorcode', 'folder', 'link', 'softlink'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** `<projectId>_<suffix>`: the project id is a UUID; the suffix is random. */
export const DOCUMENT_ID_PATTERN = /^[0-9a-f-]{36}_[A-Za-z0-9]{6,16}$/;

export const PARAM_TYPES = [
  'string',
  'integer',
  'int32',
  'int64',
  'number',
  'boolean',
  'object',
  'array',
  'array[array]',
  'array[object]',
  'array[string]',
  'array[number]',
  'array[boolean]',
  'file',
  /** No type given (a schema that admits anything, or one only its composition or model describes). */
  'any',
] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
/** In development, development completed, deprecated, build failed (spec section 4). */
export const API_STATUSES = ['developing', 'completed', 'deprecated', 'failed'] as const;
export const REQUEST_TYPES = ['json', 'form', 'form-data', 'xml', 'raw', 'none'] as const;
export const RESPONSE_FORMATS = ['json', 'xml', 'text', 'html'] as const;

/** Spec section 3's new-document defaults: '未命名文档', comment '新增文档', type doc, preId 0. */
export const DOCUMENT_DEFAULTS = { name: '未命名文档', comment: '新增文档', type: 'doc' as DocumentType, preId: '0' };

/**
 * What a save that came with no note of its own did, kept as a kind and its values (never a sentence in one
 * language): the reader's language words it. An import creates or updates (`token`: the project token that pushed
 * it, whose maker is the saver); a rename names both titles; a restore names the version it brought back; a move to
 * the document bin and back out of it changes no content but is a revision of its own, so history says who did it.
 */
export type SaveNote =
  | { kind: 'import'; action: 'created' | 'updated'; token?: string }
  | { kind: 'rename'; from: string; to: string }
  | { kind: 'restore'; rev: number }
  | { kind: 'bin'; action: 'binned' | 'restored' };

/**
 * The root row of a body or model whose root is not a plain object (an array, a model, a oneOf...): a list of
 * exactly one row with an empty name. Zod-free, like this module, for the web's views.
 */
export const bodyRoot = <T extends Pick<ParamItem, 'name'>>(items: T[]): T | undefined =>
  items.length === 1 && items[0]!.name === '' ? items[0] : undefined;

/** The response a mock answers with: the first 2xx (`2XX` included). */
export const successResponse = <R extends { status: string }>(api: { responses: R[] }): R | undefined =>
  api.responses.find((r) => r.status.startsWith('2'));
