/**
 * JSON Schema (OpenAPI 3.1's dialect, and the draft-4 schemas YApi stores) as parameter rows. An allOf of objects
 * becomes one object with all their fields (as the peers show it); other compositions stay compositions, `$ref`s to named schemas stay model references (never inlined: that is what keeps GitHub's largest
 * operation small), other local `$ref`s are followed once with a guard against cycles, and `$ref`s to files or
 * URLs are never followed: they become a warning.
 */
import { LIMITS } from '../constants';
import type { ParamItem, ParamType } from '../schemas/document';
import { exampleText, pointerOf, row, type RowIds } from './build';
import { ImportRefusal } from './parse';
import type { ImportWarning } from './types';

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

export interface SchemaContext {
  ids: RowIds;
  warnings: ImportWarning[];
  /** The whole source, for local `$ref`s. */
  root: unknown;
  /** The name of the model a `$ref` names, or undefined when it names no model (then it is followed inline). */
  modelOf: (ref: string) => string | undefined;
  /** The schema of a model, to tell an array-of-objects model from a scalar one. */
  modelSchema: (name: string) => unknown;
}

/** Resolves `#/a/b` in the source; undefined when it leads nowhere. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const isExternal = (ref: string) => !ref.startsWith('#');

/** The rows of a body or model: an object's properties, else one unnamed root row. */
export function schemaRows(ctx: SchemaContext, schema: unknown, pointer: string): ParamItem[] {
  const resolved = followLocal(ctx, schema, pointer, []);
  if (isObject(resolved) && isPlainObjectSchema(resolved)) return propertiesOf(ctx, resolved, pointer, 1, []);
  // An allOf of objects is one object: its fields are the body's, as a plain object's are.
  const merged = isObject(resolved) ? mergedAllOf(ctx, resolved, pointer, []) : undefined;
  if (merged && !merged.nullable) return fieldRows(ctx, merged, 1, []);
  if (!isObject(schema) && schema !== true) return [];
  return [schemaRow(ctx, '', schema, false, pointer, 1, [])];
}

/** An object schema with nothing but properties (and what rows keep beside them): its rows are the properties. */
function isPlainObjectSchema(s: Schema): boolean {
  if (s.$ref !== undefined || s.allOf || s.oneOf || s.anyOf) return false;
  const types = typesOf(s);
  return (types.length === 0 && isObject(s.properties)) || (types.length === 1 && types[0] === 'object');
}

/** Follows `$ref`s that name no model (the source's own parameters, or a path inside a schema), with a cycle guard. */
function followLocal(ctx: SchemaContext, schema: unknown, pointer: string, seen: string[]): unknown {
  let current = schema;
  const chain = [...seen];
  while (isObject(current) && typeof current.$ref === 'string' && !isExternal(current.$ref) && ctx.modelOf(current.$ref) === undefined) {
    if (chain.includes(current.$ref)) {
      ctx.warnings.push({ pointer, code: 'unresolvedRef', params: { ref: current.$ref } });
      return {};
    }
    chain.push(current.$ref);
    const target = resolvePointer(ctx.root, current.$ref);
    if (target === undefined) {
      ctx.warnings.push({ pointer, code: 'unresolvedRef', params: { ref: current.$ref } });
      return {};
    }
    current = target;
  }
  return current;
}

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return (s.type as unknown[]).filter((t): t is string => typeof t === 'string');
  return typeof s.type === 'string' ? [s.type] : [];
}

function propertiesOf(ctx: SchemaContext, s: Schema, pointer: string, depth: number, refs: string[]): ParamItem[] {
  const properties = isObject(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as unknown[]).filter((r) => typeof r === 'string') : []);
  return Object.entries(properties).map(([name, property]) =>
    schemaRow(ctx, name, property, required.has(name), `${pointer}${pointerOf('properties', name)}`, depth, refs),
  );
}

const SCALAR_TYPES: Record<string, ParamType> = { string: 'string', integer: 'integer', number: 'number', boolean: 'boolean' };
const ARRAY_OF: Record<string, ParamType> = {
  string: 'array[string]',
  integer: 'array[number]',
  number: 'array[number]',
  boolean: 'array[boolean]',
  object: 'array[object]',
  array: 'array[array]',
};

const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);
const scalar = (v: unknown): string | number | boolean | null | undefined =>
  v === null || ['string', 'number', 'boolean'].includes(typeof v) ? (v as string | number | boolean | null) : undefined;

/** The schema's examples, wherever the source put them (3.1 `examples`, the older `example`, `x-example`). */
function examplesOf(s: Schema): unknown[] {
  const out: unknown[] = [];
  if (Array.isArray(s.examples)) out.push(...(s.examples as unknown[]));
  if (s.example !== undefined) out.push(s.example);
  if (s['x-example'] !== undefined) out.push(s['x-example']);
  return out;
}

