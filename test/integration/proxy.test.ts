/**
 * POST /proxy/send through the local API (real DynamoDB Local for sessions and the per-user limit). The proxy is
 * wired as test/support/proxy-target.ts says: the deployed service with a resolver the test controls and one
 * admitted loopback address (127.0.0.3) where the targets listen; every other address keeps the guard's answer.
 * A second gateway runs the deployed function's handler as it is (functions/services/proxy/index.ts), which admits
 * none of them. Nothing leaves the machine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_SENDS_PER_USER } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { RUN_PROXY_RESPONSE_MAX_BYTES, type RunRequest, type RunResponse } from '@shared/schemas/runner';
import { signUp, useLocalApi } from '../support/local-api';
import { echoTargetUrl, startTarget, TARGET_ADDRESS, testDns } from '../support/proxy-target';

const api = useLocalApi();
const deployed = useLocalApi({ sources: { proxy: () => import('../../functions/services/proxy/index') } });

/** A server on 127.0.0.1, which the proxy must never reach: it counts what arrives. */
let inside: Server;
let insidePort = 0;
let insideHits = 0;
let target: Awaited<ReturnType<typeof startTarget>>;
let big: Awaited<ReturnType<typeof startTarget>>;

beforeAll(async () => {
  inside = createServer((_req, res) => {
    insideHits++;
    res.end('internal');
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
  insidePort = (inside.address() as AddressInfo).port;
  target = await startTarget((req, res) => {
    if (req.url?.startsWith('/to-inside')) return res.writeHead(302, { location: `http://127.0.0.1:${insidePort}/` }).end();
    if (req.url?.startsWith('/loop')) return res.writeHead(302, { location: '/loop' }).end();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ url: req.url }));
  });
  big = await startTarget((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    for (let i = 0; i < 80; i++) res.write(Buffer.alloc(64 * 1024, 7));
    res.end();
  });
});
afterAll(async () => {
  await Promise.all([target.close(), big.close()]);
  inside.closeAllConnections();
  await new Promise((resolve) => inside.close(resolve));
});

const run = (url: string, extra: Partial<RunRequest> = {}): RunRequest => ({
  method: 'GET',
  url,
  headers: [],
  body: { kind: 'none' },
  ...extra,
});
const send = (token: string | undefined, body: RunRequest, headers: Record<string, string> = {}, via = api) =>
  via.call('proxy.send', { ...(token ? { token } : {}), headers, body });
const echoed = (res: { data: RunResponse }) =>
  JSON.parse(Buffer.from(res.data.bodyBase64, 'base64').toString()) as {
    method: string;
    url: string;
    headers: [string, string][];
    body: string;
  };

