/**
 * RAP2's repository export: modules of interfaces whose properties are a flat list tied by `parentId` (-1 at the
 * top), with `scope` request or response and `pos` 1 header, 2 query, 3 body. Each property's Mock.js `rule`
 * and `value` become our Mock.js template for the interface (`{"list|1-10": [...]}`), kept beside the document
 * for its mock settings; the values stay as examples.
 */
import type { ParamItem, ParamType } from '../../schemas/document';
import { apiKey, DocumentList, finish, isMethod, row, RowIds } from '../build';
import { emptyProject, type ImportResult, type ImportWarning } from '../types';
import { isObject, list, textOrNumber as text, type Obj } from '../values';

export const isRap2 = (v: unknown) =>
  isObject(v) && Array.isArray(v.modules) && v.modules.some((m) => isObject(m) && Array.isArray(m.interfaces)) && !('docs' in v);

interface Property {
  id: unknown;
  parentId: unknown;
  scope: string;
  pos: number;
  name: string;
  type: string;
  rule: string;
  value: string;
  description: string;
  required: boolean;
}

const TYPES: Record<string, ParamType> = {
  string: 'string',
  number: 'number',
  boolean: 'boolean',
  object: 'object',
  array: 'array[object]',
  function: 'string',
  regexp: 'string',
  null: 'any',
};

function property(p: Obj): Property {
  return {
    id: p.id,
    parentId: p.parentId ?? -1,
    scope: text(p.scope) || 'response',
    pos: typeof p.pos === 'number' ? p.pos : 3,
    name: text(p.name),
    type: text(p.type).toLowerCase(),
    rule: text(p.rule),
    value: text(p.value),
    description: text(p.description),
    required: p.required === true,
  };
}

function tree(ids: RowIds, all: Property[], parent: unknown, depth = 0): ParamItem[] {
  if (depth > 64) return [];
  return all
    .filter((p) => String(p.parentId) === String(parent))
    .map((p) => {
      const children = tree(ids, all, p.id, depth + 1);
      const type = p.type === 'array' && !children.length ? 'array' : (TYPES[p.type] ?? 'string');
      return row(ids, p.name, type, {
        required: p.required,
        value: p.type === 'object' || p.type === 'array' ? '' : p.value,
        description: p.description,
        children,
      });
    });
}

/** A Mock.js template: `name|rule` keys, values from the property's value or its children. */
function template(all: Property[], parent: unknown, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (depth > 64) return out;
  for (const p of all.filter((x) => String(x.parentId) === String(parent))) {
    const key = p.rule ? `${p.name}|${p.rule}` : p.name;
    if (p.type === 'object') out[key] = template(all, p.id, depth + 1);
    else if (p.type === 'array') {
      const hasChildren = all.some((x) => String(x.parentId) === String(p.id));
      out[key] = hasChildren ? [template(all, p.id, depth + 1)] : literal(p.value, []);
    } else if (p.type === 'number') out[key] = literal(p.value, 1);
    else if (p.type === 'boolean') out[key] = literal(p.value, true);
    else out[key] = p.value;
  }
  return out;
}

const literal = (value: string, fallback: unknown): unknown => {
  if (!value.trim()) return fallback;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

export function importRap2(repository: unknown): ImportResult {
  const repo = repository as Obj;
  const warnings: ImportWarning[] = [];
  const documents = new DocumentList(warnings);
  const mocks: Record<string, string> = {};
  list(repo.modules).forEach((rawModule, m) => {
    if (!isObject(rawModule)) return;
    const folder = text(rawModule.name) ? [text(rawModule.name)] : [];
    list(rawModule.interfaces).forEach((raw, i) => {
      const pointer = `/modules/${m}/interfaces/${i}`;
      if (!isObject(raw)) return;
      const method = text(raw.method).toUpperCase() || 'GET';
      if (!isMethod(method)) {
        warnings.push({ pointer, code: 'skippedMethod', params: { method } });
        return;
      }
      const url = text(raw.url) || '/';
      const path = url.startsWith('/') ? url.split('?')[0]! : `/${url.split('?')[0]}`;
      const ids = new RowIds();
      const properties = list(raw.properties).filter(isObject).map(property);
      const request = properties.filter((p) => p.scope === 'request');
      const response = properties.filter((p) => p.scope === 'response');
      // Only the top level says where a property goes; its children follow it.
      const top = (pos: number) =>
        tree(
          ids,
          request.filter((p) => String(p.parentId) !== '-1' || p.pos === pos),
          -1,
        );
      const key = apiKey(method, path);
      const responseTemplate = template(response, -1);
      if (Object.keys(responseTemplate).length) mocks[key] = JSON.stringify(responseTemplate, null, 2);
      documents.add(
        finish(
          {
            key,
            type: 'api',
            name: text(raw.name) || `${method} ${path}`,
            folder,
            content: {
              method,
              path,
              description: text(raw.description) || text(raw.name) || `${method} ${path}`,
              reqHeaders: top(1),
              reqQuery: top(2),
              reqBody: top(3),
              requestType: 'json',
              responses: [
                {
                  status: typeof raw.status === 'number' && raw.status >= 100 && raw.status <= 599 ? String(raw.status) : '200',
                  body: tree(ids, response, -1),
                },
              ],
            },
          },
          pointer,
          warnings,
        ),
        pointer,
      );
    });
  });
  return {
    format: 'rap2',
    documents: documents.documents,
    warnings,
    project: { ...emptyProject(), name: text(repo.name) || undefined, description: text(repo.description) || undefined },
    mockTemplates: mocks,
  };
}
