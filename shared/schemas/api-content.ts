/**
 * The content of an HTTP API document and of a data model, by version.
 *
 * Version 1 had one response (`respFormat`, `respBody`, `respHeaders`). Version 2 has a response per status code,
 * each with its description, headers, body and examples; request examples; tags, servers and security
 * requirements; and parameter rows that keep their schema's constraints, compositions and model references.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { API_STATUSES, HTTP_METHODS, REQUEST_TYPES, RESPONSE_FORMATS } from './document-kinds';
import { paramItemV1, paramList, params } from './params';

const method = lazy(() => z.enum(HTTP_METHODS).default('GET'));
const path = lazy(() =>
  z
    .string({ error: vKey('apiPath') })
    .trim()
    .min(1, { error: vKey('apiPath') })
    .max(1_000),
);
const description = lazy(() =>
  z
    .string({ error: vKey('apiDescription') })
    .trim()
    .min(1, { error: vKey('apiDescription') })
    .max(20_000),
);
const paramsV1 = lazy(() => paramList(paramItemV1, 500));

export const apiContentV1 = lazy(() =>
  z.object({
    method,
    path,
    status: z.enum(API_STATUSES).default('developing'),
    valid: z.boolean().default(true),
    description,
    requestType: z.enum(REQUEST_TYPES).default('json'),
    reqHeaders: paramsV1,
    reqQuery: paramsV1,
    reqPath: paramsV1,
    reqBody: paramsV1,
    respFormat: z.enum(RESPONSE_FORMATS).default('json'),
    respBody: paramsV1,
    respHeaders: paramsV1,
  }),
);

/** A named example of a body: JSON text, or the raw text of another format. */
export const exampleSchema = lazy(() =>
  z.object({
    name: z.string().max(200).default(''),
    /** The media type it was written for, when the source said (`application/json`). */
    mediaType: z.string().max(200).optional(),
    value: z.string().max(200_000).default(''),
  }),
);
export type Example = z.output<typeof exampleSchema>;

/** `200`, `4XX` (a range) or `default` (any other), as OpenAPI writes them. */
export const RESPONSE_STATUS_PATTERN = /^([1-5](\d\d|XX)|default)$/;

export const apiResponse = lazy(() =>
  z.object({
    status: z
      .string()
      .trim()
      .regex(RESPONSE_STATUS_PATTERN, { error: vKey('responseStatus') }),
    /** Markdown. */
    description: z.string().max(20_000).default(''),
    format: z.enum(RESPONSE_FORMATS).default('json'),
    headers: params,
    body: params,
    examples: z.array(exampleSchema).max(50).default([]),
  }),
);
export type ApiResponse = z.output<typeof apiResponse>;

export const serverSchema = lazy(() => z.object({ url: z.string().trim().max(2_000), description: z.string().max(2_000).default('') }));
/** OpenAPI's security requirement: each entry an alternative, naming the schemes it needs together and their scopes. */
export const securityRequirements = lazy(() => z.array(z.record(z.string().max(200), z.array(z.string().max(200)).max(100))).max(50));

export const newResponse = (status = '200'): ApiResponse => ({
  status,
  description: '',
  format: 'json',
  headers: [],
  body: [],
  examples: [],
});

export const apiContentV2 = lazy(() =>
  apiContentV1
    .omit({ respFormat: true, respBody: true, respHeaders: true, reqHeaders: true, reqQuery: true, reqPath: true, reqBody: true })
    .extend({
      reqHeaders: params,
      reqQuery: params,
      reqPath: params,
      reqBody: params,
      reqExamples: z.array(exampleSchema).max(50).default([]),
      /** One per status code, in the order shown; the mock answers from the first 2xx. */
      responses: z
        .array(apiResponse)
        .max(100)
        .default(() => [newResponse()])
        .superRefine((list, ctx) => {
          const seen = new Set<string>();
          list.forEach((r, i) => {
            if (seen.has(r.status)) ctx.addIssue({ code: 'custom', path: [i, 'status'], message: vKey('responseStatusTwice') });
            seen.add(r.status);
          });
        }),
      tags: z.array(z.string().trim().max(200)).max(50).default([]),
      /** The source's operation id (OpenAPI `operationId`), kept for exports and re-imports. */
      operationId: z.string().max(300).optional(),
      /**
       * The API's full name when a tree title (at most 30 characters) cannot hold it: an imported operation's long
       * summary. The tree shows it cut (shared/titles.ts); the header and the exports show it whole.
       */
      summary: z.string().trim().max(1_000).optional(),
      /** Servers of this API alone; the project's servers apply when empty. */
      servers: z.array(serverSchema).max(20).default([]),
      /** Absent: the project's requirements apply; empty: this API needs none. */
      security: securityRequirements.optional(),
    }),
);

/** What one request script of an API may hold. */
export const API_SCRIPT_MAX_CHARS = 100_000;

/**
 * The API's request scripts (issue 37: they were lost on reload): run by the Run tab before the request is sent
 * and on its response, saved and versioned with the document, exported and imported as Postman's `prerequest`
 * and `test` events.
 */
export const apiScripts = lazy(() =>
  z.object({
    pre: z.string().max(API_SCRIPT_MAX_CHARS).default(''),
    post: z.string().max(API_SCRIPT_MAX_CHARS).default(''),
  }),
);
export type ApiScripts = z.output<typeof apiScripts>;

/** Version 3 adds the request scripts; a document without scripts has none (so version 2 reads as it is). */
export const apiContentV3 = lazy(() => apiContentV2.extend({ scripts: apiScripts.optional() }));
export type ApiContent = z.output<typeof apiContentV3>;

/** Version 1's single response becomes the 200 response. */
export function apiContentV1ToV2(previous: unknown): z.input<typeof apiContentV2> {
  const { respFormat, respBody, respHeaders, ...rest } = previous as z.output<typeof apiContentV1>;
  return {
    ...rest,
    responses: [{ ...newResponse(), format: respFormat, body: respBody, headers: respHeaders }],
  };
}

/**
 * A caller of the document API that still sends version 1's response fields (and no `responses`) gets them
 * migrated like stored data, instead of silently dropped.
 */
export const isApiContentV1Input = (content: unknown): boolean =>
  !!content &&
  typeof content === 'object' &&
  !('responses' in content) &&
  ('respBody' in content || 'respHeaders' in content || 'respFormat' in content);

export const modelContentV1 = lazy(() =>
  z.object({
    /** The model's own name, what references and exports use (`components.schemas` key); the title may be shorter. */
    name: z
      .string({ error: vKey('modelName') })
      .trim()
      .min(1, { error: vKey('modelName') })
      .max(200, { error: vKey('modelName') }),
    /** Markdown. */
    description: z.string().max(20_000).default(''),
    /** The properties of an object model, or one unnamed root row (see `bodyRoot`). */
    schema: params,
  }),
);
export type ModelContent = z.output<typeof modelContentV1>;
