import { describe, expect, it } from 'vitest';
import type { ApiContent } from '../../schemas/document';
import { importInput } from '../index';
import { pathTemplate } from './index';

const entry = (method: string, url: string, status: number, mimeType: string, text = '', postData?: object) => ({
  startedDateTime: '2025-01-01T00:00:00Z',
  time: 10,
  request: {
    method,
    url,
    httpVersion: 'HTTP/1.1',
    headers: [
      { name: 'Accept', value: '*/*' },
      { name: 'Cookie', value: 'sid=1' },
    ],
    queryString: [...new URL(url).searchParams].map(([name, value]) => ({ name, value })),
    cookies: [],
    headersSize: -1,
    bodySize: -1,
    ...(postData ? { postData } : {}),
  },
  response: {
    status,
    statusText: status === 200 ? 'OK' : 'Not Found',
    httpVersion: 'HTTP/1.1',
    headers: [],
    cookies: [],
    content: { size: text.length, mimeType, text },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  },
  cache: {},
  timings: { send: 0, wait: 10, receive: 0 },
});

const har = {
  log: {
    version: '1.2',
    creator: { name: 'test', version: '1' },
    entries: [
      entry('GET', 'https://api.example.com/orders/17?expand=lines', 200, 'application/json', '{"id":17,"paid":true}'),
      entry('GET', 'https://api.example.com/orders/42', 404, 'application/json', '{"error":"gone"}'),
      entry('POST', 'https://api.example.com/orders', 201, 'application/json', '{"id":43}', {
        mimeType: 'application/json',
        text: '{"sku":"A-1"}',
      }),
      entry('GET', 'https://api.example.com/app.js', 200, 'application/javascript', 'x()'),
      entry('GET', 'https://api.example.com/style.css', 200, 'text/css', 'a{}'),
      entry('GET', 'https://api.example.com/logo', 200, 'image/png', ''),
      entry('GET', 'https://api.example.com/users/3f2a9c1e-1111-4222-8333-444455556666/avatar', 200, 'application/octet-stream', ''),
    ],
  },
};

describe('HAR importer', () => {
  it('names path ids after the segment before them', () => {
    expect(pathTemplate('/orders/17/items/3')).toEqual({ template: '/orders/{orderId}/items/{itemId}', names: ['orderId', 'itemId'] });
    expect(pathTemplate('/v2/users/me')).toEqual({ template: '/v2/users/me', names: [] });
  });

  it('merges calls by method and path template, drops static assets, keeps each status with its body as example', async () => {
    const r = await importInput({ text: JSON.stringify(har), name: 'session.har' });
    expect(r.format).toBe('har');
    expect(r.documents.map((d) => d.key)).toEqual(['api:GET /orders/{}', 'api:POST /orders', 'api:GET /users/{}/avatar']);
    const get = r.documents[0]!.content as ApiContent;
    expect(get.path).toBe('/orders/{orderId}');
    expect(get.reqPath[0]).toMatchObject({ name: 'orderId', value: '17' });
    expect(get.reqQuery.map((q) => q.name)).toEqual(['expand']);
    expect(get.reqHeaders.map((h) => h.name)).toEqual(['Accept']);
    expect(get.responses.map((x) => x.status)).toEqual(['200', '404']);
    expect(get.responses[0]!.body.map((p) => p.name)).toEqual(['id', 'paid']);
    const post = r.documents[1]!.content as ApiContent;
    expect(post.reqBody.map((p) => p.name)).toEqual(['sku']);
    expect(post.responses[0]!.status).toBe('201');
    expect(r.documents[0]!.folder).toEqual(['api.example.com']);
  });
});
