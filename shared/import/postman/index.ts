/**
 * Postman collection 2.1 (and 2.0, the same shape) and Postman environment files. Folders become folders;
 * requests become HTTP API documents with `:id` path variables as path parameters, every body mode, saved
 * responses as examples of their status; collection variables and environments go to the project. Pre-request
 * and test scripts are kept as text in the description and flagged with a warning: they never run here.
 */
import { API_SCRIPT_MAX_CHARS, type ApiContent, type ApiResponse, type ApiScripts, type ParamItem } from '../../schemas/document';
import { apiKey, DocumentList, finish, isMethod, prettyBody, RESPONSE_FORMAT_OF_MEDIA, row, rowsFromJsonText, RowIds } from '../build';
import { emptyProject, type ImportedVariable, type ImportResult, type ImportWarning } from '../types';
import { isObject, list, text, type Obj } from '../values';

export const isPostmanCollection = (v: unknown) =>
  isObject(v) &&
  isObject(v.info) &&
  typeof v.info.schema === 'string' &&
  /schema\.getpostman\.com\/json\/collection\/v2/.test(v.info.schema);
export const isPostmanEnvironment = (v: unknown) =>
  isObject(v) && Array.isArray(v.values) && typeof v.name === 'string' && (v._postman_variable_scope === 'environment' || 'id' in v);

export function importPostmanEnvironment(env: unknown): ImportResult {
  const e = env as Obj;
  return {
    format: 'postman-environment',
    documents: [],
    warnings: [],
    project: { ...emptyProject(), environments: [{ name: text(e.name), variables: variablesOf(e.values) }] },
  };
}

/** Secret values are never carried: Postman's "secret" type marks them. */
function variablesOf(values: unknown): ImportedVariable[] {
  return list(values)
    .filter(isObject)
    .filter((v) => v.disabled !== true && typeof v.key === 'string')
    .map((v) => (v.type === 'secret' ? { name: text(v.key), value: '', secret: true } : { name: text(v.key), value: valueText(v.value) }));
}
const valueText = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));

export function importPostmanCollection(collection: unknown): ImportResult {
  const c = collection as Obj;
  const warnings: ImportWarning[] = [];
  const documents = new DocumentList(warnings);
  const walk = (items: unknown[], folder: string[], pointer: string) =>
    items.forEach((raw, i) => {
      const at = `${pointer}/${i}`;
      if (!isObject(raw)) return;
      if (Array.isArray(raw.item)) {
        scriptsOf(raw, at, warnings);
        walk(raw.item, [...folder, text(raw.name) || 'Folder'], `${at}/item`);
        return;
      }
      documents.add(requestDocument(raw, folder, at, warnings), at);
    });
  scriptsOf(c, '', warnings);
  walk(list(c.item), [], '/item');
  const info = isObject(c.info) ? c.info : {};
  const variables = variablesOf(c.variable);
  return {
    format: 'postman',
    documents: documents.documents,
    warnings,
    project: {
      ...emptyProject(),
      name: text(info.name) || undefined,
      description: descriptionText(info.description) || undefined,
      environments: variables.length ? [{ name: text(info.name) || 'Collection', variables }] : [],
    },
  };
}

const descriptionText = (d: unknown) => (typeof d === 'string' ? d : isObject(d) ? text(d.content) : '');

/** An event's script as one text (Postman keeps it as a list of lines). */
function eventCode(e: unknown): string {
  if (!isObject(e) || !isObject(e.script)) return '';
  const exec = e.script.exec;
  return Array.isArray(exec) ? exec.filter((l) => typeof l === 'string').join('\n') : text(exec);
}

/**
 * A collection's or a folder's scripts have no API to belong to: they are flagged (nothing of a foreign script runs
 * at import).
 */
function scriptsOf(item: Obj, pointer: string, warnings: ImportWarning[]) {
  list(item.event).forEach((e, i) => {
    if (eventCode(e).trim() && isObject(e))
      warnings.push({ pointer: `${pointer}/event/${i}`, code: 'script', params: { listen: text(e.listen) } });
  });
}

/**
 * A request's `prerequest` and `test` events become its API's pre-request and post-response scripts (run only when
 * someone runs the API in the Run tab); any other event is flagged.
 */
