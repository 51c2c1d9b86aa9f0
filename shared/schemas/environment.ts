/**
 * Environments, their variables, and a project's global parameters (spec sections 2, 3 and 7; issue 24).
 *
 * - An environment: a name (the spec's presets are offered, any name is taken), a base address, variables and a
 *   default variable name; it may override the project's global parameters (`globalParams`, same JSON as below).
 * - A variable: a name unique in its environment, a shared value (stored) and, in the browser only, a local value
 *   that overrides it. A `secret` variable has no stored value at all: its value lives in the browser alone, and a
 *   value sent with it is dropped before anything is written.
 * - Global parameters: kept as a JSON string in `value`, `{"req":{"headers":[],"body":[],"query":[],"path":[]},
 *   "resp":{"headers":[],"body":[]}}`, checked here and stored in that normal form.
 *
 * Ids name their project, like document ids: an environment is `<projectId>_<16 letters or digits>`, a variable
 * `<environmentId>_<12 letters or digits>`, so the access check finds the project (and a variable its environment)
 * without a read.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { plainName, plainText } from '../text';
import { PARAM_TYPES } from './document-kinds';
import { idSchema } from './project';

export const ENVIRONMENT_PRESETS = [
  'local',
  'development',
  'test',
  'pre-production',
  'production',
  'online',
  'pre',
  'gra',
  'UAT',
  'SIT',
  'FAT',
  'PRD',
  'PROD',
] as const;

export const ENV_LIMITS = {
  name: 32,
  baseUrl: 2_048,
  environmentsPerProject: 50,
  variablesPerEnvironment: 100,
  variableName: 64,
  variableValue: 2_000,
  description: 200,
  /** Rows in each list of the global parameters. */
  globalRows: 100,
  globalValue: 64 * 1024,
} as const;

export const ENVIRONMENT_ID_PATTERN = /^[0-9a-f-]{36}_[A-Za-z0-9]{16}$/;
export const VARIABLE_ID_PATTERN = /^[0-9a-f-]{36}_[A-Za-z0-9]{16}_[A-Za-z0-9]{12}$/;
export const environmentIdOfVariable = (variableId: string) => variableId.slice(0, variableId.lastIndexOf('_'));

export const environmentIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(ENVIRONMENT_ID_PATTERN, { error: vKey('id') }),
);
export const variableIdSchema = lazy(() =>
  z
    .string()
    .trim()
    .regex(VARIABLE_ID_PATTERN, { error: vKey('id') }),
);

const environmentName = lazy(() =>
  plainName(
    z
      .string({ error: vKey('required') })
      .trim()
      .min(1, { error: vKey('required') })
      .max(ENV_LIMITS.name),
  ),
);
/** Empty, or an http(s) address; it may hold `{{variables}}`, which are filled in when a request is sent. */
const baseUrl = lazy(() =>
  plainText(
    z
      .string()
      .trim()
      .max(ENV_LIMITS.baseUrl, { error: vKey('url') }),
  )
    .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), { error: vKey('url') })
    .default(''),
);
/** Used as `{{name}}`: no white space or braces. */
export const VARIABLE_NAME_PATTERN = /^[^\s{}]+$/;
const variableName = lazy(() =>
  plainText(
    z
      .string({ error: vKey('varName') })
      .trim()
      .min(1, { error: vKey('varName') })
      .max(ENV_LIMITS.variableName, { error: vKey('varName') })
      .regex(VARIABLE_NAME_PATTERN, { error: vKey('varName') }),
  ),
);
const defaultVariable = lazy(() => z.union([z.literal(''), variableName]).default(''));
const description = lazy(() =>
  plainText(
    z
      .string()
      .trim()
      .max(ENV_LIMITS.description, { error: vKey('description') }),
  ).default(''),
);
const variableValue = lazy(() => z.string().max(ENV_LIMITS.variableValue).default(''));

// ---- Global parameters ----

const globalRow = lazy(() =>
  z.object({
    name: plainText(
      z
        .string()
        .trim()
        .min(1)
        .max(ENV_LIMITS.variableName * 2),
    ),
    type: z.enum(PARAM_TYPES).default('string'),
    required: z.boolean().default(false),
    value: z.string().max(ENV_LIMITS.variableValue).default(''),
    description: plainText(z.string().trim().max(ENV_LIMITS.description)).default(''),
  }),
);
export type GlobalParamRow = z.output<typeof globalRow>;
const rows = lazy(() => z.array(globalRow).max(ENV_LIMITS.globalRows).default([]));

