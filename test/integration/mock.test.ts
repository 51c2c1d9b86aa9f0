/**
 * The mock server end to end: settings saved through the API, answers from the mock origin (its own port, the
 * mock function's source), for every type, with path matching, expectations, the project's token and switch,
 * CORS, cookies, throttling, and scripts that try to get out of their sandbox.
 */
import { describe, expect, it, vi } from 'vitest';
import { MOCK_SETTINGS_TTL_MS } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import type { MockConfigView } from '@shared/schemas/mock';
import { translate } from '@shared/messages';
import { getItem } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { keys } from '../../functions/data/keys';
import { runPurge } from '../../functions/domain/project-purge';
import { DAY_MS } from '../../functions/domain/projects';
import { SANDBOX_FAIRNESS } from '../../functions/mock/limits';
import { forgetProjectMocks } from '../../functions/origins/mock/project-mocks';
import { PLACEHOLDERS, SCRIPT_BY_ID, SCRIPT_ECHO, SCRIPT_LIST, TEMPLATE_EXAMPLE } from '../../web/src/features/mock/lib/help-examples';
import { signUp, useLocalApi } from '../support/local-api';
import { useMockOrigin } from '../support/mock-origin';

const api = useLocalApi();
/** A project's line of scripts, shorter than the origin's own (SANDBOX_FAIRNESS) so a full line takes few seconds. */
const SCRIPT_QUEUE = 12;
const mock = useMockOrigin({ MOCK_RATE: '20', MOCK_BURST: '40', MOCK_SCRIPT_QUEUE: String(SCRIPT_QUEUE) });

interface Param {
  name: string;
  type: string;
  value?: string;
  pattern?: string;
  children?: Param[];
}
const param = (p: Param): Record<string, unknown> => ({
  id: p.name,
  name: p.name,
  type: p.type,
  value: p.value ?? '',
  ...(p.pattern !== undefined ? { pattern: p.pattern } : {}),
  children: (p.children ?? []).map(param),
});

/** A new account that joins the project with the view role, by an invitation code. */
async function joinAsViewer(projectId: string, ownerToken: string) {
  const viewer = await signUp('Viewer');
  const invitation = await api.call('project.invite', { params: { projectId, role: 'view' }, token: ownerToken });
  expect((await api.call('project.join', { params: { code: invitation.data.code }, token: viewer.token })).code).toBe(0);
  return viewer;
}

/**
 * Holds back the answer of the next query of a project's mock settings (the last read of the mock function's
 * refresh): the read happens at once, its answer arrives when released. `read` settles once it has happened.
 */
function holdNextMockSettingsRead(projectId: string) {
  const name = `hold-mock-settings-read-${projectId}`;
  const settingsQuery = keys.mockConfigsOf(projectId);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let read!: () => void;
  const happened = new Promise<void>((resolve) => (read = resolve));
  const stack = dynamo().middlewareStack;
  stack.add(
    (next, context) => async (args) => {
      const values = Object.values((args.input as { ExpressionAttributeValues?: Record<string, unknown> }).ExpressionAttributeValues ?? {});
      const mine =
        context.commandName === 'QueryCommand' &&
        values.includes(settingsQuery.partition.pk) &&
        values.includes(settingsQuery.sortBeginsWith);
      if (!mine) return next(args);
      stack.remove(name);
      const answer = await next(args);
      read();
      await released;
      return answer;
    },
    { step: 'initialize', name },
  );
  return {
    read: happened,
    release: () => {
      stack.remove(name);
      release();
    },
  };
}

