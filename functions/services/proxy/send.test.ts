/**
 * What the proxy sends and how it says no, without the API around it: the headers policy (our cookies and tokens
 * never go out; the user's own do), the bodies it writes (text, base64, multipart with files), the request body cap,
 * the time cap, and every refusal's message in both languages. Targets listen on loopback; a resolver of the
 * test's own admits them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { translate } from '@shared/messages';
import { RUN_REQUEST_MAX_BODY_BYTES, type RunRequest } from '@shared/schemas/runner';
import { AppError } from '../../core/app-error';
import { ourSecrets, outgoingBody, outgoingHeaders, sendRun } from './send';

let server: Server;
let port = 0;
const guard = { admitForTests: new Set(['127.0.0.1']) };

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/hang') return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res.end(JSON.stringify({ headers: req.rawHeaders, body: Buffer.concat(chunks).toString('latin1') })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SESSION = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
const SHARE = 'share-0123456789abcdef0123';

const refusalOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`not refused: ${String(error)}`);
  return error;
};

describe('the proxy request', () => {
  it('finds our secrets in the call to us: the session (header or either cookie) and the share token', () => {
    expect(ourSecrets({ headers: { token: SESSION, 'share-token': SHARE } })).toEqual([SESSION, SHARE]);
    expect(ourSecrets({ headers: {}, cookies: [`__Host-apiloom-token=${SESSION}`, 'apiloom-signed-in=1', 'other=x'] })).toEqual([SESSION]);
    expect(ourSecrets({ headers: { cookie: `apiloom-token=${SESSION}; z=1` } })).toEqual([SESSION]);
  });

  it('never sends our cookies or tokens; sends the user’s own headers for their target as written', () => {
    const out = outgoingHeaders(
      [
        { name: 'Cookie', value: `apiloom-token=${SESSION}; theirs=1; __Host-apiloom-token=${SESSION}; apiloom-signed-in=1` },
        { name: 'cookie', value: 'apiloom-token=whatever' },
        { name: 'X-Pasted', value: `Bearer ${SESSION}` },
        { name: 'share-token', value: SHARE },
        { name: 'Authorization', value: 'Bearer their-own' },
        { name: 'token', value: 'their-own-token-header' },
        { name: 'X-Api-Key', value: 'k' },
      ],
      [SESSION, SHARE],
    );
    expect(out).toEqual([
      ['Cookie', 'theirs=1'],
      ['Authorization', 'Bearer their-own'],
      ['token', 'their-own-token-header'],
      ['X-Api-Key', 'k'],
    ]);
    expect(() => outgoingHeaders([{ name: 'X-Bad', value: 'a\r\nInjected: 1' }], [])).toThrow(AppError);
    expect(() => outgoingHeaders([{ name: 'Bad Name', value: 'a' }], [])).toThrow(AppError);
  });

  it('writes text, base64 and multipart bodies (files too), and refuses one past the cap', () => {
    expect(outgoingBody({ kind: 'none' })).toEqual({});
    expect(outgoingBody({ kind: 'text', text: '{"a":"中"}' }).bytes?.toString('utf8')).toBe('{"a":"中"}');
    expect([...outgoingBody({ kind: 'base64', base64: Buffer.from([0, 255, 1]).toString('base64') }).bytes!]).toEqual([0, 255, 1]);
    const form = outgoingBody({
      kind: 'form',
      fields: [
        { name: 'note', value: 'hi' },
        {
          name: 'up"load',
          file: { fileName: 'a\r\n.png', contentType: 'image/png', base64: Buffer.from([137, 80, 78, 71]).toString('base64') },
        },
      ],
    });
    const boundary = /boundary=(.+)$/.exec(form.contentType!)![1]!;
    expect(form.bytes!.toString('latin1')).toBe(
      `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="up%22load"; filename="a%0D%0A.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n` +
        `--${boundary}--\r\n`,
    );
    const tooBig = () => outgoingBody({ kind: 'base64', base64: Buffer.alloc(RUN_REQUEST_MAX_BODY_BYTES + 1).toString('base64') });
    expect(tooBig).toThrow(expect.objectContaining({ key: 'proxyTooLarge' }) as Error);
  });

  it('sends a multipart form with its own Content-Type in place of the user’s', async () => {
    const run: RunRequest = {
      method: 'POST',
      url: `http://127.0.0.1:${port}/form`,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      body: { kind: 'form', fields: [{ name: 'f', file: { fileName: 'x.bin', contentType: '', base64: 'AAE=' } }] },
    };
    const answer = await sendRun(run, [], guard);
    const seen = JSON.parse(Buffer.from(answer.bodyBase64, 'base64').toString()) as { headers: string[]; body: string };
    const types = seen.headers.filter((_, i) => i % 2 === 1 && /^content-type$/i.test(seen.headers[i - 1]!));
    expect(types).toHaveLength(1);
    expect(types[0]).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('filename="x.bin"\r\nContent-Type: application/octet-stream\r\n\r\n\x00\x01\r\n');
    expect(answer).toMatchObject({ status: 200, truncated: false, finalUrl: `http://127.0.0.1:${port}/form` });
    expect(answer.timeMs).toBeGreaterThan(0);
  });

  it('names why it did not send, in zh and en: address, redirects, timeout, too large, unreachable', async () => {
    const send = (url: string, extra = {}) =>
      sendRun({ method: 'GET', url, headers: [], body: { kind: 'none' } }, [], { ...guard, ...extra });
    const address = await refusalOf(send('http://169.254.169.254/latest/meta-data/'));
    expect(address.key).toBe('proxyAddress');
    expect(translate('zh', 'error.proxyAddress', address.params)).toBe(
      '代理只发送到公网 http(s) 地址（169.254.169.254）；本机或内网的接口请用浏览器插件',
    );
    expect(translate('en', 'error.proxyAddress', address.params)).toContain('only to public http(s) addresses (169.254.169.254)');
    expect((await refusalOf(send('file:///etc/passwd'))).key).toBe('proxyAddress');
    const timeout = await refusalOf(send(`http://127.0.0.1:${port}/hang`, { timeoutMs: 300 }));
    expect(timeout.key).toBe('proxyTimeout');
    expect(translate('zh', 'error.proxyTimeout', timeout.params)).toBe('目标 28 秒内未响应');
    expect(translate('en', 'error.proxyTimeout', timeout.params)).toBe('The target did not answer within 28 seconds');
    // A closed port on the admitted address.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await refusalOf(send(`http://127.0.0.1:${closedPort}/`));
    expect(unreachable.key).toBe('proxyUnreachable');
    expect(translate('zh', 'error.proxyUnreachable', unreachable.params)).toMatch(/^无法连接目标（.+）$/);
    expect(translate('en', 'error.proxyUnreachable', unreachable.params)).toMatch(/^Could not reach the target \(.+\)$/);
    // A header value the HTTP client cannot write (past Latin-1, a control character): said, never sent or thrown.
    for (const value of ['中文', 'a\u0001b']) {
      const odd = await refusalOf(
        sendRun(
          { method: 'GET', url: `http://127.0.0.1:${port}/`, headers: [{ name: 'X-Note', value }], body: { kind: 'none' } },
          [],
          guard,
        ),
      );
      expect(odd.key).toBe('proxyUnreachable');
      expect(translate('en', 'error.proxyUnreachable', odd.params)).toBe('Could not reach the target (invalid X-Note header)');
    }
    expect(translate('zh', 'error.proxyRedirects', { max: 10 })).toBe('重定向超过 10 次');
    expect(translate('en', 'error.proxyRedirects', { max: 10 })).toBe('More than 10 redirects');
    expect(translate('zh', 'error.proxyTooLarge', { mb: 3 })).toBe('请求体不能超过 3 MB');
    expect(translate('en', 'error.proxyTooLarge', { mb: 3 })).toBe('A request body is at most 3 MB');
    expect(ERRORS.proxyThrottled.status).toBe(429);
  });
});
