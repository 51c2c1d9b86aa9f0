/**
 * HAR 1.2 (a browser's recorded traffic): API calls become HTTP API documents, one per method and path
 * template, so `/orders/17` and `/orders/42` merge into `/orders/{id}`. Static assets (scripts, styles, images,
 * fonts, media, documents) are dropped. Each status seen becomes a response with the recorded body as example.
 */
import type { ApiResponse, ParamItem } from '../../schemas/document';
import {
  apiKey,
  DocumentList,
  finish,
  isMethod,
  prettyBody,
  REQUEST_TYPE_OF_MEDIA,
  RESPONSE_FORMAT_OF_MEDIA,
  row,
  rowsFromJsonText,
  RowIds,
} from '../build';
import { emptyProject, type ImportResult, type ImportWarning } from '../types';
import { isObject, list, text, type Obj } from '../values';

export const isHar = (v: unknown) => isObject(v) && isObject(v.log) && Array.isArray(v.log.entries);

const STATIC_EXTENSION = /\.(js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|bmp|woff2?|ttf|otf|eot|mp4|webm|mp3|wav|ogg|pdf|html?|wasm)$/i;
const STATIC_MIME = /^(text\/(css|javascript|html)|application\/(javascript|x-javascript|wasm)|image\/|font\/|audio\/|video\/)/i;

/** A path segment that names one thing: a number, a UUID, a long hex or base64-ish id. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|[A-Za-z0-9_-]{20,})$/i;

/** `/orders/17/items/3` → `/orders/{ordersId}/items/{itemsId}`: each id named after the segment before it. */
export function pathTemplate(path: string): { template: string; names: string[] } {
  const names: string[] = [];
  const segments = path.split('/').map((segment, i, all) => {
    if (!ID_SEGMENT.test(segment)) return segment;
    const before = (all[i - 1] ?? '').replace(/[^A-Za-z0-9]/g, '');
    const base = before ? `${before.replace(/s$/, '')}Id` : 'id';
    let name = base;
    for (let n = 2; names.includes(name); n++) name = `${base}${n}`;
    names.push(name);
    return `{${name}}`;
  });
  return { template: segments.join('/') || '/', names };
}

interface Merged {
  method: string;
  template: string;
  names: string[];
  url: URL;
  entries: { entry: Obj; pointer: string }[];
}

export function importHar(har: unknown): ImportResult {
  const warnings: ImportWarning[] = [];
  const log = (har as Obj).log as Obj;
  const groups = new Map<string, Merged>();
  list(log.entries).forEach((raw, i) => {
    const pointer = `/log/entries/${i}`;
    if (!isObject(raw) || !isObject(raw.request)) return;
    const request = raw.request;
    const response = isObject(raw.response) ? raw.response : {};
    let url: URL;
    try {
      url = new URL(text(request.url));
    } catch {
      warnings.push({ pointer, code: 'skippedEntry', params: { detail: text(request.url).slice(0, 200) } });
      return;
    }
    const mime = isObject(response.content) ? text(response.content.mimeType) : '';
    if (STATIC_EXTENSION.test(url.pathname) || STATIC_MIME.test(mime) || !/^https?:$/.test(url.protocol)) return;
    const method = text(request.method).toUpperCase();
    if (!isMethod(method)) {
      warnings.push({ pointer, code: 'skippedMethod', params: { method } });
      return;
    }
    const { template, names } = pathTemplate(url.pathname);
    const key = apiKey(method, template);
    const group = groups.get(key) ?? { method, template, names, url, entries: [] };
    group.entries.push({ entry: raw, pointer });
    groups.set(key, group);
  });

  const documents = new DocumentList(warnings);
  for (const group of groups.values()) {
    const first = group.entries[0]!;
    const ids = new RowIds();
    const request = first.entry.request as Obj;
    const query = new Map<string, ParamItem>();
    for (const { entry } of group.entries)
      for (const q of list((entry.request as Obj).queryString).filter(isObject))
        if (!query.has(text(q.name))) query.set(text(q.name), row(ids, text(q.name), 'string', { value: text(q.value) }));
    const headers = list(request.headers)
      .filter(isObject)
      .filter(
        (h) => !/^(:|cookie$|host$|content-length$|connection$|accept-encoding$|sec-|user-agent$|referer$|origin$)/i.test(text(h.name)),
      )
      .map((h) => row(ids, text(h.name), 'string', { value: text(h.value) }));
    const postData = isObject(request.postData) ? request.postData : undefined;
    const postText = postData ? text(postData.text) : '';
    const postMime = postData ? text(postData.mimeType) : '';
    const formRows = postData
      ? list(postData.params)
          .filter(isObject)
          .map((p) => row(ids, text(p.name), 'string', { value: text(p.value) }))
      : [];
    const jsonRows = postText && /json/i.test(postMime) ? rowsFromJsonText(ids, postText) : undefined;
    // The path template's values, from the first call.
    const values = new URL(text(request.url)).pathname.split('/');
    const templateParts = group.template.split('/');
    const reqPath = group.names.map((name) =>
      row(ids, name, 'string', { required: true, value: values[templateParts.indexOf(`{${name}}`)] ?? '' }),
    );
    documents.add(
      finish(
        {
          key: apiKey(group.method, group.template),
          type: 'api',
          name: `${group.method} ${group.template}`,
          folder: [group.url.host],
          content: {
            method: group.method,
            path: group.template,
            description: `${group.method} ${group.template}`,
            requestType: postData ? REQUEST_TYPE_OF_MEDIA(postMime) : 'none',
            reqPath,
            reqQuery: [...query.values()],
            reqHeaders: headers,
            reqBody: jsonRows ?? formRows,
            reqExamples: postText ? [{ name: '', mediaType: postMime || undefined, value: prettyBody(postText).slice(0, 200_000) }] : [],
            responses: responsesOf(
              ids,
              group.entries.map((e) => e.entry),
            ),
            servers: [{ url: `${group.url.protocol}//${group.url.host}`, description: '' }],
          },
        },
        first.pointer,
        warnings,
      ),
      first.pointer,
    );
  }
  return { format: 'har', documents: documents.documents, warnings, project: emptyProject() };
}

function responsesOf(ids: RowIds, entries: Obj[]): ApiResponse[] {
  const byStatus = new Map<string, ApiResponse>();
  for (const entry of entries) {
    const r = isObject(entry.response) ? entry.response : {};
    const status = typeof r.status === 'number' && r.status >= 100 && r.status <= 599 ? String(r.status) : undefined;
    if (!status || byStatus.has(status)) continue;
    const content = isObject(r.content) ? r.content : {};
    const mime = text(content.mimeType);
    // Bodies a browser stored base64-encoded are binary: only text bodies are examples.
    const body = content.encoding === 'base64' ? '' : text(content.text);
    byStatus.set(status, {
      status,
      description: text(r.statusText),
      format: RESPONSE_FORMAT_OF_MEDIA(mime),
      headers: [],
      body: (body && /json/i.test(mime) && rowsFromJsonText(ids, body)) || [],
      examples: body ? [{ name: '', ...(mime ? { mediaType: mime } : {}), value: prettyBody(body).slice(0, 200_000) }] : [],
    });
  }
  return [...byStatus.values()];
}
