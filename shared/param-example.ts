/**
 * A parameter's written example (`value`) read as its declared type: one rule for every place that shows or sends
 * an example (the rendered view, the mock preview's request body, the `auto` mock). A string stays the text it was
 * written as, even when it reads as a number ("13800000000") or as JSON; numbers and booleans that do not read as
 * such fall back to 0 and false; invalid JSON for an object or array gives an empty one, and a typed array's items
 * follow its item type (spec section 5).
 */
import type { ParamItem } from './schemas/document';

type ParamType = ParamItem['type'];

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const toNumber = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const toBoolean = (value: unknown): boolean => value === true || value === 1 || value === 'true' || value === '1';
const toText = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value === null || value === undefined ? '' : JSON.stringify(value);
};

/** The example text `value` as a value of `type`. */
export function exampleFromText(type: ParamType, value: string): unknown {
  const text = value.trim();
  switch (type) {
    case 'string':
    case 'file':
      return value;
    case 'integer':
    case 'int32':
    case 'int64':
      return Math.trunc(toNumber(text));
    case 'number':
      return toNumber(text);
    case 'boolean':
      return toBoolean(text);
    case 'object': {
      const parsed = parseJson(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {};
    }
    case 'array':
    case 'array[array]':
    case 'array[object]':
    case 'array[string]':
    case 'array[number]':
    case 'array[boolean]': {
      const parsed = parseJson(text);
      if (!Array.isArray(parsed)) return [];
      switch (type) {
        case 'array[string]':
          return parsed.map(toText);
        case 'array[number]':
          return parsed.map(toNumber);
        case 'array[boolean]':
          return parsed.map(toBoolean);
        case 'array[object]':
          return parsed.filter((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
        case 'array[array]':
          return parsed.filter((item) => Array.isArray(item));
        default:
          return parsed;
      }
    }
    case 'any': {
      // Any type: what the text reads as, JSON first.
      const parsed = parseJson(text);
      return parsed === undefined ? value : parsed;
    }
    default:
      return value;
  }
}