function requestScripts(item: Obj, pointer: string, warnings: ImportWarning[]): ApiScripts | undefined {
  const scripts = { pre: '', post: '' };
  list(item.event).forEach((e, i) => {
    const code = eventCode(e);
    if (!code.trim() || !isObject(e)) return;
    const listen = text(e.listen);
    const which = listen === 'prerequest' ? 'pre' : listen === 'test' ? 'post' : undefined;
    if (which) scripts[which] = [scripts[which], code].filter(Boolean).join('\n').slice(0, API_SCRIPT_MAX_CHARS);
    else warnings.push({ pointer: `${pointer}/event/${i}`, code: 'script', params: { listen } });
  });
  return scripts.pre || scripts.post ? scripts : undefined;
}

interface UrlParts {
  path: string;
  query: ParamItem[];
  pathVariables: ParamItem[];
  host: string;
}

/** Postman's URL object or string: the path with `:id` variables turned into `{id}`, query and path variables as rows. */
function urlParts(ids: RowIds, url: unknown): UrlParts {
  const u = isObject(url) ? url : { raw: text(url) };
  const raw = text(u.raw);
  let path: string;
  let host = '';
  if (Array.isArray(u.path)) {
    path = `/${u.path.map((s) => (isObject(s) ? text(s.value) : String(s))).join('/')}`;
    host = Array.isArray(u.host) ? u.host.join('.') : text(u.host);
  } else {
    const withoutQuery = raw.split('?')[0] ?? '';
    const match = /^(?:[a-z]+:\/\/)?([^/]*)(\/.*)?$/i.exec(withoutQuery);
    host = match?.[1] ?? '';
    path = match?.[2] ?? '/';
  }
  const described = new Map(
    list(u.variable)
      .filter(isObject)
      .map((v) => [text(v.key), v]),
  );
  const pathVariables: ParamItem[] = [];
  path = path.replace(/\/:([A-Za-z_][\w-]*)/g, (_, name: string) => {
    const v = described.get(name);
    pathVariables.push(
      row(ids, name, 'string', { required: true, value: valueText(v?.value), description: descriptionText(v?.description) }),
    );
    return `/{${name}}`;
  });
  const queryList = Array.isArray(u.query)
    ? u.query.filter(isObject).map((q) => ({
        key: text(q.key),
        value: valueText(q.value),
        description: descriptionText(q.description),
        disabled: q.disabled === true,
      }))
    : [...new URLSearchParams(raw.split('?')[1] ?? '')].map(([key, value]) => ({ key, value, description: '', disabled: false }));
  const query = queryList.filter((q) => q.key).map((q) => row(ids, q.key, 'string', { value: q.value, description: q.description }));
  return { path: path || '/', query, pathVariables, host };
}

function requestDocument(item: Obj, folder: string[], pointer: string, warnings: ImportWarning[]) {
  const ids = new RowIds();
  const request = isObject(item.request) ? item.request : { url: text(item.request), method: 'GET' };
  const method = text(request.method).toUpperCase() || 'GET';
  if (!isMethod(method)) {
    warnings.push({ pointer, code: 'skippedMethod', params: { method } });
    return undefined;
  }
  const url = urlParts(ids, request.url);
  const headers = list(request.header)
    .filter(isObject)
    .filter((h) => h.disabled !== true && text(h.key))
    .map((h) => row(ids, text(h.key), 'string', { value: text(h.value), description: descriptionText(h.description) }));
  const body = bodyOf(ids, request.body, headers, `${pointer}/request/body`, warnings);
  const responses = responsesOf(ids, item.response);
  const scripts = requestScripts(item, pointer, warnings);
  const name = text(item.name) || `${method} ${url.path}`;
  const description = descriptionText(request.description) || name;
  return finish(
    {
      key: apiKey(method, url.path),
      type: 'api',
      name,
      folder,
      content: {
        method,
        path: url.path,
        description,
        reqPath: url.pathVariables,
        reqQuery: url.query,
        reqHeaders: headers,
        ...body,
        responses,
        servers: url.host && !url.host.startsWith('{{') ? [{ url: `https://${url.host}`, description: '' }] : [],
        ...(scripts ? { scripts } : {}),
      },
    },
    pointer,
    warnings,
  );
}