describe('the proxy route', () => {
  it('refuses anyone not signed in, and sends for a signed-in user: method, headers, body, and the answer whole', async () => {
    const anonymous = await send(undefined, run(`${target.url}/x`));
    expect(anonymous.code).toBe(ERRORS.notLoggedIn.code);
    const { token } = await signUp('Proxy user');
    const res = await send(
      token,
      run(`${echoTargetUrl()}/echo?q=1`, {
        method: 'PUT',
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'X-Twice', value: 'a' },
          { name: 'X-Twice', value: 'b' },
        ],
        body: { kind: 'text', text: '{"name":"中文"}' },
      }),
    );
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({ status: 200, statusText: 'OK', truncated: false });
    expect(res.data.headers.find((h) => h.name.toLowerCase() === 'content-type')?.value).toBe('application/json');
    const seen = echoed(res);
    expect(seen.method).toBe('PUT');
    expect(seen.url).toBe('/echo?q=1');
    expect(Buffer.from(seen.body, 'base64').toString()).toBe('{"name":"中文"}');
    expect(seen.headers.filter(([n]) => n === 'X-Twice').map(([, v]) => v)).toEqual(['a', 'b']);
  });

  it('never forwards the call’s own cookies, session, share token or language; strips ours from the request', async () => {
    const { token } = await signUp('Careful');
    const res = await send(
      token,
      run(`${echoTargetUrl()}/h`, {
        headers: [
          { name: 'Cookie', value: `apiloom-token=${token}; theirs=1` },
          { name: 'X-Copied', value: token },
          { name: 'Authorization', value: 'Bearer for-their-api' },
        ],
      }),
      { 'share-token': 'share-token-value-000000000000', cookie: `apiloom-token=${token}`, 'accept-language': 'en' },
    );
    expect(res.code, res.message).toBe(0);
    const sent = echoed(res).headers.map(([n, v]) => [n.toLowerCase(), v]);
    expect(sent.find(([n]) => n === 'cookie')).toEqual(['cookie', 'theirs=1']);
    expect(sent.find(([n]) => n === 'authorization')).toEqual(['authorization', 'Bearer for-their-api']);
    expect(sent.map(([n]) => n)).not.toContain('x-copied');
    expect(sent.map(([n]) => n)).not.toContain('token');
    expect(sent.map(([n]) => n)).not.toContain('share-token');
    expect(sent.map(([n]) => n)).not.toContain('accept-language');
    expect(JSON.stringify(sent)).not.toContain(token);
  });

  it('refuses loopback, private, link-local, metadata, unspecified, CGNAT and IPv6 forms, by literal or by name, in zh and en', async () => {
    const { token } = await signUp('Refused');
    testDns.set('internal.proxy.test', ['127.0.0.1']);
    testDns.set('metadata.proxy.test', ['169.254.169.254']);
    testDns.set('mixed.proxy.test', [TARGET_ADDRESS, '10.1.2.3']);
    testDns.set('mapped.proxy.test', ['::ffff:127.0.0.1']);
    testDns.set('compatible.proxy.test', ['::7f00:1']);
    const hosts = [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0.0.0.0',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '[::1]',
      '[fc00::1]',
      '[fd00:ec2::254]',
      '[fe80::1]',
      '[::ffff:127.0.0.1]',
      // IPv4-compatible (::/96): 127.0.0.1 and the metadata address (issue 37).
      '[::7f00:1]',
      '[::127.0.0.1]',
      '[::a9fe:a9fe]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      'internal.proxy.test',
      'metadata.proxy.test',
      'mixed.proxy.test',
      'mapped.proxy.test',
      'compatible.proxy.test',
    ];
    const answers = await Promise.all(hosts.map((host) => send(token, run(`http://${host}:${insidePort}/`))));
    answers.forEach((res, i) => {
      expect(res.code, `${hosts[i]}: ${res.message}`).toBe(ERRORS.proxyAddress.code);
      expect(res.message, hosts[i]).toMatch(/^代理只发送到公网 http\(s\) 地址（.+）；本机或内网的接口请用浏览器插件$/);
    });
    const en = await send(token, run(`http://[::1]:${insidePort}/`), { 'accept-language': 'en' });
    expect(en.message).toBe('The proxy sends only to public http(s) addresses (::1); use the browser plug-in for your machine or intranet');
    expect(insideHits).toBe(0);
  });

  it('refuses a redirect to a refused address and past the hop cap, naming why', async () => {
    const { token } = await signUp('Redirected');
    const toInside = await send(token, run(`${target.url}/to-inside`));
    expect(toInside.code).toBe(ERRORS.proxyAddress.code);
    expect(toInside.message).toContain('127.0.0.1');
    const loop = await send(token, run(`${target.url}/loop`), { 'accept-language': 'en' });
    expect(loop).toMatchObject({ code: ERRORS.proxyRedirects.code, message: 'More than 10 redirects' });
    expect(insideHits).toBe(0);
  });

  it('cuts a response past its cap and says so', async () => {
    const { token } = await signUp('Big');
    const res = await send(token, run(`${big.url}/`));
    expect(res.code, res.message).toBe(0);
    expect(res.data.truncated).toBe(true);
    expect(Buffer.from(res.data.bodyBase64, 'base64').length).toBe(RUN_PROXY_RESPONSE_MAX_BYTES);
    expect(res.data.size).toBeGreaterThan(RUN_PROXY_RESPONSE_MAX_BYTES);
  });

  it('limits each user: past the limit HTTP 429 with Retry-After and the localised message; another user still sends', async () => {
    const { token } = await signUp('Busy');
    const url = `${target.url}/ok`;
    for (let i = 0; i < PROXY_SENDS_PER_USER.limit; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => send(token, run(url))));
      for (const res of batch) expect(res.code, res.message).toBe(0);
    }
    const refused = await send(token, run(url));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe(ERRORS.proxyThrottled.code);
    expect(refused.message).toMatch(/^代理发送过于频繁，请 \d+ 秒后再试$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const en = await send(token, run(url), { 'accept-language': 'en' });
    expect(en.message).toMatch(/^Too many sends through the proxy, try again in \d+ seconds$/);
    const other = await signUp('Other');
    expect((await send(other.token, run(url))).code).toBe(0);
  });

  it('as deployed, admits none of the test addresses: the test target itself is refused', async () => {
    const { token } = await signUp('Deployed');
    const res = await send(token, run(`http://${TARGET_ADDRESS}:${target.port}/`), {}, deployed);
    expect(res.code).toBe(ERRORS.proxyAddress.code);
    const before = target.seen.length;
    expect((await send(token, run(`http://127.0.0.1:${insidePort}/`), {}, deployed)).code).toBe(ERRORS.proxyAddress.code);
    expect(target.seen.length).toBe(before);
    expect(insideHits).toBe(0);
  });
});
