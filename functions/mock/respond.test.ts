import { afterAll, describe, expect, it } from 'vitest';
import type { ParamItem } from '@shared/schemas/document';
import { mockConfigBody, type MockConfigInput } from '@shared/schemas/mock';
import { paramRow } from '@shared/schemas/param-row';
import { respondToMock, type MockInput, type MockRequest } from './respond';
import { closeSandbox } from './sandbox';

const request: MockRequest = {
  method: 'get',
  path: '/users/42',
  query: { q: 'x' },
  headers: { 'Accept-Language': 'zh-CN,zh;q=0.9', 'X-Client': 'ios' },
  body: null,
};

const config = (input: Partial<MockConfigInput>) =>
  mockConfigBody.parse({
    projectId: 'p1',
    docId: '3f2b6c1e-1111-4a4a-9c9c-0123456789ab_abc123',
    type: 'static',
    body: '{"ok":true}',
    ...input,
  });

async function respond(input: Partial<MockConfigInput>, extra: Partial<MockInput> = {}) {
  // Scripts get seconds, not the sandbox's 200 ms: these tests are about answers, and a busy machine can stall a
  // thread that long (the deadline has tests of its own, in sandbox.test.ts and below).
  const result = await respondToMock({ config: config(input), params: { id: '42' }, request, scriptDeadlineMs: 5_000, ...extra });
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.value;
}

const param = (name: string, type: ParamItem['type'] = 'string'): ParamItem => paramRow(name, type);

afterAll(() => closeSandbox());

describe('respondToMock', { timeout: 60_000 }, () => {
  it('answers nothing while the mock is off', async () => {
    const result = await respondToMock({ config: config({ type: 'off' }), params: {}, request });
    expect(result).toEqual({ ok: false, error: { kind: 'disabled', message: expect.any(String) as unknown } });
  });

  it('serves a static body exactly as stored, as JSON unless told otherwise, with status and delay', async () => {
    const stored = '{ "ok" : true,\n  "n": 1.50 }';
    expect(await respond({ body: stored, status: 201, delay: 300 })).toEqual({
      status: 201,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: stored,
      delayMs: 300,
    });
    const xml = await respond({
      body: '"<a/>"',
      headers: [
        { name: 'Content-Type', value: 'application/xml' },
        { name: 'X-Mock', value: '1' },
      ],
    });
    expect(xml.headers).toEqual({ 'content-type': 'application/xml', 'x-mock': '1' });
  });

  it('drops headers the server owns, cookies included', async () => {
    const answer = await respond({
      headers: [
        { name: 'Set-Cookie', value: 'a=b' },
        { name: 'Content-Length', value: '1' },
        { name: 'Transfer-Encoding', value: 'chunked' },
        { name: 'Connection', value: 'close' },
        { name: 'X-Kept', value: 'yes' },
      ],
    });
    expect(answer.headers).toEqual({ 'x-kept': 'yes', 'content-type': 'application/json; charset=utf-8' });
  });

  it('renders a template on every request, serialised once', async () => {
    const body = { type: 'template' as const, body: '{"list|2": [{"id|+1": 1, "name": "@cname"}]}' };
    const first = await respond(body);
    const parsed = JSON.parse(first.body) as { list: { id: number; name: string }[] };
    expect(parsed.list.map((i) => i.id)).toEqual([1, 2]);
    expect(parsed.list[0]!.name).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(first.body).toBe(JSON.stringify(parsed));
  });

  it('reports a template that cannot render as a typed error', async () => {
    const result = await respondToMock({
      config: { ...config({ type: 'template', body: '{"a": "@b", "b": "@a"}' }) },
      params: {},
      request,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_template' } });
  });

  it('generates from the response parameters in the language the request prefers', async () => {
    const params = [param('name'), param('id', 'integer')];
    const zh = JSON.parse((await respond({ type: 'auto', body: '' }, { responseParams: params })).body) as Record<string, unknown>;
    expect(zh.name).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(zh.id).toBeGreaterThan(0);
    const en = await respondToMock({
      config: config({ type: 'auto' }),
      responseParams: params,
      params: {},
      request: { ...request, headers: { 'accept-language': 'en-US,en;q=0.9' } },
    });
    expect(en.ok && (JSON.parse(en.value.body) as Record<string, unknown>).name).toMatch(/^[A-Za-z.' -]+$/);
    const forced = await respond({ type: 'auto' }, { responseParams: params, locale: 'en' });
    expect((JSON.parse(forced.body) as Record<string, unknown>).name).toMatch(/^[A-Za-z.' -]+$/);
  });

  it('runs a script with the request and merges its status and headers over the settings', async () => {
    const script = `return {
      status: request.params.id === '42' ? 202 : 500,
      headers: { 'x-from-script': request.method + ' ' + request.query.q + ' ' + request.headers['x-client'], 'X-Both': 'script' },
      body: { id: request.params.id },
    }`;
    const answer = await respond({
      type: 'script',
      body: script,
      status: 200,
      delay: 50,
      headers: [
        { name: 'x-both', value: 'settings' },
        { name: 'x-settings', value: '1' },
      ],
    });
    expect(answer).toEqual({
      status: 202,
      headers: { 'x-both': 'script', 'x-settings': '1', 'x-from-script': 'GET x ios', 'content-type': 'application/json; charset=utf-8' },
      body: '{"id":"42"}',
      delayMs: 50,
    });
    expect(await respond({ type: 'script', body: 'return { body: "plain" }', status: 203 })).toMatchObject({ status: 203, body: 'plain' });
    expect(await respond({ type: 'script', body: 'return {}' })).toMatchObject({ status: 200, body: '' });
  });

  it('passes script failures on as typed errors', async () => {
    const result = await respondToMock({ config: config({ type: 'script', body: 'while (true) {}' }), params: {}, request });
    expect(result).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });

  it('lets the first matching expectation answer instead, with its own status, headers, body and delay', async () => {
    const expectations = [
      {
        id: 'android',
        conditions: [{ source: 'header' as const, name: 'x-client', op: 'eq' as const, value: 'android' }],
        status: 418,
        body: '{"who":"android"}',
      },
      {
        id: 'ios',
        conditions: [{ source: 'header' as const, name: 'x-client', op: 'eq' as const, value: 'ios' }],
        status: 409,
        headers: [{ name: 'X-Exp', value: 'ios' }],
        bodyType: 'template' as const,
        body: '{"n|3-3": 1}',
        delay: 20,
      },
      { id: 'also-matches', conditions: [], status: 500, body: '{}' },
    ];
    for (const type of ['static', 'template', 'auto', 'script'] as const) {
      const answer = await respond({
        type,
        body: type === 'script' ? 'return { status: 200 }' : type === 'auto' ? '' : '{"default":true}',
        expectations,
      });
      expect(answer, type).toEqual({
        status: 409,
        headers: { 'x-exp': 'ios', 'content-type': 'application/json; charset=utf-8' },
        body: '{"n":3}',
        delayMs: 20,
        expectationId: 'ios',
      });
    }
    const none = await respond({
      expectations: [{ id: 'x', conditions: [{ source: 'query', name: 'q', op: 'eq', value: 'nope' }], body: '{}' }],
    });
    expect(none).toEqual({ status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{"ok":true}', delayMs: 0 });
  });
});
