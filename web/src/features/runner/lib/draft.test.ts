import { describe, expect, it } from 'vitest';
import { apiContentV2 } from '@shared/schemas/document';
import { joinUrl } from '@shared/request-address';
import { blankDraft, buildRequest, canSend, draftFromApi } from './draft';
import { substitute, variableValues, variablesIn } from './variables';

const param = (name: string, value = '', type = 'string', children: unknown[] = []) => ({ id: name, name, type, value, children });

const api = (fields: Record<string, unknown>) =>
  apiContentV2.parse({ method: 'POST', path: '/users/{id}/posts/:postId', description: 'x', ...fields });

describe('variables', () => {
  it('a local value overrides the shared one; a secret has only its local value', () => {
    const values = variableValues(
      [
        { id: '1', name: 'host', value: 'shared.example', secret: false, local: 'local.example' },
        { id: '2', name: 'plain', value: 'shared', secret: false, local: null },
        { id: '3', name: 'token', value: '', secret: true, local: null },
      ],
      { extra: 'kept', plain: 'overridden by the environment' },
    );
    expect(values).toEqual({ host: 'local.example', plain: 'shared', token: '', extra: 'kept' });
  });

  it('fills each {{name}} and leaves an unknown one as written, reporting it', () => {
    const missing = new Set<string>();
    expect(substitute('{{ a }}-{{b}}-{{a}}-{{none}}', { a: '1', b: '' }, missing)).toBe('1--1-{{none}}');
    expect([...missing]).toEqual(['none']);
    expect(variablesIn('{{a}}{{b}}{{a}}')).toEqual(['a', 'b']);
  });
});

describe('draftFromApi', () => {
  it('prefills method, path, query, headers and a JSON body from the document, with globals merged and marked', () => {
    const draft = draftFromApi(
      api({
        requestType: 'json',
        reqPath: [param('id', '7'), param('postId')],
        reqQuery: [param('page', '1')],
        reqHeaders: [param('X-Trace', 'abc')],
        reqBody: [param('name', 'Ann'), param('age', '3', 'integer')],
      }),
      [
        { place: 'reqHeaders', row: { name: 'Authorization', value: 'Bearer {{token}}' } },
        { place: 'reqHeaders', row: { name: 'X-Trace', value: 'global loses' } },
        { place: 'reqQuery', row: { name: 'lang', value: 'zh' } },
        { place: 'reqBody', row: { name: 'tenant', value: 't1' } },
        { place: 'respHeaders', row: { name: 'ignored', value: '' } },
      ],
    );
    expect(draft.method).toBe('POST');
    expect(draft.url).toBe('/users/{id}/posts/:postId');
    expect(draft.pathParams.map((r) => [r.name, r.value])).toEqual([
      ['id', '7'],
      ['postId', ''],
    ]);
    expect(draft.query).toEqual([
      { name: 'page', value: '1', enabled: true },
      { name: 'lang', value: 'zh', enabled: true, global: true },
    ]);
    expect(draft.headers).toEqual([
      { name: 'X-Trace', value: 'abc', enabled: true },
      { name: 'Authorization', value: 'Bearer {{token}}', enabled: true, global: true },
      { name: 'Content-Type', value: 'application/json', enabled: true },
    ]);
    expect(JSON.parse(draft.bodyText)).toEqual({ tenant: 't1', name: 'Ann', age: 3 });
  });

  it('a form-data body has its file rows marked as files', () => {
    const draft = draftFromApi(api({ requestType: 'form-data', reqBody: [param('avatar', '', 'file'), param('title', 'hi')] }));
    expect(draft.form.map((r) => [r.name, r.isFile])).toEqual([
      ['avatar', true],
      ['title', false],
    ]);
    expect(draft.headers).toEqual([]);
  });
});

describe('buildRequest', () => {
  it('puts a path under the base address, fills path parameters, query and every variable', () => {
    const draft = {
      ...blankDraft(),
      method: 'POST' as const,
      url: '/users/{id}/posts/:postId?x=1',
      pathParams: [
        { name: 'id', value: '{{uid}}', enabled: true },
        { name: 'postId', value: 'a b', enabled: true },
      ],
      query: [
        { name: 'q', value: '{{term}}', enabled: true },
        { name: 'off', value: '1', enabled: false },
      ],
      headers: [{ name: 'Authorization', value: 'Bearer {{token}}', enabled: true }],
      bodyType: 'json' as const,
      bodyText: '{"who":"{{uid}}","missing":"{{nope}}"}',
    };
    const built = buildRequest(draft, { uid: '42', term: 'x&y', token: 't0k', host: 'api.test' }, 'https://{{host}}/v1/');
    expect(built.request).toEqual({
      method: 'POST',
      url: 'https://api.test/v1/users/42/posts/a%20b?x=1&q=x%26y',
      headers: [{ name: 'Authorization', value: 'Bearer t0k' }],
      body: { kind: 'text', text: '{"who":"42","missing":"{{nope}}"}' },
    });
    expect(built.missing).toEqual(['nope']);
  });

  it('an absolute address ignores the base; urlencoded and multipart bodies', () => {
    const form = buildRequest(
      { ...blankDraft(), url: 'http://h/x', bodyType: 'form', form: [{ name: 'a', value: '{{v}}', enabled: true }] },
      { v: '1 2' },
      'https://base',
    );
    expect(form.request.url).toBe('http://h/x');
    expect(form.request.body).toEqual({ kind: 'text', text: 'a=1+2' });
    const file = { fileName: 'a.png', contentType: 'image/png', base64: 'AA==' };
    const multi = buildRequest(
      {
        ...blankDraft(),
        url: 'http://h/up',
        bodyType: 'form-data',
        headers: [{ name: 'content-type', value: 'multipart/form-data', enabled: true }],
        form: [
          { name: 'f', value: '', enabled: true, isFile: true, file },
          { name: 'nofile', value: '', enabled: true, isFile: true },
          { name: 't', value: 'x', enabled: true },
        ],
      },
      {},
    );
    expect(multi.request.body).toEqual({
      kind: 'form',
      fields: [
        { name: 'f', file },
        { name: 't', value: 'x' },
      ],
    });
    expect(multi.request.headers).toEqual([]);
  });

  it('sending waits for an address', () => {
    expect(canSend(blankDraft())).toBe(false);
    expect(canSend({ ...blankDraft(), url: '  ' })).toBe(false);
    expect(canSend({ ...blankDraft(), url: '/x' })).toBe(true);
    expect(joinUrl('https://a/', '/b')).toBe('https://a/b');
    expect(joinUrl('', '/b')).toBe('/b');
  });
});