async function mockProject() {
  const owner = await signUp('Mocker');
  const project = (await api.call('project.create', { token: owner.token, body: { name: 'Mock shop' } })).data;
  const apiDoc = async (method: string, path: string, respBody: Param[] = []) => {
    const res = await api.call('document.create', {
      token: owner.token,
      body: {
        projectId: project.id,
        name: `${method} ${path}`.slice(0, 30),
        type: 'api',
        content: { method, path, description: 'mocked', respBody: respBody.map(param) },
      },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  /** Saves settings through the spec's path (with its trailing slash), then forgets what the mock function held. */
  const save = async (docId: string, settings: Record<string, unknown>, opts: { lang?: string } = {}) => {
    const res = await api.rawCall<MockConfigView>('PUT', '/project/document/mock-config/', {
      token: owner.token,
      body: { projectId: project.id, docId, ...settings },
      headers: opts.lang ? { 'accept-language': opts.lang } : {},
    });
    forgetProjectMocks();
    return res;
  };
  const hit = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
    mock.request(method, `/${project.id}${path}`, init);
  return { owner, project, apiDoc, save, hit };
}

describe('mock settings through the API', () => {
  it('reads defaults, saves through the spec path with its trailing slash, and switches type', async () => {
    const { owner, project, apiDoc, save } = await mockProject();
    const doc = await apiDoc('GET', '/users');
    const initial = await api.call('mock.get', { params: { projectId: project.id, docId: doc.id }, token: owner.token });
    expect(initial.data).toMatchObject({ type: 'auto', body: '', status: 200, updatedAt: null });

    const saved = await save(doc.id, {
      type: 'static',
      body: '{"ok":true}',
      status: 201,
      headers: [{ name: 'X-Demo', value: '1' }],
      delay: 0,
    });
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ type: 'static', status: 201, updatedByName: 'Mocker' });
    // Without the slash too (API Gateway routes both spellings alike).
    expect(
      (
        await api.call('mock.save', {
          token: owner.token,
          body: { projectId: project.id, docId: doc.id, type: 'off' },
        })
      ).code,
    ).toBe(0);

    const switched = await api.call('mock.changeType', {
      params: { projectId: project.id, docId: doc.id, type: 'template' },
      token: owner.token,
    });
    // The body was '' (the last save sent none): a template starter replaces it.
    expect(switched.data.type).toBe('template');
    expect(switched.data.body).toContain('list|1-10');
  });

  it('refuses invalid JSON and templates with the spec messages, in both languages', async () => {
    const { apiDoc, save } = await mockProject();
    const doc = await apiDoc('GET', '/broken');
    const zh = await save(doc.id, { type: 'static', body: '{oops' });
    expect(zh.code).toBe(ERRORS.invalidInput.code);
    expect(JSON.stringify(zh.data)).toContain('JSON数据格式错误');
    const en = await save(doc.id, { type: 'static', body: '{oops' }, { lang: 'en' });
    expect(JSON.stringify(en.data)).toContain('JSON data format is wrong');
    const template = await save(doc.id, { type: 'template', body: '"just a string"' }, { lang: 'en' });
    expect(JSON.stringify(template.data)).toContain('mock format error');
    const regex = await save(
      doc.id,
      {
        type: 'static',
        body: '{}',
        expectations: [{ id: 'e1', conditions: [{ source: 'query', name: 'q', op: 'regex', value: '(?=x)' }], body: '{}' }],
      },
      { lang: 'en' },
    );
    expect(regex.code).toBe(ERRORS.invalidInput.code);
  });

  it('keeps mocks to HTTP API documents, and refuses a viewer', async () => {
    const { owner, project, apiDoc, save } = await mockProject();
    const page = (
      await api.call('document.create', {
        token: owner.token,
        body: { projectId: project.id, name: 'Readme', content: { markdown: 'x' } },
      })
    ).data;
    expect((await save(page.id, { type: 'static', body: '{}' })).code).toBe(ERRORS.notApiDocument.code);

    const doc = await apiDoc('GET', '/a');
    const viewer = await joinAsViewer(project.id, owner.token);
    expect((await api.call('mock.get', { params: { projectId: project.id, docId: doc.id }, token: viewer.token })).code).toBe(0);
    const refused = await api.call('mock.save', {
      token: viewer.token,
      body: { projectId: project.id, docId: doc.id, type: 'static', body: '{}' },
    });
    expect(refused.code).toBe(ERRORS.forbidden.code);
  });
});

describe('the mock origin', () => {
  it('answers a static mock with its status and headers, open CORS, and no cookies', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/users/{id}');
    await save(doc.id, {
      type: 'static',
      body: '{"id":1,"name":"Ada"}',
      status: 201,
      headers: [
        { name: 'X-Demo', value: 'yes' },
        { name: 'Set-Cookie', value: 'a=b' },
      ],
    });
    const res = await hit('GET', '/users/42', { headers: { origin: 'https://frontend.example', cookie: 'apiloom-token=stolen' } });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: 1, name: 'Ada' });
    expect(res.headers.get('x-demo')).toBe('yes');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('answers a CORS preflight from any origin without looking anything up', async () => {
    const res = await mock.request('OPTIONS', '/00000000-0000-4000-8000-000000000000/anything', {
      headers: {
        origin: 'https://elsewhere.example',
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type,x-custom',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('PUT');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-custom');
  });

  it('matches {param} and :param templates, prefers literal segments, and says 404 or 405 in JSON', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const byId = await apiDoc('GET', '/users/{id}');
    const me = await apiDoc('GET', '/users/me');
    const orders = await apiDoc('POST', 'https://api.example.com/v1/orders/:orderId/items');
    await save(byId.id, { type: 'script', body: 'return { body: { which: "byId", id: request.params.id } };' });
    await save(me.id, { type: 'static', body: '{"which":"me"}' });
    await save(orders.id, { type: 'script', body: 'return { status: 202, body: { order: request.params.orderId } };' });

    expect((await hit('GET', '/users/42')).json).toEqual({ which: 'byId', id: '42' });
    expect((await hit('GET', '/users/me')).json).toEqual({ which: 'me' });
    const posted = await hit('POST', '/v1/orders/7/items');
    expect(posted.status).toBe(202);
    expect(posted.json).toEqual({ order: '7' });

    const missing = await hit('GET', '/nothing/here');
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ code: ERRORS.mockNoMatch.code });
    const wrongMethod = await hit('DELETE', '/users/42');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    const unknownProject = await mock.request('GET', '/00000000-0000-4000-8000-000000000000/users/1');
    expect(unknownProject.status).toBe(404);
  });

  it('renders Mock.js templates freshly on every request', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/people');
    await save(doc.id, { type: 'template', body: JSON.stringify({ 'list|2-5': [{ 'id|+1': 1, name: '@cname', email: '@email' }] }) });
    const res = await hit('GET', '/people');
    const { list } = res.json as { list: { id: number; name: string; email: string }[] };
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.length).toBeLessThanOrEqual(5);
    expect(list[1]!.id).toBe(list[0]!.id + 1);
    expect(list[0]!.name).toMatch(/^[\u4e00-\u9fa5]{2,4}$/);
    expect(list[0]!.email).toContain('@');
  });

  it('generates an answer from the response parameters, by type and name, in the caller language', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/profile', [
      { name: 'id', type: 'integer' },
      { name: 'email', type: 'string' },
      { name: 'active', type: 'boolean' },
      { name: 'tags', type: 'array[string]' },
      { name: 'address', type: 'object', children: [{ name: 'city', type: 'string' }] },
    ]);
    await save(doc.id, { type: 'auto' });
    const res = await hit('GET', '/profile', { headers: { 'accept-language': 'en' } });
    const body = res.json as { id: number; email: string; active: boolean; tags: string[]; address: { city: string } };
    expect(Number.isInteger(body.id)).toBe(true);
    expect(body.email).toMatch(/@/);
    expect(typeof body.active).toBe('boolean');
    expect(Array.isArray(body.tags)).toBe(true);
    expect(typeof body.address.city).toBe('string');
  });

  it("answers a row with a pattern, and an array's items with one, with values that match it", async () => {
    const { owner, project, save, hit } = await mockProject();
    const rows = [
      { name: 'mobile', type: 'string', pattern: '^1[3-9]\\d{9}$' },
      { name: 'codes', type: 'array[string]', pattern: '^[A-Z]{3}-(dev|prod)$' },
      // A pattern that is not a regular expression answers the row's usual value, not an error.
      { name: 'nickname', type: 'string', pattern: '(unclosed' },
    ];
    // Responses of version 2 keep a row's constraints (version 1's `respBody` has none).
    const content = { path: '/contact', description: 'contact', responses: [{ status: '200', body: rows.map(param) }] };
    const created = await api.call('document.create', {
      token: owner.token,
      body: { projectId: project.id, type: 'api', name: 'Contact', content },
    });
    expect(created.code, created.message).toBe(0);
    const doc = created.data;
    await save(doc.id, { type: 'auto' });
    for (let i = 0; i < 3; i++) {
      const res = await hit('GET', '/contact');
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const body = res.json as { mobile: string; codes: string[]; nickname: string };
      expect(body.mobile).toMatch(/^1[3-9]\d{9}$/);
      expect(body.codes.length).toBeGreaterThan(0);
      for (const code of body.codes) expect(code).toMatch(/^[A-Z]{3}-(dev|prod)$/);
      expect(typeof body.nickname).toBe('string');
    }
  });

  it('generates from the first 2xx response, following data models (cycles end) and a root array', async () => {
    const { owner, project, save, hit } = await mockProject();
    const create = async (body: Record<string, unknown>) => {
      const res = await api.call('document.create', {
        token: owner.token,
        body: { projectId: project.id, ...body },
      });
      expect(res.code, res.message).toBe(0);
      return res.data;
    };
    const pet = await create({ type: 'model', name: 'Pet', content: { name: 'Pet', schema: [] } });
    const petRows = [param({ name: 'id', type: 'integer' }), param({ name: 'kind', type: 'string' })];
    // The model refers to itself: a pet's parent is a pet.
    const parent = { ...param({ name: 'parent', type: 'object' }), ref: pet.id };
    const kindRow = { ...petRows[1]!, enum: ['cat', 'dog'] };
    const saved = await api.call('document.update', {
      token: owner.token,
      body: { id: pet.id, rev: pet.rev, content: { name: 'Pet', schema: [petRows[0], kindRow, parent] } },
    });
    expect(saved.code, saved.message).toBe(0);
    const doc = await create({
      type: 'api',
      name: 'List pets',
      content: {
        path: '/pets',
        description: 'pets',
        responses: [
          { status: '404', body: [param({ name: 'missing', type: 'boolean' })] },
          { status: '201', body: [{ ...param({ name: '', type: 'array[object]' }), ref: pet.id }] },
        ],
      },
    });
    await save(doc.id, { type: 'auto' });
    const res = await hit('GET', '/pets');
    const body = res.json as { id: number; kind: string; parent: unknown }[];
    expect(Array.isArray(body), JSON.stringify(res.json)).toBe(true);
    expect(Number.isInteger(body[0]!.id)).toBe(true);
    expect(['cat', 'dog']).toContain(body[0]!.kind);
    expect(typeof body[0]!.parent).toBe('object');
  });

  it('answers a model saved after its first answer with the new fields (compiled answers follow revisions)', async () => {
    const { owner, project, hit } = await mockProject();
    const create = async (body: Record<string, unknown>) => {
      const res = await api.call('document.create', { token: owner.token, body: { projectId: project.id, ...body } });
      expect(res.code, res.message).toBe(0);
      return res.data;
    };
    const card = await create({
      type: 'model',
      name: 'Card',
      content: { name: 'Card', schema: [param({ name: 'before', type: 'integer' })] },
    });
    await create({
      type: 'api',
      name: 'Card',
      content: {
        path: '/card',
        description: 'card',
        responses: [{ status: '200', body: [{ ...param({ name: '', type: 'object' }), ref: card.id }] }],
      },
    });
    // Nothing saved for its mock: the default, generated from the response (compiled on this first answer).
    expect(Object.keys((await hit('GET', '/card', { headers: { 'cache-control': 'no-cache' } })).json as object)).toEqual(['before']);
    const saved = await api.call('document.update', {
      token: owner.token,
      body: { id: card.id, rev: card.rev, content: { name: 'Card', schema: [param({ name: 'after', type: 'string', value: 'now' })] } },
    });
    expect(saved.code, saved.message).toBe(0);
    expect((await hit('GET', '/card', { headers: { 'cache-control': 'no-cache' } })).json).toEqual({ after: 'now' });
  });

  it('runs scripts with the request, and answers what they return', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('POST', '/echo/{id}');
    await save(doc.id, {
      type: 'script',
      body: `
        const total = request.body.items.reduce((sum, item) => sum + item.price, 0);
        return { status: 200, headers: { 'X-Total': String(total) }, body: { id: request.params.id, q: request.query.q, total, who: Mock.mock('@cname').length > 0 } };`,
    });
    const res = await hit('POST', '/echo/9?q=find', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ price: 2 }, { price: 3 }] }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: '9', q: 'find', total: 5, who: true });
    expect(res.headers.get('x-total')).toBe('5');
  });

  it('keeps scripts in the sandbox: no host objects, no environment, no way out; each failure is a clear error in time', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/escape');
    const attempts: Record<string, string> = {
      process: 'return { body: typeof process === "undefined" ? "none" : process.env };',
      require: 'return { body: require("fs").readFileSync("/etc/passwd", "utf8") };',
      importCall: 'const fs = await import("fs"); return { body: String(fs) };',
      constructorChain: 'return { body: (function(){}).constructor("return typeof process")() };',
      envLeak: 'return { body: JSON.stringify(globalThis).includes("TABLE_NAME") ? "leak" : "none" };',
      prototypePollution: 'Object.prototype.polluted = "yes"; return { body: ({}).polluted };',
    };
    for (const [name, body] of Object.entries(attempts)) {
      await save(doc.id, { type: 'script', body });
      const res = await hit('GET', '/escape');
      const text = res.text;
      expect(text, name).not.toContain('root:');
      expect(text, name).not.toContain(process.env.TABLE_NAME ?? 'never');
      // A script that ran could only see its own world: no process, no environment, its own prototypes.
      if (res.status === 200) expect(['none', 'yes', 'undefined'], name).toContain(text);
      else expect(res.json, name).toMatchObject({ code: ERRORS.mockFailed.code });
    }
    // The host's prototypes are untouched.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    await save(doc.id, { type: 'script', body: 'while (true) {}' });
    const loop = await hit('GET', '/escape');
    expect(loop.status).toBe(500);
    expect(loop.json).toMatchObject({ code: ERRORS.mockFailed.code, data: { kind: 'timeout' } });
    expect(loop.ms).toBeLessThan(2_000);

    await save(doc.id, { type: 'script', body: 'const a = []; while (true) a.push("x".repeat(1e6));' });
    const bomb = await hit('GET', '/escape');
    expect(bomb.status).toBe(500);
    expect(['memory', 'timeout', 'script_error']).toContain((bomb.json as { data: { kind: string } }).data.kind);

    await save(doc.id, { type: 'script', body: 'return { body: "x".repeat(2 * 1024 * 1024) };' });
    expect(((await hit('GET', '/escape')).json as { data: { kind: string } }).data.kind).toBe('output_too_large');

    await save(doc.id, { type: 'script', body: 'const spin = () => Promise.resolve().then(spin); spin(); return { body: 1 };' });
    expect([200, 500]).toContain((await hit('GET', '/escape')).status);

    // And the process still serves other mocks.
    await save(doc.id, { type: 'static', body: '{"alive":true}' });
    expect((await hit('GET', '/escape')).json).toEqual({ alive: true });
  });

  it('answers only statuses 200-599, and contains every answer (nosniff, a sandbox CSP)', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/page');
    for (const status of [101, 999, 199]) {
      await save(doc.id, { type: 'script', body: `return { status: ${status}, body: '' };` });
      const res = await hit('GET', '/page');
      expect(res.status, String(status)).toBe(500);
      expect(res.json, String(status)).toMatchObject({ code: ERRORS.mockFailed.code, data: { kind: 'bad_response' } });
      expect(String((res.json as { message: string }).message)).toContain('200');
    }
    // A static mock cannot be saved with a 1xx status either.
    const refused = await save(doc.id, { type: 'static', status: 101, body: '{}' });
    expect(refused.code).toBe(ERRORS.invalidInput.code);

    await save(doc.id, {
      type: 'script',
      body: `return { status: 200, headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': 'default-src *', 'X-Content-Type-Options': 'no' }, body: '<script>alert(1)</script>' };`,
    });
    const html = await hit('GET', '/page');
    const errors = [await hit('GET', '/nothing-here'), await mock.request('GET', '/not*a*project/x')];
    const preflight = await hit('OPTIONS', '/page', {
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    for (const res of [html, ...errors, preflight]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe('sandbox');
    }
    expect(html.status).toBe(200);
  });

  it("answers every example of the mock editor's help: its template, each placeholder and each script", async () => {
    const { apiDoc, save, hit } = await mockProject();
    const template = await apiDoc('GET', '/help/template');
    expect((await save(template.id, { type: 'template', body: TEMPLATE_EXAMPLE })).code).toBe(0);
    const rendered = (await hit('GET', '/help/template')).json as {
      code: number;
      data: { id: number; name: string; vip: boolean; tags: string[] }[];
    };
    expect(rendered.data.length).toBeGreaterThanOrEqual(5);
    expect(rendered.data[1]!.id).toBe(2);
    expect(typeof rendered.data[0]!.vip).toBe('boolean');

    const placeholders = Object.values(PLACEHOLDERS).flat();
    const all = await apiDoc('GET', '/help/placeholders');
    expect((await save(all.id, { type: 'template', body: JSON.stringify(Object.fromEntries(placeholders.map((p) => [p, p]))) })).code).toBe(
      0,
    );
    const values = (await hit('GET', '/help/placeholders')).json as Record<string, unknown>;
    // Mock.js leaves a placeholder it does not know as it was written. (Not "starts with @": @character draws from
    // a pool of symbols that holds "@" itself, about one run in seventy.)
    const unresolved = placeholders.filter((p) => values[p] === p);
    expect(unresolved).toEqual([]);

    const echo = await apiDoc('POST', '/help/echo/{id}');
    await save(echo.id, { type: 'script', body: SCRIPT_ECHO });
    const echoed = await hit('POST', '/help/echo/5?x=1', { headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(echoed.json).toEqual({ method: 'POST', path: '/help/echo/5', params: { id: '5' }, query: { x: '1' }, body: { a: 1 } });

    const byId = await apiDoc('GET', '/help/users/{id}');
    await save(byId.id, { type: 'script', body: SCRIPT_BY_ID });
    const found = await hit('GET', '/help/users/7');
    expect(found.status).toBe(200);
    expect(found.headers.get('x-mock')).toBe('script');
    expect(found.json).toMatchObject({ id: 7, email: expect.stringContaining('@') as unknown });
    expect((await hit('GET', '/help/users/abc')).status).toBe(404);

    const list = await apiDoc('GET', '/help/list');
    await save(list.id, { type: 'script', body: SCRIPT_LIST });
    const page = (await hit('GET', '/help/list?page=2&size=3')).json as { page: number; items: { id: number; author: string }[] };
    expect(page.page).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([4, 5, 6]);
    expect(page.items[0]!.author.length).toBeGreaterThan(0);
  });

  it('answers from the first matching expectation, by every operator, else the default', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('POST', '/orders/{id}');
    const expectation = (id: string, source: string, name: string, op: string, value = '') => ({
      id,
      conditions: [{ source, name, op, value }],
      status: 200,
      body: JSON.stringify({ hit: id }),
    });
    await save(doc.id, {
      type: 'static',
      body: '{"hit":"default"}',
      expectations: [
        expectation('eq', 'query', 'state', 'eq', 'paid'),
        expectation('ne', 'query', 'state', 'ne', 'open'),
        expectation('contains', 'header', 'x-note', 'contains', 'urgent'),
        expectation('exists', 'body', 'coupon', 'exists'),
        expectation('gt', 'body', 'items.0.qty', 'gt', '10'),
        expectation('lt', 'path', 'id', 'lt', '0'),
        expectation('regex', 'path', 'id', 'regex', '^A\\d+$'),
      ],
    });
    const post = (path: string, init: { headers?: Record<string, string>; body?: unknown } = {}) =>
      hit('POST', path, { headers: { 'content-type': 'application/json', ...init.headers }, body: JSON.stringify(init.body ?? {}) }).then(
        (r) => (r.json as { hit: string }).hit,
      );
    expect(await post('/orders/1?state=paid')).toBe('eq');
    expect(await post('/orders/1?state=shipped')).toBe('ne');
    expect(await post('/orders/1?state=open', { headers: { 'x-note': 'very urgent' } })).toBe('contains');
    expect(await post('/orders/1?state=open', { body: { coupon: 'X' } })).toBe('exists');
    expect(await post('/orders/1?state=open', { body: { items: [{ qty: 11 }] } })).toBe('gt');
    expect(await post('/orders/1?state=open', { body: { items: [{ qty: 9 }] } })).toBe('default');
    expect(await post('/orders/-5?state=open')).toBe('lt');
    expect(await post('/orders/A12?state=open')).toBe('regex');
    expect(await post('/orders/1?state=open')).toBe('default');
  });

  it('waits out the configured delay', async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/slow');
    await save(doc.id, { type: 'static', body: '{}', delay: 400 });
    expect((await hit('GET', '/slow')).ms).toBeGreaterThanOrEqual(390);
  });

  it('honours the project switch and token, and a document switched off', async () => {
    const { owner, project, apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/guarded');
    await save(doc.id, { type: 'static', body: '{"ok":true}' });
    const update = async (changes: Record<string, unknown>) => {
      const current = (await api.call('project.get', { params: { id: project.id }, token: owner.token })).data;
      const res = await api.call('project.update', {
        token: owner.token,
        body: { id: project.id, rev: current.rev, ...changes },
      });
      expect(res.code, res.message).toBe(0);
      forgetProjectMocks();
      return res.data;
    };
    const withToken = await update({ mockToken: 'secret-token-1' });
    expect(withToken.mock).toEqual({ enabled: true, tokenRequired: true, token: 'secret-token-1' });
    const missing = await hit('GET', '/guarded');
    expect(missing.status).toBe(401);
    expect(missing.json).toMatchObject({ code: ERRORS.mockTokenRequired.code });
    expect((await hit('GET', '/guarded?mockToken=wrong-token-1')).status).toBe(401);
    expect((await hit('GET', '/guarded?mockToken=secret-token-1')).json).toEqual({ ok: true });
    expect((await hit('GET', '/guarded', { headers: { 'x-mock-token': 'secret-token-1' } })).json).toEqual({ ok: true });

    // Readers of the project learn that a token is needed, not the token.
    const viewer = await joinAsViewer(project.id, owner.token);
    expect((await api.call('project.get', { params: { id: project.id }, token: viewer.token })).data.mock).toEqual({
      enabled: true,
      tokenRequired: true,
      token: null,
    });

    await update({ mockToken: null, mockEnabled: false });
    expect((await hit('GET', '/guarded')).json).toMatchObject({ code: ERRORS.mockProjectOff.code });
    await update({ mockEnabled: true });
    expect((await hit('GET', '/guarded')).status).toBe(200);
    await api.call('mock.changeType', { params: { projectId: project.id, docId: doc.id, type: 'off' }, token: owner.token });
    forgetProjectMocks();
    expect((await hit('GET', '/guarded')).status).toBe(404);
  });

  it("answers a new API's mock out of the box, from its response, unless the project switched mocks off or asks for a token", async () => {
    const { owner, project, apiDoc, hit } = await mockProject();
    const fresh = await apiDoc('GET', '/fresh/{id}', [
      { name: 'id', type: 'integer' },
      { name: 'email', type: 'string' },
    ]);
    const answered = await hit('GET', '/fresh/3', { headers: { 'accept-language': 'en' } });
    expect(answered.status).toBe(200);
    const generated = answered.json as { id: unknown; email: unknown };
    expect(Object.keys(generated)).toEqual(['id', 'email']);
    expect(typeof generated.id).toBe('number');
    expect(String(generated.email)).toContain('@');

    const update = async (changes: Record<string, unknown>) => {
      const current = (await api.call('project.get', { params: { id: project.id }, token: owner.token })).data;
      expect((await api.call('project.update', { token: owner.token, body: { id: project.id, rev: current.rev, ...changes } })).code).toBe(
        0,
      );
      forgetProjectMocks();
    };
    await update({ mockToken: 'secret-token-2' });
    expect((await hit('GET', '/fresh/3')).status).toBe(401);
    expect((await hit('GET', '/fresh/3?mockToken=secret-token-2')).status).toBe(200);

    // A 404 says how to switch the mock on, in the caller's language: the project's switch, then the API's type.
    await update({ mockToken: null, mockEnabled: false });
    for (const locale of ['zh', 'en'] as const) {
      const off = await hit('GET', '/fresh/3', { headers: { 'accept-language': locale } });
      expect(off.status).toBe(404);
      expect(off.json).toEqual({ code: ERRORS.mockProjectOff.code, message: translate(locale, 'error.mockProjectOff'), data: null });
    }
    expect(translate('zh', 'error.mockProjectOff')).toContain('项目设置');
    expect(translate('en', 'error.mockProjectOff')).toContain('Project settings');
    await update({ mockEnabled: true });
    await api.call('mock.changeType', { params: { projectId: project.id, docId: fresh.id, type: 'off' }, token: owner.token });
    forgetProjectMocks();
    for (const locale of ['zh', 'en'] as const) {
      const off = await hit('GET', '/fresh/3', { headers: { 'accept-language': locale } });
      expect(off.status).toBe(404);
      expect(off.json).toEqual({ code: ERRORS.mockOff.code, message: translate(locale, 'error.mockOff'), data: null });
    }
    expect(translate('zh', 'error.mockOff')).toContain('Mock 类型');
    expect(translate('en', 'error.mockOff')).toContain('Mock tab');
  });

  it('makes a saved change live within two seconds, without reading the table on every request', async () => {
    const { apiDoc, save, hit, owner, project } = await mockProject();
    const doc = await apiDoc('GET', '/live');
    await save(doc.id, { type: 'static', body: '{"v":1}' });
    expect((await hit('GET', '/live')).json).toEqual({ v: 1 });
    await api.call('mock.save', {
      token: owner.token,
      body: { projectId: project.id, docId: doc.id, type: 'static', body: '{"v":2}' },
    });
    const started = Date.now();
    let seen: unknown;
    while (Date.now() - started < 2_000) {
      seen = (await hit('GET', '/live')).json;
      if ((seen as { v: number }).v === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(seen).toEqual({ v: 2 });
  });

  it('answers a request that asks for no cache (the preview after a save) from a read begun after it arrived', async () => {
    const { apiDoc, hit, owner, project } = await mockProject();
    const doc = await apiDoc('GET', '/saved');
    // Saved as the editor saves: the mock function is not told, it reads the change when its picture is old enough.
    const save = async (_docId: string, settings: Record<string, unknown>) => {
      const saved = await api.call('mock.save', {
        token: owner.token,
        body: { projectId: project.id, docId: doc.id, ...settings },
      });
      expect(saved.code, saved.message).toBe(0);
    };
    await save(doc.id, { type: 'static', body: '{"v":1}' });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // The clock stands still: without asking, the next call is answered from the picture just read.
      expect((await hit('GET', '/saved')).json).toEqual({ v: 1 });
      await save(doc.id, { type: 'static', body: '{"v":2}' });
      expect((await hit('GET', '/saved')).json).toEqual({ v: 1 });
      // What a browser's fetch with cache: 'no-store' sends, and what a hard reload sends.
      expect((await hit('GET', '/saved', { headers: { 'cache-control': 'no-cache', pragma: 'no-cache' } })).json).toEqual({ v: 2 });
      await save(doc.id, { type: 'static', body: '{"v":3}' });
      expect((await hit('GET', '/saved', { headers: { pragma: 'no-cache' } })).json).toEqual({ v: 3 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('never answers from a read older than its freshness promise, however slow that read is (a race seen on a busy machine)', async () => {
    const { apiDoc, save, hit, project, owner } = await mockProject();
    const first = await apiDoc('GET', '/first');
    await save(first.id, { type: 'static', body: '{"first":1}' });
    expect((await hit('GET', '/first')).json).toEqual({ first: 1 });
    const saveMock = async (docId: string, settings: Record<string, unknown>) => {
      const saved = await api.call('mock.save', {
        token: owner.token,
        body: { projectId: project.id, docId, ...settings },
      });
      expect(saved.code, saved.message).toBe(0);
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    const later = () => vi.setSystemTime(Date.now() + MOCK_SETTINGS_TTL_MS + 1_000);
    const slowRead = holdNextMockSettingsRead(project.id);
    try {
      // A change of the first mock; a second later the mock function reads the project's mock settings again, and
      // that read's answer is slow to come back, as on a busy machine: the interleaving is the test's.
      await saveMock(first.id, { type: 'static', body: '{"first":2}' });
      later();
      const early = hit('GET', '/first');
      await slowRead.read;

      // Meanwhile a new HTTP API document gets a template, and more than the promised second goes by.
      const items = await apiDoc('GET', '/items');
      await saveMock(items.id, { type: 'template', body: '{"list|2": [{"id|+1": 1}]}' });
      later();

      // The first call to the new mock answers from a read made for it, not from the slow one begun before the
      // document existed. (Without that it waits on the slow read: let go after a while, the test fails on the answer.)
      const letGo = setTimeout(() => slowRead.release(), 5_000);
      const fresh = await hit('GET', '/items');
      clearTimeout(letGo);
      expect(fresh.status, fresh.text).toBe(200);
      expect(fresh.json).toEqual({ list: [{ id: 1 }, { id: 2 }] });

      // The slow read comes back last; the calls after it still see the new mock.
      slowRead.release();
      expect((await early).json).toEqual({ first: 2 });
      const after = await hit('GET', '/items');
      expect(after.status, after.text).toBe(200);
    } finally {
      slowRead.release();
      vi.useRealTimers();
    }
  });

  it('throttles each project with 429 and Retry-After, leaving other projects alone', async () => {
    const first = await mockProject();
    const second = await mockProject();
    for (const p of [first, second]) {
      const doc = await p.apiDoc('GET', '/ping');
      await p.save(doc.id, { type: 'static', body: '{"pong":true}' });
    }
    const answers = await Promise.all(Array.from({ length: 80 }, () => first.hit('GET', '/ping')));
    const throttled = answers.filter((a) => a.status === 429);
    expect(throttled.length).toBeGreaterThan(0);
    expect(Number(throttled[0]!.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(throttled[0]!.json).toMatchObject({ code: ERRORS.mockThrottled.code });
    expect((await second.hit('GET', '/ping')).status).toBe(200);
  });

  it("answers a dozen parallel calls to a project's script mock, queued rather than refused", async () => {
    const { apiDoc, save, hit } = await mockProject();
    const doc = await apiDoc('GET', '/items/{id}');
    await save(doc.id, { type: 'script', body: 'return { body: { id: Number(request.params.id) } };' });
    // More than the project's share of the sandbox runs at once and its line holds (SCRIPT_QUEUE): every call waits its turn.
    const answers = await Promise.all(Array.from({ length: SCRIPT_QUEUE }, (_, n) => hit('GET', `/items/${n}`)));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers.map((answer) => answer.json)).toEqual(answers.map((_, n) => ({ id: n })));
  });

  it("refuses a project's script past its line with 429 at once (zh and en), while another project's script answers", async () => {
    const abuser = await mockProject();
    const bystander = await mockProject();
    const loop = await abuser.apiDoc('GET', '/loop');
    await abuser.save(loop.id, { type: 'script', body: 'while (true) {}' });
    const hello = await bystander.apiDoc('GET', '/hello');
    await bystander.save(hello.id, { type: 'script', body: 'return { body: { hello: request.path } };' });
    // The bystander's settings read once, so its answer below waits for nothing but the sandbox.
    expect((await bystander.hit('GET', '/hello')).status).toBe(200);

    // A full line of endless scripts and two more, all at once (which ones are refused depends on their arrival),
    // once per language; during the first, another project's script.
    for (const locale of ['zh', 'en'] as const) {
      const settled: string[] = [];
      const headers: Record<string, string> = locale === 'en' ? { 'accept-language': 'en' } : {};
      const burst = Array.from({ length: SCRIPT_QUEUE + 2 }, () =>
        abuser.hit('GET', '/loop', { headers }).then((answer) => {
          settled.push(answer.status === 429 ? 'refused' : 'ran');
          return answer;
        }),
      );
      if (locale === 'zh') {
        const other = await bystander.hit('GET', '/hello');
        settled.push('other');
        expect(other.status, other.text).toBe(200);
        expect(other.json).toEqual({ hello: '/hello' });
      }
      const answers = await Promise.all(burst);
      // Order, not milliseconds: the refusals came before any runaway script ended, and the other project's answer
      // did not wait behind the line (its scripts take turns on a CPU or two, 200 ms each).
      const abuserOrder = settled.filter((answer) => answer !== 'other');
      expect(abuserOrder.slice(0, abuserOrder.indexOf('ran'))).toEqual(['refused', 'refused']);
      if (locale === 'zh') expect(settled.indexOf('other')).toBeLessThan(settled.lastIndexOf('ran'));
      const refused = answers.filter((answer) => answer.status === 429);
      expect(refused).toHaveLength(2);
      for (const answer of refused) {
        expect(answer.headers.get('retry-after')).toBe(String(SANDBOX_FAIRNESS.retryAfterSeconds));
        expect(answer.json).toEqual({
          code: ERRORS.mockThrottled.code,
          message: translate(locale, 'error.mockThrottled', { seconds: SANDBOX_FAIRNESS.retryAfterSeconds }),
          data: { kind: 'busy' },
        });
      }
      for (const answer of answers.filter((a) => a.status !== 429)) {
        expect(answer.status, answer.text).toBe(ERRORS.mockFailed.status);
        expect(answer.json).toMatchObject({ data: { kind: 'timeout' } });
      }
    }
    // Its scripts ended: the project is served again (its script runs, and times out).
    const after = await abuser.hit('GET', '/loop');
    expect(after.json).toMatchObject({ data: { kind: 'timeout' } });
  });

  it('clones mock settings with the project, keeps them while their document is in the bin, and purges them with it', async () => {
    const { owner, project, apiDoc, save } = await mockProject();
    const doc = await apiDoc('GET', '/cloned');
    await save(doc.id, { type: 'static', body: '{"c":1}' });
    const clone = await api.call('project.clone', { params: { id: project.id }, token: owner.token, query: { name: 'Copy' } });
    expect(clone.code, clone.message).toBe(0);
    const clonedDocId = doc.id.replace(project.id, clone.data.id);
    const cloned = await api.call('mock.get', {
      params: { projectId: clone.data.id, docId: clonedDocId },
      token: owner.token,
    });
    expect(cloned.data).toMatchObject({ type: 'static', body: '{"c":1}' });
    await api.call('document.delete', { params: { id: doc.id }, token: owner.token });
    // In the document bin: kept for a restore, out of the mock origin's reach (document-bin.test.ts).
    expect(await getItem(keys.mockConfig(project.id, doc.id))).toBeDefined();
    await runPurge({ now: new Date(Date.now() + 31 * DAY_MS) });
    expect(await getItem(keys.mockConfig(project.id, doc.id))).toBeUndefined();
  });
});
