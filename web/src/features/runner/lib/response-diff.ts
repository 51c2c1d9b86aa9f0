/**
 * A response body against the documented response parameters: fields the document names that the body lacks,
 * fields the body has that the document does not name, and values of another type than documented. Nested objects
 * and every item of an array of objects are compared; a path reads like `data.items[].id`.
 */
import type { ApiResponse, ParamItem, ParamType } from '@shared/schemas/document';
import { bodyRoot } from '@shared/schemas/document-kinds';

export interface DiffProblem {
  path: string;
  kind: 'missing' | 'extra' | 'type';
  /** For `missing`: whether the document marks the field required. */
  required?: boolean;
  expected?: ParamType;
  /** The JSON type found: string, integer, number, boolean, object, array, null. */
  actual?: string;
}

/** The documented response for a status: the exact code, then its range (`4XX`), then `default`. */
export function documentedResponse<R extends Pick<ApiResponse, 'status'>>(responses: R[], status: number): R | undefined {
  const code = String(status);
  return (
    responses.find((r) => r.status === code) ??
    responses.find((r) => r.status.toUpperCase() === `${code[0]}XX`) ??
    responses.find((r) => r.status === 'default')
  );
}

export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a value has the documented type; a field of no type, a file or a model reference admits anything. */
function fits(p: ParamItem, value: unknown): boolean {
  if (value === null) return !!p.nullable;
  const actual = jsonTypeOf(value);
  switch (p.type) {
    case 'string':
      return actual === 'string';
    case 'integer':
    case 'int32':
    case 'int64':
      return actual === 'integer';
    case 'number':
      return actual === 'integer' || actual === 'number';
    case 'boolean':
      return actual === 'boolean';
    case 'object':
      return actual === 'object';
    case 'array':
    case 'array[array]':
    case 'array[object]':
    case 'array[string]':
    case 'array[number]':
    case 'array[boolean]':
      return actual === 'array';
    default:
      return true;
  }
}

const ITEM_TYPE: Partial<Record<ParamType, string[]>> = {
  'array[string]': ['string'],
  'array[number]': ['integer', 'number'],
  'array[boolean]': ['boolean'],
  'array[array]': ['array'],
};
const isPlainObject = (v: unknown): v is Record<string, unknown> => jsonTypeOf(v) === 'object';
const join = (base: string, name: string) => (base ? `${base}.${name}` : name);

function compareObject(params: ParamItem[], value: Record<string, unknown>, at: string, out: DiffProblem[]) {
  const named = params.filter((p) => p.name !== '');
  for (const p of named) {
    const path = join(at, p.name);
    if (!Object.hasOwn(value, p.name)) out.push({ path, kind: 'missing', required: p.required });
    else compareValue(p, value[p.name], path, out);
  }
  for (const key of Object.keys(value)) {
    if (!named.some((p) => p.name === key)) out.push({ path: join(at, key), kind: 'extra', actual: jsonTypeOf(value[key]) });
  }
}

function compareValue(p: ParamItem, value: unknown, path: string, out: DiffProblem[]) {
  // A composition or a model reference says what it holds elsewhere: checked no deeper here.
  if (p.combine || p.ref !== undefined) return;
  if (!fits(p, value)) {
    out.push({ path, kind: 'type', expected: p.type, actual: jsonTypeOf(value) });
    return;
  }
  if (p.type === 'object' && p.children.length && isPlainObject(value)) compareObject(p.children, value, path, out);
  if (!Array.isArray(value)) return;
  const itemTypes = ITEM_TYPE[p.type];
  const objectItems = p.type === 'array[object]' || (p.type === 'array' && p.children.length > 0);
  const seen = new Set<string>();
  value.forEach((item) => {
    const before = out.length;
    if (itemTypes && !itemTypes.includes(jsonTypeOf(item))) {
      out.push({ path: `${path}[]`, kind: 'type', expected: p.type, actual: jsonTypeOf(item) });
    } else if (objectItems) {
      if (isPlainObject(item)) compareObject(p.children, item, `${path}[]`, out);
      else out.push({ path: `${path}[]`, kind: 'type', expected: 'object', actual: jsonTypeOf(item) });
    }
    // The same problem in many items is one problem.
    for (let i = out.length - 1; i >= before; i--) {
      const key = `${out[i]!.kind} ${out[i]!.path}`;
      if (seen.has(key)) out.splice(i, 1);
      else seen.add(key);
    }
  });
}

/**
 * What differs between a parsed JSON body and the documented body parameters. No parameters documented: nothing
 * to compare against, so no problems.
 */
export function diffResponse(params: ParamItem[], body: unknown): DiffProblem[] {
  if (!params.length) return [];
  const out: DiffProblem[] = [];
  const root = bodyRoot(params);
  if (root) compareValue(root, body, '', out);
  else if (isPlainObject(body)) compareObject(params, body, '', out);
  else out.push({ path: '', kind: 'type', expected: 'object', actual: jsonTypeOf(body) });
  return out;
}
