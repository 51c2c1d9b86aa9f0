/**
 * Postman collections (v2.1) in and out of test scenarios (issue 36), a pure module: no I/O, the caller reads and
 * writes the files and the records.
 *
 * In: each request becomes an ad-hoc request step (method, address, headers, body; its pre-request and test
 * scripts kept as the step's scripts, which run in the same `pm` subset), each folder a group step, and the
 * collection's variables a one-row data set (so `{{name}}` resolves as in Postman). Out: each request step a
 * request (a document step through its document's method and path, handed in by the caller), its extractions
 * and checks written as `pm` test scripts, each group a folder, a one-row data set the collection's variables.
 *
 * What one side has and the other cannot hold (Postman's auth and collection scripts; a scenario's loops,
 * conditions, waits, calls and conformance checks) is listed in `notes` with where it was, never dropped silently.
 */
import { HTTP_METHODS } from '../schemas/document-kinds';
import {
  allSteps,
  scenarioContent,
  SCENARIO_LIMITS,
  type Check,
  type Extraction,
  type RequestStep,
  type ScenarioContent,
  type Step,
} from '../schemas/scenario';

export const POSTMAN_SCHEMA_V21 = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/** What a conversion could not carry, and where (a request's or folder's path of names, or the scenario's step). */
export interface PostmanNote {
  at: string;
  what: string;
}

// ---- The collection, as far as it is read (Postman writes more; the rest is noted or ignored as display only) ----

interface PmKeyValue {
  key: string;
  value?: string;
  disabled?: boolean;
  type?: string;
  src?: unknown;
}
interface PmEvent {
  listen: 'prerequest' | 'test';
  script?: { exec?: string | string[]; type?: string };
}
interface PmUrl {
  raw?: string;
  query?: PmKeyValue[];
  variable?: PmKeyValue[];
}
interface PmBody {
  mode?: string;
  raw?: string;
  urlencoded?: PmKeyValue[];
  formdata?: PmKeyValue[];
  options?: { raw?: { language?: string } };
}
interface PmRequest {
  method?: string;
  url?: string | PmUrl;
  header?: PmKeyValue[];
  body?: PmBody;
  auth?: unknown;
}
export interface PmItem {
  name?: string;
  item?: PmItem[];
  request?: PmRequest | string;
  event?: PmEvent[];
  auth?: unknown;
}
export interface PostmanCollection {
  info: { name: string; schema: string; _postman_id?: string };
  item: PmItem[];
  variable?: PmKeyValue[];
  event?: PmEvent[];
  auth?: unknown;
}

export class PostmanError extends Error {}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const scriptOf = (events: PmEvent[] | undefined, listen: PmEvent['listen']) =>
  (events ?? [])
    .filter((e) => e.listen === listen)
    .map((e) => (Array.isArray(e.script?.exec) ? e.script.exec.join('\n') : (e.script?.exec ?? '')))
    .filter((code) => code.trim())
    .join('\n');
const hasScripts = (events: PmEvent[] | undefined) => !!(scriptOf(events, 'prerequest') || scriptOf(events, 'test'));
const isMethod = (m: string): m is (typeof HTTP_METHODS)[number] => (HTTP_METHODS as readonly string[]).includes(m);

/** The address a request sends to, as written (`{{baseUrl}}/orders?x=1`), its disabled query rows left out. */
function addressOf(url: PmRequest['url']): string {
  if (typeof url === 'string') return url;
  if (!url) return '';
  const raw = url.raw ?? '';
  if (!url.query?.some((q) => q.disabled)) return raw;
  const [head] = raw.split('?');
  const query = url.query
    .filter((q) => !q.disabled)
    .map((q) => (q.value === undefined || q.value === null ? q.key : `${q.key}=${q.value}`));
  return query.length ? `${head}?${query.join('&')}` : head!;
}

// ---- In: a collection as a scenario ----