/** One row from a schema: its type, constraints, children, composition or model. */
export function schemaRow(
  ctx: SchemaContext,
  name: string,
  input: unknown,
  required: boolean,
  pointer: string,
  depth: number,
  refs: string[],
): ParamItem {
  if (depth > LIMITS.paramDepth) throw new ImportRefusal('importTooDeep', { depth: LIMITS.paramDepth }, pointer);
  if (input === true || input === undefined) return row(ctx.ids, name, 'any', { required });
  if (!isObject(input)) return row(ctx.ids, name, 'any', { required });

  // A `$ref` to a file or a URL is never followed: a local file could be the server's environment.
  if (typeof input.$ref === 'string' && isExternal(input.$ref)) {
    ctx.warnings.push({ pointer, code: 'externalRef', params: { ref: input.$ref } });
    return row(ctx.ids, name, 'any', { required, description: textOf(input.description) });
  }
  if (typeof input.$ref === 'string') {
    const model = ctx.modelOf(input.$ref);
    if (model !== undefined) return modelRow(ctx, name, model, input, required);
  }
  const s = followLocal(ctx, input, pointer, refs);
  if (!isObject(s)) return row(ctx.ids, name, 'any', { required });
  const nextRefs = typeof input.$ref === 'string' ? [...refs, input.$ref] : refs;

  const base = constraintsOf(s);
  const description = textOf(input.description) || textOf(s.description) || textOf(s.title);
  const item = (type: ParamType, extra: Partial<ParamItem> = {}) => row(ctx.ids, name, type, { required, description, ...base, ...extra });

  // `properties` beside a oneOf/anyOf whose branches only name required fields ("one of url or html is required"):
  // one object with every property, and the rule kept beside its fields.
  const requires = requiredSetsOf(s);
  if (requires)
    return item('object', {
      nullable: typesOf(s).includes('null') || s.nullable === true || undefined,
      requires,
      children: propertiesOf(ctx, s, pointer, depth + 1, nextRefs),
    });
  const combination = (['allOf', 'oneOf', 'anyOf'] as const).find((k) => Array.isArray(s[k]) && (s[k] as unknown[]).length > 0);
  if (combination) {
    const branches = s[combination] as unknown[];
    // `allOf: [$ref]` is how a description or nullability is put on a reference: a plain model reference.
    if (combination === 'allOf' && branches.length === 1 && !s.properties) {
      const only = schemaRow(ctx, name, branches[0], required, `${pointer}/allOf/0`, depth, nextRefs);
      return { ...only, ...base, description: description || only.description };
    }
    // Objects put together (a model and the fields added to it): one object with all their fields, as peers show it.
    const merged = combination === 'allOf' ? mergedAllOf(ctx, s, pointer, []) : undefined;
    if (merged)
      return item('object', { ...(merged.nullable ? { nullable: true } : {}), children: fieldRows(ctx, merged, depth + 1, nextRefs) });
    const children = branches.map((b, i) => schemaRow(ctx, '', b, false, `${pointer}/${combination}/${i}`, depth + 1, nextRefs));
    if (isObject(s.properties)) children.push(row(ctx.ids, '', 'object', { children: propertiesOf(ctx, s, pointer, depth + 2, nextRefs) }));
    const type = typesOf(s).find((t) => t !== 'null');
    return item(type === 'object' ? 'object' : 'any', { combine: combination, children });
  }

  const types = typesOf(s);
  const nullable = types.includes('null') || s.nullable === true || s['x-nullable'] === true || undefined;
  const type = types.find((t) => t !== 'null') ?? (isObject(s.properties) ? 'object' : isObject(s.items) ? 'array' : undefined);
  switch (type) {
    case 'object':
      return item('object', { nullable, children: propertiesOf(ctx, s, pointer, depth + 1, nextRefs) });
    case 'array':
      return arrayRow(ctx, s, pointer, depth, nextRefs, (t, extra) => item(t, { nullable, ...extra }));
    case 'string': {
      const file = s.format === 'binary' || s.contentMediaType === 'application/octet-stream' || s.type === 'file';
      return item(file ? 'file' : 'string', { nullable });
    }
    case 'file':
      return item('file', { nullable });
    case undefined:
      return item('any', { nullable });
    default:
      return item(SCALAR_TYPES[type] ?? 'any', { nullable });
  }
}

/** What a branch holding nothing but `required` may carry besides it. */
const REQUIRED_ONLY_KEYS = new Set(['required', 'description', 'title']);

/**
 * The oneOf or anyOf of an object whose branches each only name required fields, as the sets of names; undefined
 * for any other schema (a branch with a type, properties or a reference is a composition of its own).
 */
