/**
 * The request as the runner's form holds it (a draft): `{{variables}}` still unfilled, rows that can be switched
 * off, the URL as typed (a path is sent under the environment's base address). `draftFromApi` prefills it from an
 * HTTP API document and the global parameters; `buildRequest` turns it into the `RunRequest` every transport sends,
 * with each variable filled in.
 */
import { fillPath, joinUrl, withQuery } from '@shared/request-address';
import type { ApiContent, HTTP_METHODS, ParamItem } from '@shared/schemas/document';
import type { RunBody, RunFormField, RunRequest } from '@shared/schemas/runner';
import { exampleOf } from '../../../lib/param-example';
import { substitute } from './variables';

export type RunMethod = (typeof HTTP_METHODS)[number];

export interface RunRow {
  name: string;
  value: string;
  enabled: boolean;
  /** From the project's (or the environment's) global parameters, not the document. */
  global?: boolean;
}

export interface RunFile {
  fileName: string;
  contentType: string;
  base64: string;
}

/** A multipart row: a text value, or a file the user picked (kept only while the page is open). */
export interface RunFormRow extends RunRow {
  file?: RunFile | null;
  isFile?: boolean;
}

export const DRAFT_BODY_TYPES = ['none', 'json', 'xml', 'raw', 'form', 'form-data'] as const;
export type DraftBodyType = (typeof DRAFT_BODY_TYPES)[number];

export interface RunDraft {
  method: RunMethod;
  /** An absolute address, or a path sent under the environment's base address. */
  url: string;
  pathParams: RunRow[];
  query: RunRow[];
  headers: RunRow[];
  bodyType: DraftBodyType;
  /** The body of json, xml and raw. */
  bodyText: string;
  /** The rows of form (urlencoded) and form-data. */
  form: RunFormRow[];
  preScript: string;
  postScript: string;
}

/** Where a global parameter goes (the places of the global parameters editor). */
export type GlobalPlace = 'reqHeaders' | 'reqQuery' | 'reqBody' | 'reqPath' | 'respHeaders' | 'respBody';
export interface GlobalParam {
  place: GlobalPlace;
  row: { name: string; value: string };
}

export const blankDraft = (): RunDraft => ({
  method: 'GET',
  url: '',
  pathParams: [],
  query: [],
  headers: [],
  bodyType: 'none',
  bodyText: '',
  form: [],
  preScript: '',
  postScript: '',
});

const CONTENT_TYPES: Partial<Record<DraftBodyType, string>> = {
  json: 'application/json',
  xml: 'application/xml',
  raw: 'text/plain',
  form: 'application/x-www-form-urlencoded',
};

const rowOf = (p: ParamItem): RunRow => ({ name: p.name, value: p.value || p.default || '', enabled: true });
/** A header or query row as offered: an optional one with no value is listed but switched off (not sent as `token:`). */
const offeredRowOf = (p: ParamItem): RunRow => {
  const row = rowOf(p);
  return p.required || row.value !== '' ? row : { ...row, enabled: false };
};
const globalRows = (globals: GlobalParam[], place: GlobalPlace): RunRow[] =>
  globals.filter((g) => g.place === place).map((g) => ({ name: g.row.name, value: g.row.value, enabled: true, global: true }));
/** The document's rows, then the global ones it does not name itself (the document's own row wins). */
const merged = (own: RunRow[], global: RunRow[]) => [...own, ...global.filter((g) => !own.some((r) => r.name === g.name))];
const hasHeader = (rows: RunRow[], name: string) => rows.some((r) => r.name.toLowerCase() === name.toLowerCase());