export function collectionToScenario(input: unknown): { name: string; content: ScenarioContent; notes: PostmanNote[] } {
  if (!isObject(input) || !isObject(input.info) || !Array.isArray(input.item)) {
    throw new PostmanError('not a Postman collection: it needs info and item');
  }
  const collection = input as unknown as PostmanCollection;
  if (collection.info.schema && !/\/v2\.[01]\.\d+\//.test(collection.info.schema)) {
    throw new PostmanError(`only Postman collections v2.0 and v2.1 are read (this one is ${collection.info.schema})`);
  }
  const notes: PostmanNote[] = [];
  const top = collection.info.name || 'Postman';
  if (collection.auth) notes.push({ at: top, what: 'the collection’s authorization (set the header on the steps, or in the environment)' });
  if (hasScripts(collection.event))
    notes.push({ at: top, what: 'the collection’s own scripts (they run before and after every request in Postman)' });
  let count = 0;
  const ids = new Set<string>();
  const idFor = (name: string) => {
    const stem =
      name
        .replace(/[^A-Za-z0-9_-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 48)
        .toLowerCase() || 'step';
    let id = stem;
    for (let n = 2; ids.has(id); n++) id = `${stem}-${n}`;
    ids.add(id);
    return id;
  };
  const nameOf = (name: string | undefined, at: string) => {
    const plain = (name ?? '').trim();
    if (plain.length > SCENARIO_LIMITS.name) notes.push({ at, what: `the name was cut to ${SCENARIO_LIMITS.name} characters` });
    return plain.slice(0, SCENARIO_LIMITS.name);
  };

  const convert = (items: PmItem[], trail: string, depth: number): Step[] => {
    const steps: Step[] = [];
    for (const item of items) {
      const at = `${trail}/${item.name ?? ''}`;
      if (count >= SCENARIO_LIMITS.steps) {
        notes.push({ at, what: `left out: a scenario holds at most ${SCENARIO_LIMITS.steps} steps` });
        continue;
      }
      if (item.auth) notes.push({ at, what: 'its authorization (set the header on the steps instead)' });
      if (Array.isArray(item.item)) {
        if (depth >= SCENARIO_LIMITS.depth) {
          notes.push({ at, what: `left out: folders nest at most ${SCENARIO_LIMITS.depth} deep in a scenario` });
          continue;
        }
        if (hasScripts(item.event)) notes.push({ at, what: 'the folder’s own scripts (they run around each of its requests in Postman)' });
        count++;
        steps.push({
          id: idFor(item.name ?? 'group'),
          name: nameOf(item.name, at),
          enabled: true,
          type: 'group',
          steps: convert(item.item, at, depth + 1),
        });
        continue;
      }
      count++;
      steps.push(requestStep(item, at, idFor(item.name ?? 'request'), nameOf(item.name, at)));
    }
    return steps;
  };

  const requestStep = (item: PmItem, at: string, id: string, name: string): RequestStep => {
    const request: PmRequest = typeof item.request === 'string' ? { method: 'GET', url: item.request } : (item.request ?? {});
    const method = (request.method ?? 'GET').toUpperCase();
    if (!isMethod(method)) notes.push({ at, what: `the method ${method} (sent as GET)` });
    if (request.auth) notes.push({ at, what: 'its authorization (set the header on the step instead)' });
    if (typeof request.url === 'object' && request.url.variable?.length) {
      notes.push({ at, what: `its path variables (${request.url.variable.map((v) => `:${v.key}`).join(', ')}) are sent as written` });
    }
    const headers = (request.header ?? []).map((h) => ({ name: h.key, value: h.value ?? '', enabled: !h.disabled }));
    return {
      id,
      name,
      enabled: true,
      type: 'request',
      source: { kind: 'adhoc', method: isMethod(method) ? method : 'GET', url: addressOf(request.url) },
      overrides: { pathParams: [], query: [], headers, body: bodyIn(request.body, at, notes) },
      extract: [],
      checks: [],
      conformance: false,
      forbidExtraFields: false,
      preScript: scriptOf(item.event, 'prerequest'),
      postScript: scriptOf(item.event, 'test'),
    };
  };

  const steps = convert(collection.item, '', 0);
  const variables = (collection.variable ?? []).filter((v) => v.key && !v.disabled);
  const content = scenarioContent.read({
    steps,
    dataSet: variables.length
      ? {
          format: 'json',
          fileName: 'postman-variables.json',
          text: JSON.stringify([Object.fromEntries(variables.map((v) => [v.key, String(v.value ?? '')]))]),
        }
      : null,
  });
  if (variables.length)
    notes.push({ at: top, what: `its variables (${variables.map((v) => v.key).join(', ')}) became a one-row data set` });
  return { name: top.slice(0, SCENARIO_LIMITS.name), content, notes };
}

/** A form field's name or value URL-encoded, its `{{variables}}` left as written so the run fills them. */
const formPart = (text: string) =>
  text
    .split(/(\{\{[^{}]+\}\})/)
    .map((part, i) => (i % 2 ? part : encodeURIComponent(part)))
    .join('');

function bodyIn(body: PmBody | undefined, at: string, notes: PostmanNote[]): RequestStep['overrides']['body'] {
  if (!body?.mode) return { type: 'none', text: '' };
  switch (body.mode) {
    case 'raw': {
      const json = body.options?.raw?.language === 'json' || /^\s*[[{]/.test(body.raw ?? '');
      return { type: json ? 'json' : 'text', text: body.raw ?? '' };
    }
    case 'urlencoded':
    case 'formdata': {
      const rows = (body[body.mode] ?? []).filter((r) => !r.disabled);
      const files = rows.filter((r) => r.type === 'file');
      if (files.length) notes.push({ at, what: `its file fields (${files.map((f) => f.key).join(', ')})` });
      if (body.mode === 'formdata') notes.push({ at, what: 'its multipart form is sent as a URL-encoded form' });
      const text = rows
        .filter((r) => r.type !== 'file')
        .map((r) => `${formPart(r.key)}=${formPart(r.value ?? '')}`)
        .join('&');
      return { type: 'form', text };
    }
    default:
      notes.push({ at, what: `its ${body.mode} body` });
      return { type: 'none', text: '' };
  }
}

// ---- Out: a scenario as a collection ----

/** What export needs of a document a step refers to. */
export interface PostmanDocument {
  method: string;
  path: string;
}

/** A JSON path the engine reads (`$.data.items[0].id`) as JavaScript on the parsed body, when it is that simple. */
function jsAccess(path: string): string | undefined {
  if (path === '$') return '';
  if (!/^\$((\.[A-Za-z_$][\w$]*)|(\[\d+\])|(\['[^'\\]+'\]))+$/.test(path)) return undefined;
  return path.slice(1);
}

function extractionScript(e: Extraction): string | undefined {
  const set = (expr: string) => `pm.variables.set(${JSON.stringify(e.variable)}, ${expr});`;
  switch (e.from) {
    case 'jsonPath': {
      const access = jsAccess(e.expression);
      if (access === undefined) return undefined;
      return set(`(function (v) { return typeof v === 'string' ? v : JSON.stringify(v); })(pm.response.json()${access})`);
    }
    case 'header':
      return set(`pm.response.headers.get(${JSON.stringify(e.expression)})`);
    case 'body':
      return set('pm.response.text()');
    case 'regex':
      return set(
        `(function (m) { return m ? (m[1] !== undefined ? m[1] : m[0]) : undefined; })(pm.response.text().match(new RegExp(${JSON.stringify(e.expression)})))`,
      );
  }
}

/** A check as a `pm.test`, when Postman can say it. */
function checkScript(c: Check): string | undefined {
  const test = (name: string, body: string) => `pm.test(${JSON.stringify(name)}, function () { ${body} });`;
  switch (c.kind) {
    case 'status':
      return test(`status is ${c.equals}`, `pm.response.to.have.status(${c.equals});`);
    case 'time':
      return test(`answers under ${c.underMs} ms`, `pm.expect(pm.response.responseTime).to.be.below(${c.underMs});`);
    case 'header': {
      const value = `pm.response.headers.get(${JSON.stringify(c.name)})`;
      const v = JSON.stringify(c.value);
      const body = {
        equals: `pm.expect(${value}).to.eql(${v});`,
        contains: `pm.expect(${value}).to.include(${v});`,
        matches: `pm.expect(${value}).to.match(new RegExp(${v}));`,
        exists: `pm.expect(pm.response.headers.has(${JSON.stringify(c.name)})).to.be.true;`,
      }[c.op];
      return test(`header ${c.name} ${c.op}${c.op === 'exists' ? '' : ` ${c.value}`}`, body);
    }
    case 'jsonPath': {
      const access = jsAccess(c.path);
      if (access === undefined) return undefined;
      const value = `pm.response.json()${access}`;
      // The engine compares as JSON when the expected text parses as JSON, else as text.
      let expected: string;
      try {
        expected = JSON.stringify(JSON.parse(c.value));
      } catch {
        expected = JSON.stringify(c.value);
      }
      const body = {
        equals: `pm.expect(${value}).to.eql(${expected});`,
        notEquals: `pm.expect(${value}).to.not.eql(${expected});`,
        contains: `pm.expect(${value}).to.include(${expected});`,
        matches: `pm.expect(String(${value})).to.match(new RegExp(${JSON.stringify(c.value)}));`,
        exists: `pm.expect(${value}).to.not.be.undefined;`,
        notExists: `pm.expect(${value}).to.be.undefined;`,
        type: undefined,
      }[c.op];
      return body ? test(`${c.path} ${c.op}${c.op.endsWith('xists') ? '' : ` ${c.value}`}`, body) : undefined;
    }
  }
}

/** The one object of a JSON array of one, else undefined. */
function oneJsonRow(text: string): Record<string, unknown> | undefined {
  try {
    const rows = JSON.parse(text) as unknown;
    return Array.isArray(rows) && rows.length === 1 && isObject(rows[0]) ? rows[0] : undefined;
  } catch {
    return undefined;
  }
}

const event = (listen: PmEvent['listen'], code: string): PmEvent => ({
  listen,
  script: { type: 'text/javascript', exec: code.split('\n') },
});

export function scenarioToCollection(
  scenario: { name: string; content: ScenarioContent },
  documents: ReadonlyMap<string, PostmanDocument>,
): { collection: PostmanCollection; notes: PostmanNote[] } {
  const notes: PostmanNote[] = [];
  let relative = false;

  const convert = (steps: readonly Step[], trail: string): PmItem[] => {
    const items: PmItem[] = [];
    for (const s of steps) {
      const at = `${trail}/${s.name || s.id}`;
      if (!s.enabled) {
        notes.push({ at, what: 'a step switched off (Postman has no such request)' });
        continue;
      }
      switch (s.type) {
        case 'group':
          items.push({ name: s.name || s.id, item: convert(s.steps, at) });
          break;
        case 'request': {
          const item = requestItem(s, at);
          if (item) items.push(item);
          break;
        }
        case 'loop':
          notes.push({
            at,
            what: `a loop (${s.kind === 'times' ? `${s.times} times` : `over ${s.variable}`}): its ${[...allSteps(s.steps)].length} steps are left out`,
          });
          break;
        case 'if':
          notes.push({ at, what: `a condition on ${s.condition.variable}: its ${[...allSteps(s.steps)].length} steps are left out` });
          break;
        case 'wait':
          notes.push({ at, what: `a wait of ${s.ms} ms` });
          break;
        case 'call':
          notes.push({ at, what: 'a call of another scenario (export that scenario on its own)' });
          break;
      }
    }
    return items;
  };

  const requestItem = (s: RequestStep, at: string): PmItem | undefined => {
    let method: string;
    let address: string;
    if (s.source.kind === 'adhoc') {
      method = s.source.method;
      address = s.overrides.path ?? s.source.url;
    } else {
      const doc = documents.get(s.source.documentId);
      if (!doc) {
        notes.push({ at, what: 'its API document is gone: the request is left out' });
        return undefined;
      }
      method = doc.method;
      address = s.overrides.path ?? doc.path;
      notes.push({ at, what: 'a step on an API document: exported as the request it makes today, no longer following the document' });
      if (s.conformance) notes.push({ at, what: 'its check against the documented response' });
    }
    for (const p of s.overrides.pathParams.filter((p) => p.enabled)) address = address.split(`{${p.name}}`).join(p.value);
    const query = s.overrides.query.filter((q) => q.enabled);
    if (query.length) address += `${address.includes('?') ? '&' : '?'}${query.map((q) => `${q.name}=${q.value}`).join('&')}`;
    // A path without a host is the environment's base address's in Apiloom: {{baseUrl}} in Postman.
    if (address.startsWith('/')) {
      address = `{{baseUrl}}${address}`;
      relative = true;
    }
    const tests: string[] = [];
    for (const e of s.extract) {
      const line = extractionScript(e);
      if (line) tests.push(line);
      else notes.push({ at, what: `the extraction of ${e.variable} by ${e.from} ${e.expression}` });
    }
    for (const c of s.checks) {
      const line = checkScript(c);
      if (line) tests.push(line);
      else notes.push({ at, what: `the check ${c.kind === 'jsonPath' ? `${c.path} ${c.op} ${c.value}` : c.kind}` });
    }
    const post = [s.postScript.trim(), ...tests].filter(Boolean).join('\n');
    const body = s.overrides.body;
    const request: PmRequest = {
      method,
      url: { raw: address },
      header: s.overrides.headers.map((h) => ({ key: h.name, value: h.value, ...(h.enabled ? {} : { disabled: true }) })),
      ...(body && body.type !== 'none'
        ? {
            body:
              body.type === 'form'
                ? { mode: 'urlencoded', urlencoded: [...new URLSearchParams(body.text)].map(([key, value]) => ({ key, value })) }
                : { mode: 'raw', raw: body.text, ...(body.type === 'json' ? { options: { raw: { language: 'json' } } } : {}) },
          }
        : {}),
    };
    const events = [...(s.preScript.trim() ? [event('prerequest', s.preScript)] : []), ...(post ? [event('test', post)] : [])];
    return { name: s.name || s.id, request, ...(events.length ? { event: events } : {}) };
  };

  const item = convert(scenario.content.steps, '');
  const variable: PmKeyValue[] = [];
  const set = scenario.content.dataSet;
  if (set) {
    // A one-row JSON data set (what an import makes of a collection's variables) is variables again. Anything else
    // is a data file for Postman's runner; the CSV reader stays out of this module (and the scenario bundle).
    const row = oneJsonRow(set.format === 'json' ? set.text : '');
    if (row)
      for (const [key, value] of Object.entries(row))
        variable.push({ key, value: typeof value === 'string' ? value : JSON.stringify(value) });
    else notes.push({ at: scenario.name, what: `its ${set.format.toUpperCase()} data set (give Postman's runner the file itself)` });
  }
  if (relative && !variable.some((v) => v.key === 'baseUrl')) variable.unshift({ key: 'baseUrl', value: '' });
  return {
    collection: { info: { name: scenario.name, schema: POSTMAN_SCHEMA_V21 }, item, ...(variable.length ? { variable } : {}) },
    notes,
  };
}
