/**
 * A request step's request (issue 36): the API document's method, path, parameters' examples and body, with the
 * step's overrides laid over them, `{{variables}}` filled in, under the environment's base address. An ad-hoc
 * step has only its own method and address and the overrides.
 */
import { exampleFromText } from '../param-example';
import { fillPath, joinUrl, withQuery } from '../request-address';
import type { ApiContent } from '../schemas/api-content';
import { bodyRoot } from '../schemas/document-kinds';
import type { ParamItem } from '../schemas/params';
import type { RunBody, RunRequest } from '../schemas/runner';
import type { RequestOverrides, RequestSource, ScenarioPair, StepBody } from '../schemas/scenario';
import { fill } from './template';

export interface RequestInput {
  api?: ApiContent;
  source: RequestSource;
  overrides: RequestOverrides;
  baseUrl: string;
  value: (name: string) => string | undefined;
  missing?: Set<string>;
}

const named = (rows: readonly ParamItem[]) => rows.filter((r) => r.name.trim() !== '');

/** The document's rows that carry an example, then the step's pairs: a same-named pair replaces, a disabled one removes. */
function merge(documented: readonly ParamItem[], overrides: readonly ScenarioPair[], caseless = false): { name: string; value: string }[] {
  const key = (name: string) => (caseless ? name.toLowerCase() : name);
  const out = new Map<string, { name: string; value: string }>();
  for (const row of named(documented)) if (row.value !== '' || row.required) out.set(key(row.name), { name: row.name, value: row.value });
  for (const pair of overrides) {
    if (!pair.name.trim()) continue;
    if (pair.enabled) out.set(key(pair.name), { name: pair.name, value: pair.value });
    else out.delete(key(pair.name));
  }
  return [...out.values()];
}

/** A JSON body from the document: its first request example, else one built from the rows' examples. */
function documentedJson(api: ApiContent): string | undefined {
  const example = api.reqExamples.find((e) => e.value.trim() !== '');
  if (example) return example.value;
  if (named(api.reqBody).length === 0 && !bodyRoot(api.reqBody)) return undefined;
  const build = (rows: readonly ParamItem[], depth: number): unknown => {
    const root = bodyRoot(rows as ParamItem[]);
    if (root) return exampleFromText(root.type, root.value);
    const out: Record<string, unknown> = {};
    for (const row of named(rows)) {
      out[row.name] =
        row.value === '' && row.type === 'object' && depth < 8 ? build(row.children, depth + 1) : exampleFromText(row.type, row.value);
    }
    return out;
  };
  return JSON.stringify(build(api.reqBody, 0), null, 2);
}

function documentedBody(api: ApiContent): StepBody | undefined {
  switch (api.requestType) {
    case 'json': {
      const text = documentedJson(api);
      return text === undefined ? undefined : { type: 'json', text };
    }
    case 'form':
      return named(api.reqBody).length
        ? { type: 'form', text: new URLSearchParams(named(api.reqBody).map((r) => [r.name, r.value])).toString() }
        : undefined;
    case 'xml':
    case 'raw': {
      const example = api.reqExamples.find((e) => e.value.trim() !== '');
      return example ? { type: 'text', text: example.value } : undefined;
    }
    default:
      return undefined;
  }
}

const CONTENT_TYPES: Partial<Record<StepBody['type'], string>> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  text: 'text/plain',
};

export function buildRequest(input: RequestInput): RunRequest {
  const { api, source, overrides } = input;
  const f = (text: string) => fill(text, input.value, input.missing);
  const method = source.kind === 'document' ? (api?.method ?? 'GET') : source.method;
  const address = overrides.path ?? (source.kind === 'document' ? (api?.path ?? '') : source.url);

  const pathValues = new Map(merge(api?.reqPath ?? [], overrides.pathParams).map((p) => [p.name, f(p.value)]));
  const query = merge(api?.reqQuery ?? [], overrides.query).map((q): [string, string] => [f(q.name), f(q.value)]);
  const url = withQuery(joinUrl(f(input.baseUrl), fillPath(f(address), pathValues)), query);

  const headers = merge(api?.reqHeaders ?? [], overrides.headers, true).map((h) => ({ name: f(h.name), value: f(h.value) }));
  const stepBody = overrides.body ?? (api ? documentedBody(api) : undefined);
  let body: RunBody = { kind: 'none' };
  if (stepBody && stepBody.type !== 'none' && method !== 'GET' && method !== 'HEAD') {
    body = { kind: 'text', text: f(stepBody.text) };
    const type = CONTENT_TYPES[stepBody.type];
    if (type && !headers.some((h) => h.name.toLowerCase() === 'content-type')) headers.push({ name: 'Content-Type', value: type });
  }
  return { method, url, headers, body };
}