export function requiredSetsOf(s: Schema): ParamItem['requires'] {
  if (!isObject(s.properties) || s.allOf) return undefined;
  const types = typesOf(s).filter((t) => t !== 'null');
  if (types.length && (types.length !== 1 || types[0] !== 'object')) return undefined;
  const combine = s.oneOf && s.anyOf ? undefined : Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
  const branches = combine ? (s[combine] as unknown[]) : [];
  if (!combine || !branches.length) return undefined;
  const sets: string[][] = [];
  for (const branch of branches) {
    if (!isObject(branch) || !Object.keys(branch).every((k) => REQUIRED_ONLY_KEYS.has(k)) || !Array.isArray(branch.required))
      return undefined;
    const names = (branch.required as unknown[]).filter((n): n is string => typeof n === 'string');
    if (!names.length || names.length !== branch.required.length) return undefined;
    sets.push(names.slice(0, 50).map((n) => n.slice(0, 200)));
  }
  return { combine, sets: sets.slice(0, 50) };
}

function arrayRow(
  ctx: SchemaContext,
  s: Schema,
  pointer: string,
  depth: number,
  refs: string[],
  item: (type: ParamType, extra?: Partial<ParamItem>) => ParamItem,
): ParamItem {
  const itemsPointer = `${pointer}/items`;
  const items = s.items;
  if (!isObject(items)) return item('array');
  if (typeof items.$ref === 'string' && !isExternal(items.$ref)) {
    const model = ctx.modelOf(items.$ref);
    if (model !== undefined) {
      const target = ctx.modelSchema(model);
      const objectModel = isObject(target) && (typesOf(target).includes('object') || isObject(target.properties) || !!target.allOf);
      return item(objectModel ? 'array[object]' : 'array', { ref: model });
    }
  }
  const inner = followLocal(ctx, items, itemsPointer, refs);
  if (!isObject(inner)) return item('array');
  // Items that are objects put together (a model and fields added to it) are objects: their fields are the rows.
  const merged = !inner.oneOf && !inner.anyOf && inner.allOf ? mergedAllOf(ctx, inner, itemsPointer, []) : undefined;
  if (merged && !merged.nullable) return item('array[object]', { children: fieldRows(ctx, merged, depth + 1, refs) });
  if (inner.oneOf || inner.anyOf || inner.allOf || (typeof items.$ref === 'string' && isExternal(items.$ref))) {
    // An array of a composition: the row's one child is the item.
    return item('array', { children: [schemaRow(ctx, '', items, false, itemsPointer, depth + 1, refs)] });
  }
  const innerType = typesOf(inner).find((t) => t !== 'null') ?? (isObject(inner.properties) ? 'object' : undefined);
  if (innerType === 'object') return item('array[object]', { children: propertiesOf(ctx, inner, itemsPointer, depth + 1, refs) });
  if (innerType === 'array') {
    const deeper = isObject(inner.items) ? followLocal(ctx, inner.items, `${itemsPointer}/items`, refs) : undefined;
    const children =
      isObject(deeper) && isObject(deeper.properties) ? propertiesOf(ctx, deeper, `${itemsPointer}/items`, depth + 1, refs) : [];
    return item('array[array]', { children });
  }
  const itemConstraints = constraintsOf(inner);
  return item(innerType ? (ARRAY_OF[innerType] ?? 'array') : 'array', {
    ...(itemConstraints.enum ? { enum: itemConstraints.enum } : {}),
    ...(itemConstraints.format ? { format: itemConstraints.format } : {}),
    ...(itemConstraints.pattern ? { pattern: itemConstraints.pattern } : {}),
  });
}

function modelRow(ctx: SchemaContext, name: string, model: string, input: Schema, required: boolean): ParamItem {
  const target = ctx.modelSchema(model);
  const isArrayModel = isObject(target) && typesOf(target).includes('array');
  const isScalar = isObject(target) && ['string', 'integer', 'number', 'boolean'].some((t) => typesOf(target).includes(t));
  const type: ParamType = isArrayModel ? 'any' : isScalar ? 'any' : 'object';
  return row(ctx.ids, name, type, { required, ref: model, description: textOf(input.description), ...constraintsOf(input) });
}

const textOf = (v: unknown) => (typeof v === 'string' ? v : '');

/** The fields of an allOf merged: each with the schema and the place in the source it came from. */
interface MergedObject {
  fields: Map<string, { schema: unknown; pointer: string; required: boolean }>;
  nullable: boolean;
}

/**
 * An `allOf` whose parts are all objects (inline, local or a model, themselves possibly allOf) as one object: the
 * fields of every part, a later part's field replacing an earlier one of the same name, required where any part
 * requires it. Undefined when a part is anything else (a scalar, a oneOf, a file or URL, a model that refers back
 * to itself through the allOf): that allOf stays a composition.
 */
