/**
 * The kinds and fixed lists of documents, without zod: the web's first load (the tree's icons, the default title)
 * needs these few lists, not the schemas built from them in ./document.
 */
export const DOCUMENT_TYPES = ['api', 'doc', 'richtext', 'embed', 'errorcode', 'folder', 'link', 'softlink'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

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
] as const;

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
/** In development, development completed, deprecated, build failed (spec section 4). */
export const API_STATUSES = ['developing', 'completed', 'deprecated', 'failed'] as const;
export const REQUEST_TYPES = ['json', 'form', 'form-data', 'xml', 'raw', 'none'] as const;
export const RESPONSE_FORMATS = ['json', 'xml', 'text', 'html'] as const;

/** Spec section 3's new-document defaults: '未命名文档', comment '新增文档', type doc, preId 0. */
export const DOCUMENT_DEFAULTS = { name: '未命名文档', comment: '新增文档', type: 'doc' as DocumentType, preId: '0' };