function bodyOf(
  ids: RowIds,
  body: unknown,
  headers: ParamItem[],
  pointer: string,
  warnings: ImportWarning[],
): Pick<ApiContent, 'requestType' | 'reqBody' | 'reqExamples'> {
  if (!isObject(body) || body.disabled === true) return { requestType: 'none', reqBody: [], reqExamples: [] };
  const fields = (entries: unknown) =>
    list(entries)
      .filter(isObject)
      .filter((f) => f.disabled !== true && text(f.key))
      .map((f) =>
        row(ids, text(f.key), f.type === 'file' ? 'file' : 'string', {
          value: f.type === 'file' ? '' : text(f.value),
          description: descriptionText(f.description),
        }),
      );
  switch (body.mode) {
    case 'raw': {
      const raw = text(body.raw);
      const language = isObject(body.options) && isObject(body.options.raw) ? text(body.options.raw.language) : '';
      const contentType = headers.find((h) => h.name.toLowerCase() === 'content-type')?.value ?? '';
      const requestType =
        language === 'json' || /json/i.test(contentType) ? 'json' : language === 'xml' || /xml/i.test(contentType) ? 'xml' : 'raw';
      const rows = requestType === 'json' ? rowsFromJsonText(ids, raw) : undefined;
      return {
        requestType: rows ? 'json' : requestType === 'json' ? 'raw' : requestType,
        reqBody: rows ?? [],
        reqExamples: raw ? [{ name: '', value: prettyBody(raw) }] : [],
      };
    }
    case 'urlencoded':
      return { requestType: 'form', reqBody: fields(body.urlencoded), reqExamples: [] };
    case 'formdata':
      return { requestType: 'form-data', reqBody: fields(body.formdata), reqExamples: [] };
    case 'graphql': {
      const g = isObject(body.graphql) ? body.graphql : {};
      const value = JSON.stringify(
        { query: text(g.query), variables: text(g.variables) ? safeJson(text(g.variables)) : undefined },
        null,
        2,
      );
      return {
        requestType: 'json',
        reqBody: [row(ids, 'query', 'string', { required: true }), row(ids, 'variables', 'object')],
        reqExamples: [{ name: 'GraphQL', value }],
      };
    }
    case 'file':
      return { requestType: 'raw', reqBody: [row(ids, '', 'file')], reqExamples: [] };
    default:
      warnings.push({ pointer, code: 'unsupportedBody', params: { mode: text(body.mode) } });
      return { requestType: 'none', reqBody: [], reqExamples: [] };
  }
}

const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s);
  } catch {
    return s;
  }
};

/** Saved responses become examples of their status; the first of each status also describes its body. */
function responsesOf(ids: RowIds, saved: unknown): ApiResponse[] {
  const byStatus = new Map<string, ApiResponse>();
  for (const r of list(saved).filter(isObject)) {
    const status = typeof r.code === 'number' && r.code >= 100 && r.code <= 599 ? String(r.code) : '200';
    const contentType = list(r.header)
      .filter(isObject)
      .find((h) => text(h.key).toLowerCase() === 'content-type');
    const media = contentType ? text(contentType.value) : text(r._postman_previewlanguage) === 'json' ? 'application/json' : '';
    const body = text(r.body);
    let response = byStatus.get(status);
    if (!response) {
      response = {
        status,
        description: text(r.status),
        format: RESPONSE_FORMAT_OF_MEDIA(media || (body.trim().startsWith('{') ? 'json' : 'text')),
        headers: list(r.header)
          .filter(isObject)
          .filter((h) => text(h.key))
          .map((h) => row(ids, text(h.key), 'string', { value: text(h.value) })),
        body: (body && rowsFromJsonText(ids, body)) || [],
        examples: [],
      };
      byStatus.set(status, response);
    }
    if (body)
      response.examples.push({
        name: text(r.name).slice(0, 200),
        ...(media ? { mediaType: media } : {}),
        value: prettyBody(body).slice(0, 200_000),
      });
  }
  return byStatus.size ? [...byStatus.values()] : [{ status: '200', description: '', format: 'json', headers: [], body: [], examples: [] }];
}
