/**
 * Parameters: the rows of an HTTP API's request and responses and of a data model. A parameter tree is a JSON
 * Schema as people read it (a name, a type, required, an example, a description, nested rows), with the schema's
 * constraints beside it, so an OpenAPI file round-trips without losing them.
 *
 * Two conventions carry what a flat row cannot:
 * - A body or model whose root is not a plain object (an array of models, a string, a oneOf) is a list of exactly
 *   one row with an empty name: the root itself (see `bodyRoot` in ./document-kinds).
 * - `combine` (allOf, oneOf, anyOf) keeps a composition as such: the row's children are its branches, unnamed.
 * `ref` points at a data model (a `model` document's id; an importer's output names the model's key until the
 * documents are written): the row is the model, or for an array type each item is.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { LIMITS } from '../constants';
import { vKey } from '../messages';
import { PARAM_TYPES, type ParamType } from './document-kinds';

export const COMBINATIONS = ['allOf', 'oneOf', 'anyOf'] as const;
export type Combination = (typeof COMBINATIONS)[number];
export type JsonScalar = string | number | boolean | null;

/** The parameter rows as they were before version 2 of the API content (frozen: old stored data parses with it). */
export interface ParamItemV1 {
  id: string;
  name: string;
  type: Exclude<ParamType, 'any'>;
  required: boolean;
  value: string;
  description: string;
  expand?: boolean;
  children: ParamItemV1[];
}

export const paramItemV1: z.ZodType<ParamItemV1> = lazy(() =>
  z.object({
    id: z.string().max(64),
    name: z.string().max(200),
    type: z.enum(PARAM_TYPES.filter((t): t is Exclude<ParamType, 'any'> => t !== 'any')),
    required: z.boolean().default(false),
    value: z.string().max(10_000).default(''),
    description: z.string().max(2_000).default(''),
    expand: z.boolean().optional(),
    get children() {
      return z.array(paramItemV1).max(500).default([]);
    },
  }),
);

/** What a row keeps of its schema besides name, type and example. Every field is optional: most rows have none. */
export interface ParamConstraints {
  /** Further examples; `value` holds the first. Each is JSON text, or plain text for a string. */
  examples?: string[];
  enum?: JsonScalar[];
  format?: string;
  nullable?: boolean;
  /** JSON text, or plain text for a string, like `value`. */
  default?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  deprecated?: boolean;
  combine?: Combination;
  ref?: string;
  /**
   * An object's "one of these is required" rule: OpenAPI's `oneOf` (exactly one set) or `anyOf` (at least one)
   * of branches that only name required fields, written beside the object's properties. Each set names fields.
   */
  requires?: RequiredSets;
}

/** Sets of field names of which one (oneOf) or at least one (anyOf) must all be present. */
export interface RequiredSets {
  combine: Exclude<Combination, 'allOf'>;
  sets: string[][];
}

export interface ParamItem extends ParamConstraints {
  id: string;
  name: string;
  type: ParamType;
  required: boolean;
  /** The example value: JSON text, or plain text for a string. Mocks answer with it. */
  value: string;
  /** Markdown. */
  description: string;
  expand?: boolean;
  children: ParamItem[];
}

const count = lazy(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional());
const jsonScalar = lazy(() => z.union([z.string().max(2_000), z.number(), z.boolean(), z.null()]));

export const paramItem: z.ZodType<ParamItem> = lazy(() =>
  z.object({
    id: z.string().max(64),
    name: z.string().max(200),
    type: z.enum(PARAM_TYPES),
    required: z.boolean().default(false),
    value: z.string().max(10_000).default(''),
    description: z.string().max(10_000).default(''),
    expand: z.boolean().optional(),
    examples: z.array(z.string().max(10_000)).max(20).optional(),
    enum: z.array(jsonScalar).max(1_000).optional(),
    format: z.string().max(100).optional(),
    nullable: z.boolean().optional(),
    default: z.string().max(10_000).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.boolean().optional(),
    exclusiveMaximum: z.boolean().optional(),
    minLength: count,
    maxLength: count,
    minItems: count,
    maxItems: count,
    pattern: z.string().max(1_000).optional(),
    deprecated: z.boolean().optional(),
    combine: z.enum(COMBINATIONS).optional(),
    ref: z.string().max(300).optional(),
    requires: z
      .object({
        combine: z.enum(['oneOf', 'anyOf']),
        sets: z
          .array(z.array(z.string().max(200)).min(1).max(50))
          .min(1)
          .max(50),
      })
      .optional(),
    get children() {
      return z.array(paramItem).max(1_000).default([]);
    },
  }),
);

/** How deep a parameter tree goes, counted without recursion (a hostile tree may be thousands of levels deep). */
export function paramDepth(items: unknown): number {
  let depth = 0;
  let level: unknown[] = Array.isArray(items) ? items : [];
  while (level.length) {
    depth++;
    if (depth > LIMITS.paramDepth) return depth;
    level = level.flatMap((item) => {
      const children = item && typeof item === 'object' ? (item as { children?: unknown }).children : undefined;
      return Array.isArray(children) ? (children as unknown[]) : [];
    });
  }
  return depth;
}

/**
 * A parameter list of the given row schema. The depth is checked before the recursive schema runs: validating a
 * tree nested hundreds of levels deep would exhaust the stack (and nobody writes more than a few levels).
 */
export const paramList = <T>(row: z.ZodType<T>, max: number) =>
  z
    .preprocess((value, ctx) => {
      if (paramDepth(value) <= LIMITS.paramDepth) return value;
      ctx.addIssue({ code: 'custom', message: vKey('paramDepth') });
      return z.NEVER;
    }, z.array(row).max(max))
    .default([]);

export const params = lazy(() => paramList(paramItem, 1_000));

/** The array types whose items are objects (their children, or the model `ref` names). */
export const OBJECT_ITEM_TYPES: readonly ParamType[] = ['array[object]', 'array'];
