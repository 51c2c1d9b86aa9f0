/**
 * The mock settings of one HTTP API document (the body of `PUT /project/document/mock-config/`): what the mock
 * origin answers for it, and the expectations that answer instead when a request matches their conditions.
 * Everything a save can get wrong is refused here, so the mock server serves stored settings without re-checking.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { MOCK_STATUS } from '../constants';
import { documentIdSchema } from './document';
import { idSchema } from './project';

export const MOCK_TYPES = ['off', 'static', 'template', 'auto', 'script'] as const;
export type MockType = (typeof MOCK_TYPES)[number];
export const EXPECTATION_BODY_TYPES = ['static', 'template'] as const;
export const CONDITION_SOURCES = ['query', 'path', 'header', 'body'] as const;
export const CONDITION_OPS = ['eq', 'ne', 'contains', 'exists', 'gt', 'lt', 'regex'] as const;

export const MOCK_LIMITS = {
  bodyBytes: 256 * 1024,
  headers: 50,
  expectations: 50,
  conditions: 20,
  delayMs: 10_000,
  /** Deeper templates are refused at save time too, not only when rendered. */
  templateDepth: 32,
} as const;

/** RFC 9110 token characters: anything else in a header name would break the response or smuggle another. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** CR and LF would start a new header line; NUL is refused by HTTP servers anyway. */
const HEADER_VALUE_FORBIDDEN = /[\r\n\0]/;
export const isHeaderName = (name: string) => name.length <= 256 && HTTP_TOKEN.test(name);
export const isHeaderValue = (value: string) => value.length <= 8_192 && !HEADER_VALUE_FORBIDDEN.test(value);

const utf8 = new TextEncoder();
/** Cheap first: only text that could be over the limit in UTF-8 is encoded to count its bytes. */
const fitsBodyLimit = (text: string) => text.length * 3 <= MOCK_LIMITS.bodyBytes || utf8.encode(text).length <= MOCK_LIMITS.bodyBytes;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** Mock.js's rule syntax in a template key: `name|min-max`, `name|count`, `name|+step`, `name|min-max.dmin-dmax`. */
export const MOCK_RULE_KEY = /(.+)\|(?:\+(\d+)|([+-]?\d+-?[+-]?\d*)?(?:\.(\d+-?\d*))?)/;

/**
 * The name Mock.js gives the field a template key generates, computed the way it does (`'__pro|to__'` is
 * `__proto__`). Keys without `|` are returned as they are: the pattern would backtrack quadratically on them.
 */
export const mockFieldName = (key: string) => (key.includes('|') ? key.replace(MOCK_RULE_KEY, '$1') : key);

/**
 * Walks at most `depthLeft` levels, so a hostile save nested thousands deep costs no more than a valid one.
 * Fields named `__proto__` are refused: the renderer would assign them and swap an object's prototype.
 */
function isTemplateShape(value: unknown, depthLeft: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depthLeft === 0) return false;
  for (const [key, child] of Object.entries(value)) {
    if (mockFieldName(key) === '__proto__' || !isTemplateShape(child, depthLeft - 1)) return false;
  }
  return true;
}

export const isJsonText = (text: string) => parseJson(text).ok;

/**
 * Mock.js takes any JSON object or array as a template (unknown rules are left as they are), so a template is
 * valid when it is one, within the depth the renderer goes to.
 */
export function isMockTemplateText(text: string): boolean {
  const parsed = parseJson(text);
  if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object') return false;
  return isTemplateShape(parsed.value, MOCK_LIMITS.templateDepth);
}