/** The request an HTTP API document describes, with the global parameters merged in and marked. */
export function draftFromApi(api: ApiContent, globals: GlobalParam[] = []): RunDraft {
  const named = (list: ParamItem[]) => list.filter((p) => p.name.trim() !== '');
  // A body only where the document describes one (fields or an example): a GET without one sends none.
  const bodyDocumented = named(api.reqBody).length > 0 || api.reqExamples.some((e) => e.value.trim() !== '');
  const bodyType: DraftBodyType = bodyDocumented ? api.requestType : 'none';
  const globalBody = globalRows(globals, 'reqBody');
  let bodyText = '';
  let form: RunFormRow[] = [];
  if (bodyType === 'json') {
    const value = exampleOf(api.reqBody);
    const withGlobals =
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...Object.fromEntries(globalBody.map((g) => [g.name, g.value])), ...(value as Record<string, unknown>) }
        : value;
    bodyText = api.reqExamples[0]?.value || JSON.stringify(withGlobals, null, 2);
  } else if (bodyType === 'xml' || bodyType === 'raw') {
    bodyText = api.reqExamples[0]?.value ?? '';
  } else if (bodyType === 'form' || bodyType === 'form-data') {
    const own = named(api.reqBody).map((p): RunFormRow => ({ ...rowOf(p), isFile: bodyType === 'form-data' && p.type === 'file' }));
    form = merged(own, globalBody);
  }
  const headers = merged(named(api.reqHeaders).map(offeredRowOf), globalRows(globals, 'reqHeaders'));
  const contentType = CONTENT_TYPES[bodyType];
  if (contentType && !hasHeader(headers, 'content-type')) headers.push({ name: 'Content-Type', value: contentType, enabled: true });
  return {
    method: api.method,
    url: api.path,
    pathParams: merged(named(api.reqPath).map(rowOf), globalRows(globals, 'reqPath')),
    query: merged(named(api.reqQuery).map(offeredRowOf), globalRows(globals, 'reqQuery')),
    headers,
    bodyType,
    bodyText,
    form,
    preScript: api.scripts?.pre ?? '',
    postScript: api.scripts?.post ?? '',
  };
}

export interface BuiltRequest {
  request: RunRequest;
  /** Variables named but without a value: left as written. */
  missing: string[];
}

/** The draft as it is sent: the base address, the path and query parameters, and every `{{variable}}` filled in. */
export function buildRequest(draft: RunDraft, values: Record<string, string>, baseUrl = ''): BuiltRequest {
  const missing = new Set<string>();
  const sub = (text: string) => substitute(text, values, missing);
  const on = <R extends RunRow>(rows: R[]) => rows.filter((r) => r.enabled && r.name.trim() !== '');
  const pathValues = new Map(on(draft.pathParams).map((r) => [sub(r.name.trim()), sub(r.value)]));
  const address = sub(joinUrl(baseUrl.trim(), draft.url.trim()));
  const url = withQuery(
    fillPath(address, pathValues),
    on(draft.query).map((r) => [sub(r.name), sub(r.value)]),
  );
  const headers = on(draft.headers).map((r) => ({ name: sub(r.name.trim()), value: sub(r.value) }));
  let body: RunBody = { kind: 'none' };
  if (draft.bodyType === 'json' || draft.bodyType === 'xml' || draft.bodyType === 'raw') {
    if (draft.bodyText !== '') body = { kind: 'text', text: sub(draft.bodyText) };
  } else if (draft.bodyType === 'form') {
    body = { kind: 'text', text: new URLSearchParams(on(draft.form).map((r) => [sub(r.name), sub(r.value)])).toString() };
  } else if (draft.bodyType === 'form-data') {
    const fields = on(draft.form).flatMap((r): RunFormField[] =>
      r.isFile ? (r.file ? [{ name: sub(r.name), file: r.file }] : []) : [{ name: sub(r.name), value: sub(r.value) }],
    );
    body = { kind: 'form', fields };
    // The sender writes multipart's Content-Type with its boundary.
    for (let i = headers.length - 1; i >= 0; i--) if (headers[i]!.name.toLowerCase() === 'content-type') headers.splice(i, 1);
  }
  return { request: { method: draft.method, url, headers, body }, missing: [...missing] };
}

/** Send is offered only once there is an address to send to (spec: a test run is blocked while the url is empty). */
export const canSend = (draft: RunDraft) => draft.url.trim() !== '';
