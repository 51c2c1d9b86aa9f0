import { describe, expect, it } from 'vitest';
import { prettyBody, requestInit, runPreview } from './preview';

describe('requestInit', () => {
  const base = { url: 'http://m/p/a', headers: [], body: '{"a":1}', language: 'en' };

  it('sends the token header, the page language and no cookies', () => {
    const init = requestInit({ ...base, method: 'get', token: 'tok12345' });
    const headers = init.headers as Headers;
    expect(init.method).toBe('GET');
    expect(headers.get('x-mock-token')).toBe('tok12345');
    expect(headers.get('accept-language')).toBe('en');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBeUndefined();
  });

  it('sends a body with a JSON content type for methods that carry one, unless the caller set another', () => {
    expect(requestInit({ ...base, method: 'POST' })).toMatchObject({ body: '{"a":1}' });
    expect((requestInit({ ...base, method: 'POST' }).headers as Headers).get('content-type')).toBe('application/json');
    const text = requestInit({
      ...base,
      method: 'PUT',
      headers: [
        { name: 'Content-Type', value: 'text/plain' },
        { name: ' ', value: 'ignored' },
      ],
    });
    expect((text.headers as Headers).get('content-type')).toBe('text/plain');
    expect(requestInit({ ...base, method: 'DELETE', body: '' }).body).toBeUndefined();
  });

  it('keeps headers the caller typed over the defaults', () => {
    const init = requestInit({
      ...base,
      method: 'GET',
      token: 'auto',
      headers: [
        { name: 'X-Mock-Token', value: 'typed' },
        { name: 'Accept-Language', value: 'zh' },
      ],
    });
    expect((init.headers as Headers).get('x-mock-token')).toBe('typed');
    expect((init.headers as Headers).get('accept-language')).toBe('zh');
  });
});

describe('prettyBody', () => {
  it('indents JSON and leaves other text alone', () => {
    expect(prettyBody('{"a":[1,2]}')).toEqual({ body: '{\n  "a": [\n    1,\n    2\n  ]\n}', json: true });
    expect(prettyBody('not json')).toEqual({ body: 'not json', json: false });
    expect(prettyBody('')).toEqual({ body: '', json: false });
  });
});

describe('runPreview', () => {
  it('reports status, sorted headers, the pretty body and the time taken', async () => {
    let clock = 100;
    const fetch: typeof globalThis.fetch = async (url, init) => {
      expect(url).toBe('http://m/p/a');
      expect(init?.method).toBe('GET');
      clock += 42;
      return new Response('{"ok":true}', { status: 201, headers: { 'x-b': '2', 'content-type': 'application/json' } });
    };
    const result = await runPreview(
      { url: 'http://m/p/a', method: 'GET', headers: [], body: '', language: 'zh' },
      { fetch, now: () => clock },
    );
    expect(result).toEqual({
      status: 201,
      ms: 42,
      headers: [
        ['content-type', 'application/json'],
        ['x-b', '2'],
      ],
      body: '{\n  "ok": true\n}',
      json: true,
    });
  });
});
