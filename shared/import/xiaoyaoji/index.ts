/**
 * xiaoyaoji's `.mjson` export (the spec's "MJSON"), both shapes its importer reads:
 * - 2.x: `{version, name, ...project, docs: [{name, type, content, sort, children}]}`, `type` one of `sys.http`,
 *   `sys.doc.md`, `sys.doc.richtext`, `sys.thirdparty`, `sys.folder`, `sys.websocket`; an HTTP doc's `content` is a
 *   JSON string `{url, requestMethod, dataType, contentType, requestHeaders, requestArgs, responseHeaders,
 *   responseArgs, example, status}`.
 * - 1.x (no `version`): `{project: {name, details, environments}, modules: [{name, folders: [{name, children:
 *   [interface]}]}]}`, each interface's `requestHeaders`, `requestArgs` and `responseArgs` JSON strings.
 * Arguments are `{name, type, require, description, defaultValue, children}` trees. `$name$` in URLs are
 * environment variables, kept as `{{name}}`.
 */
import type { ImportedDocument } from '../types';
import type { ParamItem, ParamType } from '../../schemas/document';
import { apiKey, DocumentList, finish, isMethod, pageKey, prettyBody, row, RowIds, titleOf } from '../build';
import { emptyProject, type ImportedVariable, type ImportResult, type ImportWarning } from '../types';
import { isObject, list, textOrNumber as text, type Obj } from '../values';

/** Fields xiaoyaoji stored as JSON strings, read either way. */
const jsonField = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return undefined;
  }
};

export const isXiaoyaoji2 = (v: unknown) => isObject(v) && typeof v.version === 'string' && Array.isArray(v.docs);
export const isXiaoyaoji1 = (v: unknown) => isObject(v) && isObject(v.project) && Array.isArray(v.modules) && !('version' in v);

const TYPES: Record<string, ParamType> = {
  string: 'string',
  number: 'number',
  integer: 'integer',
  int: 'integer',
  long: 'int64',
  boolean: 'boolean',
  object: 'object',
  array: 'array',
  'array[object]': 'array[object]',
  'array[string]': 'array[string]',
  'array[number]': 'array[number]',
  'array[boolean]': 'array[boolean]',
  file: 'file',
};

function args(ids: RowIds, value: unknown, depth = 0): ParamItem[] {
  if (depth > 64) return [];
  return list(jsonField(value))
    .filter(isObject)
    .filter((a) => text(a.name))
    .map((a) =>
      row(ids, text(a.name), TYPES[text(a.type).toLowerCase()] ?? 'string', {
        required: a.require === true || a.require === 'true',
        value: text(a.defaultValue),
        description: text(a.description),
        children: args(ids, a.children, depth + 1),
      }),
    );
}

const REQUEST_TYPES: Record<string, 'json' | 'form' | 'form-data' | 'xml' | 'raw' | 'none'> = {
  JSON: 'json',
  'X-WWW-FORM-URLENCODED': 'form',
  'FORM-DATA': 'form-data',
  XML: 'xml',
  RAW: 'raw',
  BINARY: 'raw',
};
const RESPONSE_FORMATS: Record<string, 'json' | 'xml' | 'text' | 'html'> = {
  JSON: 'json',
  JSONP: 'json',
  XML: 'xml',
  HTML: 'html',
  TEXT: 'text',
};

