import { exampleFromText } from '@shared/param-example';
import type { ModelContent, ParamItem } from '@shared/schemas/document';
import { bodyRoot } from '@shared/schemas/document-kinds';

type Models = ReadonlyMap<string, Pick<ModelContent, 'schema'>>;
const NO_MODELS: Models = new Map();
/** Deep enough for any real schema; a model that contains itself stops here. */
const MAX_DEPTH = 12;

/**
 * An example value for a parameter tree: the rendered view of an HTTP API, the mock preview's request body. A body
 * whose root is not an object (an array of a model...) gives that root's value.
 */
export function exampleOf(params: ParamItem[], models: Models = NO_MODELS): unknown {
  return bodyValue(params, models, 0);
}

function bodyValue(params: ParamItem[], models: Models, depth: number): unknown {
  const root = bodyRoot(params);
  return root ? valueOf(root, models, depth) : objectOf(params, models, depth);
}

function objectOf(params: ParamItem[], models: Models, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > MAX_DEPTH) return out;
  for (const p of params) if (p.name) out[p.name] = valueOf(p, models, depth + 1);
  return out;
}

function valueOf(p: ParamItem, models: Models, depth: number): unknown {
  // A written example is read as the declared type: a string parameter's "13800000000" stays a string.
  if (p.value.trim() !== '') return exampleFromText(p.type, p.value);
  if (p.default) return exampleFromText(p.type, p.default);
  if (p.enum?.length) return p.enum[0];
  if (p.combine) {
    const branches = p.children.map((b) => valueOf({ ...b, name: b.name || p.name }, models, depth + 1));
    if (p.combine !== 'allOf') return branches[0] ?? null;
    return Object.assign({}, ...branches.filter((b) => b && typeof b === 'object' && !Array.isArray(b))) as object;
  }
  if (p.ref !== undefined) {
    const rows = depth > MAX_DEPTH ? [] : (models.get(p.ref)?.schema ?? []);
    const value = bodyValue(rows, models, depth + 1);
    return p.type === 'array' || p.type === 'array[object]' ? [value] : value;
  }
  switch (p.type) {
    case 'integer':
    case 'int32':
    case 'int64':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'object':
      return objectOf(p.children, models, depth);
    case 'array[object]':
      return [objectOf(p.children, models, depth)];
    case 'array':
    case 'array[array]':
      return p.children.length ? [objectOf(p.children, models, depth)] : [];
    case 'array[string]':
      return ['string'];
    case 'array[number]':
      return [0];
    case 'array[boolean]':
      return [false];
    case 'file':
      return '(file)';
    default:
      return 'string';
  }
}
