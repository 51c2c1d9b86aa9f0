/**
 * Postman collection 2.1 and Postman environment (issue 23), written here (postman-collection, 1.1 MB bundled,
 * only checks them in tests). Folders come from the tree; each HTTP API is a request on `{{baseUrl}}` with its
 * path variables (`:id`), query, headers and body; `{{variables}}` are kept as written; each response's examples
 * become saved responses of its status (a response without one still gets a saved response, so no status is
 * lost). Other kinds of document (pages, rich text...) have no place in a collection and are left out. The environment is the project's first, with its base URL as `baseUrl`, secret values blank.
 */
import type { ApiloomFile } from '../../../shared/import/apiloom';
import { bodyRoot, type ApiContent, type ApiResponse, type ParamItem } from '../../../shared/schemas/document';
import { exampleValue, readNodes, type ReadNode } from '../common';
import type { ExportWriter } from '../types';
import { fullNameOf } from '../../../shared/titles';
import { postmanCode, type ExportOmission } from '../../../shared/export-omissions';

type Obj = Record<string, unknown>;

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const MEDIA_OF_RESPONSE: Record<ApiResponse['format'], string> = {
  json: 'application/json',
  xml: 'application/xml',
  text: 'text/plain',
  html: 'text/html',
};
const PREVIEW: Record<ApiResponse['format'], string> = { json: 'json', xml: 'xml', text: 'text', html: 'html' };

/** An example value of rows: what their examples say, nested as the rows are. */
export function exampleOfRows(rows: ParamItem[]): unknown {
  const root = bodyRoot(rows);
  if (root) return exampleOfRow(root);
  return Object.fromEntries(rows.map((p) => [p.name, exampleOfRow(p)]));
}
function exampleOfRow(p: ParamItem): unknown {
  if (p.value !== '') return exampleValue(p.value, p.type === 'string');
  if (p.type === 'object' && p.children.length) return exampleOfRows(p.children);
  if (p.type === 'array[object]' && p.children.length) return [exampleOfRows(p.children)];
  if (p.type.startsWith('array')) return [];
  if (p.type === 'object') return {};
  if (p.type === 'integer' || p.type === 'int32' || p.type === 'int64' || p.type === 'number') return 0;
  if (p.type === 'boolean') return false;
  return '';
}

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

function bodyOf(c: ApiContent): Obj | undefined {
  const example = c.reqExamples[0]?.value;
  switch (c.requestType) {
    case 'none':
      return c.reqBody.length || example
        ? { mode: 'raw', raw: example ?? pretty(exampleOfRows(c.reqBody)), options: { raw: { language: 'json' } } }
        : undefined;
    case 'json':
      return { mode: 'raw', raw: example ?? pretty(exampleOfRows(c.reqBody)), options: { raw: { language: 'json' } } };
    case 'xml':
      return { mode: 'raw', raw: example ?? '', options: { raw: { language: 'xml' } } };
    case 'raw':
      return { mode: 'raw', raw: example ?? '', options: { raw: { language: 'text' } } };
    case 'form':
      return {
        mode: 'urlencoded',
        urlencoded: c.reqBody.map((p) => ({
          key: p.name,
          value: p.value,
          type: 'text',
          ...(p.description ? { description: p.description } : {}),
        })),
      };
    case 'form-data':
      return {
        mode: 'formdata',
        formdata: c.reqBody.map((p) =>
          p.type === 'file'
            ? { key: p.name, type: 'file', src: [], ...(p.description ? { description: p.description } : {}) }
            : { key: p.name, value: p.value, type: 'text', ...(p.description ? { description: p.description } : {}) },
        ),
      };
  }
}

/** `{id}` as Postman's `:id`; a full URL keeps its path (the host is `{{baseUrl}}`). */
function pathSegments(path: string): string[] {
  let p = path.trim().split('?')[0]!;
  const url = /^https?:\/\/[^/]+(\/.*)?$/i.exec(p);
  if (url) p = url[1] ?? '/';
  return p
    .replace(/\{([^}]+)\}/g, ':$1')
    .split('/')
    .filter(Boolean);
}

function requestItem({ node, typed }: ReadNode): Obj | undefined {
  if (typed?.type !== 'api') return undefined;
  const c = typed.content;
  const segments = pathSegments(c.path);
  const query = c.reqQuery.map((p) => ({ key: p.name, value: p.value, ...(p.description ? { description: p.description } : {}) }));
  const queryText = query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : '';
  const url = {
    raw: `{{baseUrl}}/${segments.join('/')}${queryText}`,
    host: ['{{baseUrl}}'],
    path: segments,
    ...(query.length ? { query } : {}),
    ...(c.reqPath.length
      ? { variable: c.reqPath.map((p) => ({ key: p.name, value: p.value, ...(p.description ? { description: p.description } : {}) })) }
      : {}),
  };
  const header = c.reqHeaders.map((p) => ({
    key: p.name,
    value: p.value,
    type: 'text',
    ...(p.description ? { description: p.description } : {}),
  }));
  const body = bodyOf(c);
  const request = { method: c.method, header, url, ...(body ? { body } : {}), description: c.description };
  const response = c.responses.flatMap((r) => {
    const media = MEDIA_OF_RESPONSE[r.format];
    const code = postmanCode(r.status);
    const saved = (name: string, body: string, mediaType = media) => ({
      name: name || `${r.status} ${r.description}`.trim(),
      originalRequest: request,
      status: r.description,
      code,
      _postman_previewlanguage: PREVIEW[r.format],
      header: [{ key: 'Content-Type', value: mediaType }, ...r.headers.map((h) => ({ key: h.name, value: h.value }))],
      body,
    });
    if (r.examples.length) return r.examples.map((e) => saved(e.name, e.value, e.mediaType ?? media));
    return [saved('', r.body.length ? pretty(exampleOfRows(r.body)) : '')];
  });
  const event = eventsOf(c.scripts);
  return {
    name: fullNameOf(node.name, typed?.type === 'api' ? typed.content : undefined),
    ...(event.length ? { event } : {}),
    request,
    response,
  };
}

