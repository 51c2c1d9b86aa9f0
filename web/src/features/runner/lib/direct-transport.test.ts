import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_RESPONSE_MAX_BYTES } from '@shared/schemas/runner';
import { base64ToText } from './base64';
import { directTransport, RunFailure } from './direct-transport';

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        res.end(Buffer.alloc(RUN_RESPONSE_MAX_BYTES + 1000, 1));
        return;
      }
      if (req.url === '/slow') return void setTimeout(() => res.end('late'), 5_000);
      const echo = {
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body: Buffer.concat(chunks).toString(),
      };
      res.writeHead(201, 'Made', { 'content-type': 'application/json', 'x-one': '1' });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('directTransport', () => {
  it('sends method, headers and a text body; answers status, headers, body, size and time', async () => {
    const res = await directTransport({
      method: 'POST',
      url: `${base}/login?x=1`,
      headers: [
        { name: 'Authorization', value: 'Bearer abc' },
        { name: 'Content-Type', value: 'application/json' },
      ],
      body: { kind: 'text', text: '{"a":1}' },
    });
    const echo = JSON.parse(base64ToText(res.bodyBase64)) as Record<string, string>;
    expect(echo).toEqual({ method: 'POST', url: '/login?x=1', auth: 'Bearer abc', type: 'application/json', body: '{"a":1}' });
    expect(res).toMatchObject({ status: 201, statusText: 'Made', truncated: false, finalUrl: `${base}/login?x=1` });
    expect(res.size).toBe(Buffer.from(base64ToText(res.bodyBase64)).length);
    expect(res.headers).toContainEqual({ name: 'x-one', value: '1' });
    expect(res.timeMs).toBeGreaterThan(0);
  });

  it('writes a multipart body with its files', async () => {
    const res = await directTransport({
      method: 'POST',
      url: `${base}/upload`,
      headers: [],
      body: {
        kind: 'form',
        fields: [
          { name: 'title', value: 'hello' },
          { name: 'f', file: { fileName: 'a.txt', contentType: 'text/plain', base64: btoa('file text') } },
        ],
      },
    });
    const echo = JSON.parse(base64ToText(res.bodyBase64)) as Record<string, string>;
    expect(echo.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('name="title"\r\n\r\nhello');
    expect(echo.body).toContain('filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nfile text');
  });

  it('stops reading at the response cap and says so', async () => {
    const res = await directTransport({ method: 'GET', url: `${base}/big`, headers: [], body: { kind: 'none' } });
    expect(res.size).toBe(RUN_RESPONSE_MAX_BYTES);
    expect(res.truncated).toBe(true);
  });

  it('an unreachable target, a bad address and a cancelled run fail with their kind', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const none = { headers: [], body: { kind: 'none' as const } };
    await expect(directTransport({ method: 'GET', url: `http://127.0.0.1:${port}/`, ...none })).rejects.toMatchObject({
      kind: 'unreachable',
    });
    await expect(directTransport({ method: 'GET', url: '/relative', ...none })).rejects.toMatchObject({ kind: 'invalid-url' });
    await expect(directTransport({ method: 'GET', url: 'ftp://x/', ...none })).rejects.toBeInstanceOf(RunFailure);
    const abort = new AbortController();
    const slow = directTransport({ method: 'GET', url: `${base}/slow`, ...none }, abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(slow).rejects.toMatchObject({ kind: 'aborted' });
  });
});