export const globalParamsShape = lazy(() =>
  z.strictObject({
    req: z.strictObject({ headers: rows, body: rows, query: rows, path: rows }).default({ headers: [], body: [], query: [], path: [] }),
    resp: z.strictObject({ headers: rows, body: rows }).default({ headers: [], body: [] }),
  }),
);
export type GlobalParams = z.output<typeof globalParamsShape>;

export const EMPTY_GLOBAL_PARAMS: GlobalParams = {
  req: { headers: [], body: [], query: [], path: [] },
  resp: { headers: [], body: [] },
};
export const EMPTY_GLOBAL_PARAMS_VALUE = JSON.stringify(EMPTY_GLOBAL_PARAMS);

/** The stored text parsed, or the empty set when it is not what a save keeps (it always is). */
export function readGlobalParams(value: string | null | undefined): GlobalParams {
  if (!value) return EMPTY_GLOBAL_PARAMS;
  try {
    const parsed = globalParamsShape.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : EMPTY_GLOBAL_PARAMS;
  } catch {
    return EMPTY_GLOBAL_PARAMS;
  }
}

/**
 * The `value` text: JSON of the shape above (else `v.globalParams`, which says what is expected), answered in its
 * normal form (defaults filled, unknown fields refused).
 */
export const globalParamsValue = lazy(() =>
  z
    .string({ error: vKey('globalParams') })
    .max(ENV_LIMITS.globalValue, { error: vKey('globalParams') })
    .transform((text, ctx) => {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        ctx.issues.push({ code: 'custom', message: vKey('globalParams'), input: text });
        return z.NEVER;
      }
      const parsed = globalParamsShape.safeParse(json);
      if (!parsed.success) {
        ctx.issues.push({ code: 'custom', message: vKey('globalParams'), input: text });
        return z.NEVER;
      }
      return JSON.stringify(parsed.data);
    }),
);

export const globalParamsBody = lazy(() =>
  z.object({
    projectId: idSchema,
    value: globalParamsValue,
    /** The revision the editor started from (0: none saved yet); a save against another is refused. */
    rev: z.number().int().min(0),
  }),
);
export const globalParamsView = lazy(() =>
  z.object({
    projectId: z.string(),
    value: z.string(),
    rev: z.number(),
    updatedAt: z.string().nullable(),
    updatedByName: z.string().nullable(),
  }),
);
export type GlobalParamsView = z.output<typeof globalParamsView>;

// ---- Variables ----

export const variableView = lazy(() =>
  z.object({
    id: z.string(),
    envId: z.string(),
    projectId: z.string(),
    name: z.string(),
    /** The shared value; always empty for a secret. */
    value: z.string(),
    secret: z.boolean(),
    description: z.string(),
    rev: z.number(),
    updatedAt: z.string(),
  }),
);
export type VariableView = z.output<typeof variableView>;

const variableFields = lazy(() => ({
  name: variableName,
  value: variableValue,
  secret: z.boolean().default(false),
  description,
}));
export const variableCreateBody = lazy(() => z.object({ envId: environmentIdSchema, ...variableFields }));
export const variableUpdateBody = lazy(() => z.object({ id: variableIdSchema, rev: z.number().int().min(1), ...variableFields }));
export const variableIdParams = lazy(() => z.object({ id: variableIdSchema }));

// ---- Environments ----

export const environmentView = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    baseUrl: z.string(),
    defaultVariable: z.string(),
    /** This environment's own global parameters (the same JSON as the project's), or null: the project's apply. */
    globalParams: z.string().nullable(),
    variables: z.array(variableView),
    rev: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedByName: z.string(),
  }),
);
export type EnvironmentView = z.output<typeof environmentView>;

export const environmentCreateBody = lazy(() =>
  z.object({
    projectId: idSchema,
    name: environmentName,
    baseUrl,
    defaultVariable,
    globalParams: globalParamsValue.nullable().default(null),
  }),
);
export const environmentUpdateBody = lazy(() =>
  z.object({
    id: environmentIdSchema,
    rev: z.number().int().min(1),
    name: environmentName,
    baseUrl,
    defaultVariable,
    globalParams: globalParamsValue.nullable().default(null),
  }),
);
export const environmentIdParams = lazy(() => z.object({ id: environmentIdSchema }));
export const environmentIdQuery = lazy(() => z.object({ id: environmentIdSchema }));
