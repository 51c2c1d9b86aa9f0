import { exampleFromText } from '@shared/param-example';
import type { ModelContent, ParamItem } from '@shared/schemas/document';
import { bodyRoot } from '@shared/schemas/document-kinds';

type Models = ReadonlyMap<string, Pick<ModelContent, 'schema'>>;
const NO_MODELS: Models = new Map();
/** Deep enough for any real schema. */
const MAX_DEPTH = 12;
/**
 * Models inside each other: a model met again on its own path ends there (`{}`, or `[]` for a list of it), and
 * past this many a reference is left empty too. Models that refer to each other (a tree node, its owner, the
 * owner's teams...) multiplied out to megabytes of example before (issue 39's render budget).
 */
const MODEL_DEPTH = 3;
/** Values one example holds at most, whatever the shape: a wide schema stops growing here. */
const MAX_VALUES = 5_000;

/** Where a value is: how deep, inside which models; and what is left of the example's values. */
interface Walk {
  models: Models;
  depth: number;
  open: readonly string[];
  left: { values: number };
}

/**
 * An example value for a parameter tree: the rendered view of an HTTP API, the mock preview's request body. A body
 * whose root is not an object (an array of a model...) gives that root's value.
 */
export function exampleOf(params: ParamItem[], models: Models = NO_MODELS): unknown {
  return bodyValue(params, { models, depth: 0, open: [], left: { values: MAX_VALUES } });
}

const deeper = (at: Walk, by = 1): Walk => ({ ...at, depth: at.depth + by });

function bodyValue(params: ParamItem[], at: Walk): unknown {
  const root = bodyRoot(params);
  return root ? valueOf(root, at) : objectOf(params, at);
}

function objectOf(params: ParamItem[], at: Walk): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (at.depth > MAX_DEPTH) return out;
  for (const p of params) {
    if (at.left.values <= 0) break;
    if (p.name) out[p.name] = valueOf(p, deeper(at));
  }
  return out;
}

function valueOf(p: ParamItem, at: Walk): unknown {
  at.left.values--;
  // A written example is read as the declared type: a string parameter's "13800000000" stays a string.
  if (p.value.trim() !== '') return exampleFromText(p.type, p.value);
  if (p.default) return exampleFromText(p.type, p.default);
  if (p.enum?.length) return p.enum[0];
  if (p.combine) {
    const branches = p.children.map((b) => valueOf({ ...b, name: b.name || p.name }, deeper(at)));
    if (p.combine !== 'allOf') return branches[0] ?? null;
    return Object.assign({}, ...branches.filter((b) => b && typeof b === 'object' && !Array.isArray(b))) as object;
  }
  if (p.ref !== undefined) {
    const many = p.type === 'array' || p.type === 'array[object]';
    if (at.open.includes(p.ref) || at.open.length >= MODEL_DEPTH || at.depth > MAX_DEPTH) return many ? [] : {};
    const value = bodyValue(at.models.get(p.ref)?.schema ?? [], { ...deeper(at), open: [...at.open, p.ref] });
    return many ? [value] : value;
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
      return objectOf(p.children, at);
    case 'array[object]':
      return [objectOf(p.children, at)];
    case 'array':
    case 'array[array]':
      return p.children.length ? [objectOf(p.children, at)] : [];
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
