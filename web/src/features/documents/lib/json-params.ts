/** "Import from JSON": a pasted example becomes a parameter tree (names, types, nesting, example values). */
import { LIMITS } from '@shared/constants';
import type { ParamItem } from '@shared/schemas/document';

const newParamId = () => crypto.randomUUID().replace(/-/g, '').slice(0, 10);

export const newParam = (over: Partial<ParamItem> = {}): ParamItem => ({
  id: newParamId(),
  name: '',
  type: 'string',
  required: false,
  value: '',
  description: '',
  children: [],
  ...over,
});

function typeOf(value: unknown): ParamItem['type'] {
  if (Array.isArray(value)) {
    const first: unknown = value[0];
    if (first === undefined) return 'array';
    if (Array.isArray(first)) return 'array[array]';
    if (typeof first === 'object' && first !== null) return 'array[object]';
    if (typeof first === 'number') return 'array[number]';
    if (typeof first === 'boolean') return 'array[boolean]';
    return 'array[string]';
  }
  if (value === null) return 'string';
  if (typeof value === 'object') return 'object';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  return 'string';
}

function toParams(value: Record<string, unknown>, depth: number): ParamItem[] {
  return Object.entries(value).map(([name, v]) => {
    const type = typeOf(v);
    const nested =
      type === 'object'
        ? (v as Record<string, unknown>)
        : type === 'array[object]'
          ? ((v as unknown[])[0] as Record<string, unknown>)
          : undefined;
    // Parameters nest at most LIMITS.paramDepth deep; deeper example data is kept as its JSON text.
    const children = nested && depth < LIMITS.paramDepth - 1 ? toParams(nested, depth + 1) : [];
    const scalar = typeof v !== 'object' || v === null;
    return newParam({
      name,
      type,
      children,
      value: scalar
        ? v === null
          ? ''
          : typeof v === 'string'
            ? v
            : JSON.stringify(v)
        : children.length || !nested
          ? ''
          : JSON.stringify(v),
    });
  });
}

/** Parses pasted JSON: an object gives its fields; an array of objects gives the fields of its first item. */
export function paramsFromJson(text: string): ParamItem[] {
  const parsed: unknown = JSON.parse(text);
  if (Array.isArray(parsed) && typeof parsed[0] === 'object' && parsed[0] !== null && !Array.isArray(parsed[0]))
    return toParams(parsed[0] as Record<string, unknown>, 0);
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return toParams(parsed as Record<string, unknown>, 0);
  throw new SyntaxError('not an object');
}
