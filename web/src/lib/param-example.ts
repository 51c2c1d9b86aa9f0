import { exampleFromText } from '@shared/param-example';
import type { ParamItem } from '@shared/schemas/document';

/** An example value for a parameter tree: the rendered view of an HTTP API, the mock preview's request body. */
export function exampleOf(params: ParamItem[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of params) if (p.name) out[p.name] = valueOf(p);
  return out;
}

function valueOf(p: ParamItem): unknown {
  // A written example is read as the declared type: a string parameter's "13800000000" stays a string.
  if (p.value.trim() !== '') return exampleFromText(p.type, p.value);
  switch (p.type) {
    case 'integer':
    case 'int32':
    case 'int64':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'object':
      return exampleOf(p.children);
    case 'array[object]':
      return [exampleOf(p.children)];
    case 'array':
    case 'array[array]':
      return [];
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
