/**
 * YApi's JSON export: an array of categories `{name, desc, list: [interface]}`. An interface's request and
 * response bodies are JSON-schema strings (`req_body_other`, `res_body`) when `*_is_json_schema` says so, else
 * example JSON: both are parsed into parameter rows. Categories become folders.
 */
import type { ParamItem } from '../../schemas/document';
import { apiKey, DocumentList, finish, isMethod, prettyBody, row, rowsFromJsonText, RowIds } from '../build';
import { schemaRows } from '../json-schema';
import { emptyProject, type ImportResult, type ImportWarning } from '../types';
import { isObject, list, textOrNumber as text, type Obj } from '../values';

/** YApi writes booleans as '1' and '0', or 1 and 0. */
const flag = (v: unknown) => v === '1' || v === 1 || v === true;

export const isYapi = (v: unknown) =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((c) => isObject(c) && Array.isArray(c.list)) &&
  v.some((c) => list((c as Obj).list).some((i) => (isObject(i) && 'req_body_type' in i) || (isObject(i) && 'path' in i && 'method' in i)));

/** A JSON-schema string, or an example when the flag says it is not a schema; nothing when it does not parse. */
function bodyRows(ids: RowIds, body: unknown, isSchema: boolean, pointer: string, warnings: ImportWarning[]): ParamItem[] {
  const source = text(body).trim();
  if (!source) return [];
  if (!isSchema) return rowsFromJsonText(ids, source) ?? [];
  let schema: unknown;
  try {
    schema = JSON.parse(source);
  } catch {
    warnings.push({ pointer, code: 'unreadable', params: { detail: 'JSON schema' } });
    return [];
  }
  return schemaRows({ ids, warnings, root: schema, modelOf: () => undefined, modelSchema: () => undefined }, schema, pointer);
}

const REQUEST_TYPES: Record<string, 'json' | 'form' | 'form-data' | 'raw' | 'none'> = {
  json: 'json',
  form: 'form',
  file: 'form-data',
  raw: 'raw',
};

export function importYapi(categories: unknown): ImportResult {
  const warnings: ImportWarning[] = [];
  const documents = new DocumentList(warnings);
  list(categories).forEach((rawCategory, c) => {
    if (!isObject(rawCategory)) return;
    const folder = text(rawCategory.name) ? [text(rawCategory.name)] : [];
    list(rawCategory.list).forEach((raw, i) => {
      const pointer = `/${c}/list/${i}`;
      if (!isObject(raw)) return;
      const method = text(raw.method).toUpperCase();
      const path = text(raw.path) || '/';
      if (!isMethod(method)) {
        warnings.push({ pointer, code: 'skippedMethod', params: { method } });
        return;
      }
      const ids = new RowIds();
      const reqType = REQUEST_TYPES[text(raw.req_body_type)] ?? 'json';
      const form = list(raw.req_body_form)
        .filter(isObject)
        .map((f) =>
          row(ids, text(f.name), f.type === 'file' ? 'file' : 'string', {
            required: flag(f.required),
            value: text(f.example),
            description: text(f.desc),
          }),
        );
      const bodyOther = text(raw.req_body_other);
      const reqBody =
        reqType === 'form' || reqType === 'form-data'
          ? form
          : reqType === 'json'
            ? bodyRows(ids, bodyOther, flag(raw.req_body_is_json_schema), `${pointer}/req_body_other`, warnings)
            : [];
      const resIsSchema = flag(raw.res_body_is_json_schema);
      const resBody =
        text(raw.res_body_type) === 'json' || !raw.res_body_type
          ? bodyRows(ids, raw.res_body, resIsSchema, `${pointer}/res_body`, warnings)
          : [];
      const markdown =
        text(raw.markdown) ||
        text(raw.desc)
          .replace(/<[^>]+>/g, '')
          .trim();
      documents.add(
        finish(
          {
            key: apiKey(method, path),
            type: 'api',
            name: text(raw.title) || `${method} ${path}`,
            folder,
            content: {
              method,
              path,
              status: text(raw.status) === 'done' ? 'completed' : 'developing',
              description: markdown || text(raw.title) || `${method} ${path}`,
              requestType: reqType,
              reqPath: list(raw.req_params)
                .filter(isObject)
                .map((p) => row(ids, text(p.name), 'string', { required: true, value: text(p.example), description: text(p.desc) })),
              reqQuery: list(raw.req_query)
                .filter(isObject)
                .map((p) =>
                  row(ids, text(p.name), 'string', { required: flag(p.required), value: text(p.example), description: text(p.desc) }),
                ),
              reqHeaders: list(raw.req_headers)
                .filter(isObject)
                .map((p) =>
                  row(ids, text(p.name), 'string', {
                    required: flag(p.required),
                    value: text(p.value) || text(p.example),
                    description: text(p.desc),
                  }),
                ),
              reqBody,
              reqExamples: reqType === 'raw' && bodyOther ? [{ name: '', value: bodyOther }] : [],
              responses: [
                {
                  status: '200',
                  format: text(raw.res_body_type) === 'raw' ? 'text' : 'json',
                  body: resBody,
                  examples: !resIsSchema && text(raw.res_body).trim() ? [{ name: '', value: prettyBody(text(raw.res_body)) }] : [],
                },
              ],
              tags: list(raw.tag).filter((t): t is string => typeof t === 'string'),
            },
          },
          pointer,
          warnings,
        ),
        pointer,
      );
    });
  });
  return { format: 'yapi', documents: documents.documents, warnings, project: emptyProject() };
}