function mergedAllOf(ctx: SchemaContext, s: Schema, pointer: string, models: string[]): MergedObject | undefined {
  if (!Array.isArray(s.allOf) || s.allOf.length < 2 || s.oneOf || s.anyOf) return undefined;
  const out: MergedObject = { fields: new Map(), nullable: typesOf(s).includes('null') || s.nullable === true };
  const parts: [unknown, string][] = (s.allOf as unknown[]).map((part, i) => [part, `${pointer}/allOf/${i}`]);
  // Fields written beside the allOf belong to the same object.
  if (isObject(s.properties)) parts.push([{ properties: s.properties, required: s.required }, pointer]);
  for (const [part, at] of parts) if (!addPart(ctx, out, part, at, models)) return undefined;
  return out;
}

function addPart(ctx: SchemaContext, out: MergedObject, part: unknown, pointer: string, models: string[]): boolean {
  if (!isObject(part)) return false;
  let schema: unknown = part;
  let at = pointer;
  if (typeof part.$ref === 'string') {
    if (isExternal(part.$ref)) return false;
    const model = ctx.modelOf(part.$ref);
    if (model !== undefined) {
      if (models.includes(model)) return false;
      models = [...models, model];
      schema = ctx.modelSchema(model);
      at = part.$ref.slice(1);
    } else schema = followLocal(ctx, part, pointer, []);
  }
  if (!isObject(schema) || schema.oneOf || schema.anyOf || schema.$ref !== undefined) return false;
  if (Array.isArray(schema.allOf)) {
    const inner = mergedAllOf(ctx, schema, at, models);
    if (!inner) return false;
    for (const [name, field] of inner.fields)
      out.fields.set(name, { ...field, required: field.required || !!out.fields.get(name)?.required });
    return true;
  }
  const types = typesOf(schema).filter((t) => t !== 'null');
  if (types.length ? types.length !== 1 || types[0] !== 'object' : !isObject(schema.properties)) return false;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as unknown[]) : []);
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {}))
    out.fields.set(name, {
      schema: property,
      pointer: `${at}${pointerOf('properties', name)}`,
      required: required.has(name) || !!out.fields.get(name)?.required,
    });
  // A part may only name fields as required that another part declares.
  for (const name of required) {
    const field = typeof name === 'string' ? out.fields.get(name) : undefined;
    if (field) field.required = true;
  }
  return true;
}

function fieldRows(ctx: SchemaContext, merged: MergedObject, depth: number, refs: string[]): ParamItem[] {
  return [...merged.fields].map(([name, field]) => schemaRow(ctx, name, field.schema, field.required, field.pointer, depth, refs));
}

/** Everything a row keeps beside its type: example(s), enum, format, default, ranges, lengths, pattern, deprecated. */
function constraintsOf(s: Schema): Partial<ParamItem> {
  const out: Partial<ParamItem> = {};
  const examples = examplesOf(s).map(exampleText);
  if (examples.length) {
    out.value = examples[0]!.slice(0, 10_000);
    if (examples.length > 1) out.examples = examples.slice(1, 21).map((e) => e.slice(0, 10_000));
  }
  if (Array.isArray(s.enum)) {
    const values = (s.enum as unknown[]).map(scalar).filter((v) => v !== undefined);
    if (values.length) out.enum = values.slice(0, 1_000);
  } else if (s.const !== undefined && scalar(s.const) !== undefined) out.enum = [scalar(s.const)!];
  if (typeof s.format === 'string') out.format = s.format.slice(0, 100);
  if (s.default !== undefined) out.default = exampleText(s.default).slice(0, 10_000);
  const minimum = finite(s.minimum);
  const maximum = finite(s.maximum);
  // 3.1 writes an exclusive bound as the number; 3.0 and draft 4 as a flag beside minimum/maximum.
  if (finite(s.exclusiveMinimum) !== undefined) Object.assign(out, { minimum: s.exclusiveMinimum, exclusiveMinimum: true });
  else if (minimum !== undefined) Object.assign(out, { minimum, ...(s.exclusiveMinimum === true ? { exclusiveMinimum: true } : {}) });
  if (finite(s.exclusiveMaximum) !== undefined) Object.assign(out, { maximum: s.exclusiveMaximum, exclusiveMaximum: true });
  else if (maximum !== undefined) Object.assign(out, { maximum, ...(s.exclusiveMaximum === true ? { exclusiveMaximum: true } : {}) });
  for (const key of ['minLength', 'maxLength', 'minItems', 'maxItems'] as const) {
    const n = count(s[key]);
    if (n !== undefined) out[key] = n;
  }
  if (typeof s.pattern === 'string') out.pattern = s.pattern.slice(0, 1_000);
  if (s.deprecated === true) out.deprecated = true;
  return out;
}