/** The API's request scripts as Postman's events: the pre-request script `prerequest`, the post-response one `test`. */
function eventsOf(scripts: ApiContent['scripts']): Obj[] {
  const events: Obj[] = [];
  for (const [listen, code] of [
    ['prerequest', scripts?.pre ?? ''],
    ['test', scripts?.post ?? ''],
  ] as const) {
    if (code.trim()) events.push({ listen, script: { type: 'text/javascript', exec: code.split('\n') } });
  }
  return events;
}

/** The Postman collection of a project file, as a plain object. */
export function postmanCollectionOf(file: ApiloomFile): Obj {
  const nodes = readNodes(file);
  const children = new Map<string, ReadNode[]>();
  for (const n of nodes) children.set(n.node.parentId, [...(children.get(n.node.parentId) ?? []), n]);
  const itemsOf = (parentId: string): Obj[] =>
    (children.get(parentId) ?? []).flatMap((n) => {
      if (n.node.type === 'folder') return [{ name: n.node.name, item: itemsOf(n.node.id) }];
      const item = requestItem(n);
      return item ? [item] : [];
    });
  const baseUrl = file.project.environments.find((e) => e.baseUrl)?.baseUrl ?? file.project.servers[0]?.url ?? '';
  return {
    info: {
      name: file.project.name || 'API',
      ...(file.project.description ? { description: file.project.description } : {}),
      schema: POSTMAN_SCHEMA,
    },
    item: itemsOf(''),
    variable: [{ key: 'baseUrl', value: baseUrl, type: 'string' }],
  };
}

/** The project's first environment as a Postman environment: its base URL as `baseUrl`, secret values blank. */
export function postmanEnvironmentOf(file: ApiloomFile, exportedAt: string): Obj {
  const env = file.project.environments[0];
  const variables = env?.variables ?? [];
  return {
    name: env?.name ?? file.project.name ?? 'Environment',
    values: [
      ...(env?.baseUrl && !variables.some((v) => v.name === 'baseUrl')
        ? [{ key: 'baseUrl', value: env.baseUrl, type: 'default', enabled: true }]
        : []),
      ...variables.map((v) => ({ key: v.name, value: v.secret ? '' : v.value, type: v.secret ? 'secret' : 'default', enabled: true })),
    ],
    _postman_variable_scope: 'environment',
    _postman_exported_at: exportedAt,
    _postman_exported_using: 'Apiloom',
  };
}

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));

export const writePostman: ExportWriter = async (file) => ({
  body: json(postmanCollectionOf(file)),
  contentType: 'application/json',
  extension: 'json',
  omissions: postmanOmissions(file),
});

const countRows = (rows: ParamItem[]): number => rows.reduce((n, r) => n + 1 + countRows(r.children), 0);

/**
 * What a collection of the file leaves out, document by document: range and `default` responses (saved under one
 * code), request examples past the first, the request body's field definitions (one example stands for them),
 * data models and pages.
 */
export function postmanOmissions(file: ApiloomFile): ExportOmission[] {
  const out: ExportOmission[] = [];
  for (const { node, typed } of readNodes(file)) {
    if (node.type === 'folder') continue;
    if (typed?.type === 'model') out.push({ kind: 'models', document: node.name });
    else if (typed?.type !== 'api') out.push({ kind: 'pages', document: node.name });
    else {
      const c = typed.content;
      for (const r of c.responses) if (!/^\d{3}$/.test(r.status)) out.push({ kind: 'rangeStatus', document: node.name, detail: r.status });
      if (c.reqExamples.length > 1) out.push({ kind: 'requestExamples', document: node.name, detail: String(c.reqExamples.length - 1) });
      // A form's fields are the collection's own rows; a JSON or XML body is one example text.
      if (!['form', 'form-data'].includes(c.requestType) && c.reqBody.length)
        out.push({ kind: 'bodyFields', document: node.name, detail: String(countRows(c.reqBody)) });
    }
  }
  return out;
}

export const writePostmanEnvironment: ExportWriter = async (file, options) => ({
  body: json(postmanEnvironmentOf(file, options.exportedAt)),
  contentType: 'application/json',
  extension: 'json',
});