/** What RE2 lacks and JavaScript has: lookahead and lookbehind, numbered and named backreferences. */
const BEYOND_RE2 = /\(\?<?[=!]|\\[1-9]|\\k</;

/**
 * Conditions match with RE2's linear-time engine at the mock origin (functions/mock/expectations.ts). This check
 * runs where RE2 is not bundled (the API's document function, the browser): a pattern must compile as a JavaScript
 * regular expression and use nothing RE2 lacks. It errs on the strict side; the engine's tests hold that every
 * pattern it passes compiles in RE2, and one that did not would simply never match.
 */
export function isLinearRegex(pattern: string): boolean {
  if (BEYOND_RE2.test(pattern)) return false;
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

const mockHeader = lazy(() =>
  z.object({
    name: z
      .string()
      .trim()
      .refine(isHeaderName, { error: vKey('mockHeaderName') }),
    value: z.string().refine(isHeaderValue, { error: vKey('mockHeaderValue') }),
  }),
);
export type MockHeader = z.output<typeof mockHeader>;

const headers = lazy(() =>
  z
    .array(mockHeader)
    .max(MOCK_LIMITS.headers, { error: vKey('mockHeaders') })
    .default([]),
);
const status = lazy(() =>
  z
    .number({ error: vKey('mockStatus') })
    .int({ error: vKey('mockStatus') })
    .min(MOCK_STATUS.min, { error: vKey('mockStatus') })
    .max(MOCK_STATUS.max, { error: vKey('mockStatus') })
    .default(200),
);
const delay = lazy(() =>
  z
    .number({ error: vKey('mockDelay') })
    .int({ error: vKey('mockDelay') })
    .min(0, { error: vKey('mockDelay') })
    .max(MOCK_LIMITS.delayMs, { error: vKey('mockDelay') })
    .default(0),
);
const body = lazy(() =>
  z
    .string()
    .refine(fitsBodyLimit, { error: vKey('mockBodySize') })
    .default(''),
);

const mockCondition = lazy(() =>
  z
    .object({
      source: z.enum(CONDITION_SOURCES),
      /** A query, path or header name; for `body` a dotted path with numeric array indexes (`items.0.id`). */
      name: z
        .string()
        .trim()
        .min(1, { error: vKey('required') })
        .max(200),
      op: z.enum(CONDITION_OPS),
      value: z.string().max(1_000).default(''),
    })
    .refine((c) => c.op !== 'regex' || isLinearRegex(c.value), { error: vKey('mockRegex'), path: ['value'] }),
);
export type MockCondition = z.output<typeof mockCondition>;

const bodyMatchesType = (type: 'static' | 'template', text: string) => (type === 'static' ? isJsonText(text) : isMockTemplateText(text));
const bodyTypeMessage = (type: 'static' | 'template') => (type === 'static' ? vKey('mockJson') : vKey('mockTemplate'));

export const mockExpectation = lazy(() =>
  z
    .object({
      id: z.string().trim().min(1).max(64),
      name: z.string().trim().max(100).default(''),
      enabled: z.boolean().default(true),
      conditions: z
        .array(mockCondition)
        .max(MOCK_LIMITS.conditions, { error: vKey('mockConditions') })
        .default([]),
      status,
      headers,
      bodyType: z.enum(EXPECTATION_BODY_TYPES).default('static'),
      body,
      delay,
    })
    .superRefine((e, ctx) => {
      if (!bodyMatchesType(e.bodyType, e.body)) ctx.addIssue({ code: 'custom', message: bodyTypeMessage(e.bodyType), path: ['body'] });
    }),
);
export type MockExpectation = z.output<typeof mockExpectation>;

/** A document's mock settings, as stored and shown; `mockConfigBody` checks them on the way in. */
const mockSettingsFields = lazy(() =>
  z.object({
    type: z.enum(MOCK_TYPES).default('off'),
    /** JSON text, a Mock.js template or a script, by `type`. */
    body,
    status,
    headers,
    delay,
    expectations: z
      .array(mockExpectation)
      .max(MOCK_LIMITS.expectations, { error: vKey('mockExpectations') })
      .default([]),
  }),
);

const bodyFitsType = (c: { type: MockType; body: string }, ctx: z.RefinementCtx) => {
  if ((c.type === 'static' || c.type === 'template') && !bodyMatchesType(c.type, c.body)) {
    ctx.addIssue({ code: 'custom', message: bodyTypeMessage(c.type), path: ['body'] });
  }
};

export const mockSettings = lazy(() => mockSettingsFields.superRefine(bodyFitsType));
export type MockSettings = z.output<typeof mockSettings>;

export const mockConfigBody = lazy(() =>
  z.object({ projectId: idSchema, docId: documentIdSchema, ...mockSettingsFields.shape }).superRefine(bodyFitsType),
);
export type MockConfig = z.output<typeof mockConfigBody>;
export type MockConfigInput = z.input<typeof mockConfigBody>;

/**
 * What a document's mock answers with before anyone saved settings for it: data generated from its response (issue 37:
 * a documented API answers its mock out of the box, unless the project switched mocks off or asks for a token).
 */
export const DEFAULT_MOCK_SETTINGS: MockSettings = { type: 'auto', body: '', status: 200, headers: [], delay: 0, expectations: [] };

/** The body a type starts with when a document is switched to it with nothing saved that fits. */
export const STARTER_BODIES: Record<MockType, string> = {
  off: '',
  static: '{}',
  template: '{\n  "list|1-10": [{ "id|+1": 1, "name": "@cname", "email": "@email" }]\n}',
  auto: '',
  script: 'return { status: 200, body: { ok: true, method: request.method, query: request.query } };',
};

export const mockType = lazy(() => z.enum(MOCK_TYPES));

export const mockConfigView = lazy(() =>
  z.object({
    projectId: z.string(),
    docId: z.string(),
    ...mockSettingsFields.shape,
    /** Null until someone saves settings for the document. */
    updatedAt: z.string().nullable(),
    updatedByName: z.string().nullable(),
  }),
);
export type MockConfigView = z.output<typeof mockConfigView>;