/** An HTTP interface of either version as an API document. */
function httpDocument(http: Obj, name: string, folder: string[], pointer: string, warnings: ImportWarning[]) {
  const ids = new RowIds();
  const method = text(http.requestMethod).toUpperCase() || 'GET';
  if (!isMethod(method)) {
    warnings.push({ pointer, code: 'skippedMethod', params: { method } });
    return undefined;
  }
  const url = text(http.url).replace(/\$(\w+)\$/g, '{{$1}}');
  const path = (/^(?:\{\{\w+\}\}|[a-z]+:\/\/[^/]*)?(\/[^?#]*)?/i.exec(url)?.[1] ?? '/') || '/';
  const pathArgs = [...path.matchAll(/\{(\w+)\}/g)].map((m) => row(ids, m[1]!, 'string', { required: true }));
  const example = text(http.example);
  const requestType = REQUEST_TYPES[text(http.dataType).toUpperCase()] ?? 'form';
  const requestArgs = args(ids, http.requestArgs);
  const isBody = !['GET', 'HEAD', 'DELETE'].includes(method);
  return finish(
    {
      key: apiKey(method, path),
      type: 'api',
      name: name || `${method} ${path}`,
      folder,
      content: {
        method,
        path,
        status: text(http.status).toUpperCase() === 'DEPRECATED' ? 'deprecated' : 'developing',
        description: text(http.description) || name || `${method} ${path}`,
        requestType: isBody ? requestType : 'none',
        reqPath: pathArgs,
        reqQuery: isBody ? [] : requestArgs,
        reqBody: isBody ? requestArgs : [],
        reqHeaders: args(ids, http.requestHeaders),
        responses: [
          {
            status: '200',
            format: RESPONSE_FORMATS[text(http.contentType).toUpperCase()] ?? 'json',
            headers: args(ids, http.responseHeaders),
            body: args(ids, http.responseArgs),
            examples: example.trim() ? [{ name: '', value: prettyBody(example) }] : [],
          },
        ],
      },
    },
    pointer,
    warnings,
  );
}

function environments(value: unknown): { name: string; variables: ImportedVariable[] }[] {
  return list(jsonField(value))
    .filter(isObject)
    .map((e) => ({
      name: text(e.name),
      variables: list(e.vars)
        .filter(isObject)
        .map((v) => ({ name: text(v.name), value: text(v.value) })),
    }));
}

export function importXiaoyaoji(file: unknown): ImportResult {
  const warnings: ImportWarning[] = [];
  const documents = new DocumentList(warnings);
  const f = file as Obj;
  if (isXiaoyaoji2(f)) {
    const walk = (docs: unknown[], folder: string[], pointer: string) =>
      [...docs]
        .filter(isObject)
        .sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0))
        .forEach((doc, i) => {
          const at = `${pointer}/${i}`;
          const name = text(doc.name);
          const type = text(doc.type);
          const children = list(doc.children);
          if (type === 'sys.folder') return walk(children, [...folder, name || 'Folder'], `${at}/children`);
          documents.add(docOf(doc, type, name, folder, at, warnings), at);
          if (children.length) walk(children, [...folder, name || 'Folder'], `${at}/children`);
        });
    walk(list(f.docs), [], '/docs');
    return {
      format: 'xiaoyaoji',
      documents: documents.documents,
      warnings,
      project: {
        ...emptyProject(),
        name: text(f.name) || undefined,
        description: text(f.description) || undefined,
        environments: environments(f.environments),
      },
    };
  }
  const project = isObject(f.project) ? f.project : {};
  const details = text(project.details);
  if (details.trim())
    documents.add(
      finish(
        { key: pageKey([], '项目描述'), type: 'doc', name: '项目描述', folder: [], content: { markdown: details } },
        '/project/details',
        warnings,
      ),
      '/project/details',
    );
  list(f.modules).forEach((rawModule, m) => {
    if (!isObject(rawModule)) return;
    const moduleName = text(rawModule.name) || 'Module';
    list(rawModule.folders).forEach((rawFolder, fi) => {
      if (!isObject(rawFolder)) return;
      const folder = [moduleName, text(rawFolder.name) || 'Folder'];
      list(rawFolder.children).forEach((raw, i) => {
        const at = `/modules/${m}/folders/${fi}/children/${i}`;
        if (isObject(raw)) documents.add(httpDocument(raw, text(raw.name), folder, at, warnings), at);
      });
    });
  });
  return {
    format: 'xiaoyaoji',
    documents: documents.documents,
    warnings,
    project: {
      ...emptyProject(),
      name: text(project.name) || undefined,
      description: text(project.description) || undefined,
      environments: environments(project.environments),
    },
  };
}

function docOf(
  doc: Obj,
  type: string,
  name: string,
  folder: string[],
  pointer: string,
  warnings: ImportWarning[],
): ImportedDocument | undefined {
  const title = titleOf(name);
  switch (type) {
    case 'sys.http': {
      const content = jsonField(doc.content);
      return httpDocument(isObject(content) ? content : {}, name, folder, pointer, warnings);
    }
    case 'sys.doc.richtext':
      return finish(
        { key: pageKey(folder, title), type: 'richtext', name, folder, content: { html: text(doc.content) } },
        pointer,
        warnings,
      );
    case 'sys.thirdparty': {
      const content = jsonField(doc.content);
      const url = isObject(content) ? text(content.url) : text(doc.content);
      if (/^https?:\/\/\S+$/i.test(url))
        return finish({ key: pageKey(folder, title), type: 'link', name, folder, content: { url } }, pointer, warnings);
      return finish(
        { key: pageKey(folder, title), type: 'doc', name, folder, content: { markdown: text(doc.content) } },
        pointer,
        warnings,
      );
    }
    case 'sys.websocket': {
      warnings.push({ pointer, code: 'skippedEntry', params: { detail: 'websocket → markdown' } });
      const content = jsonField(doc.content);
      const markdown = isObject(content) ? `\`${text(content.url)}\`\n\n${text(content.description)}` : text(doc.content);
      return finish({ key: pageKey(folder, title), type: 'doc', name, folder, content: { markdown } }, pointer, warnings);
    }
    default:
      return finish(
        { key: pageKey(folder, title), type: 'doc', name, folder, content: { markdown: text(doc.content) } },
        pointer,
        warnings,
      );
  }
}
