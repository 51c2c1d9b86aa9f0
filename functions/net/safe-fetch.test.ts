/**
 * The fetch guard against a server of the test's own on loopback: every refused form never reaches it (its
 * request count stays 0), an admitted one does. Host names resolve through a resolver the test controls; no
 * traffic leaves the machine (refused addresses are refused before any socket opens).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkConnected, FetchRefused, isPublicAddress, safeFetch, type SafeFetchOptions } from './safe-fetch';

let server: Server;
let port = 0;
let hits = 0;
const LOOPBACK_ONLY = new Set(['127.0.0.1']);

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/spec') return res.end('{"openapi":"3.1.0"}');
    if (url.pathname === '/hop') return res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      // Streams without a length: only the running count can stop it.
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 1));
      return res.end();
    }
    if (url.pathname === '/hang') return; // never answers: the time cap ends it
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const refusal = async (url: string, options: SafeFetchOptions = {}) => {
  try {
    await safeFetch(url, { timeoutMs: 3_000, ...options });
  } catch (error) {
    if (error instanceof FetchRefused) return error;
    throw error;
  }
  throw new Error(`not refused: ${url}`);
};

describe('safe fetch', () => {
  it('refuses loopback, private, link-local, metadata, unspecified and IPv6-mapped or -embedded literals before connecting', async () => {
    const before = hits;
    const forms = [
      '127.0.0.1',
      '127.1',
      '2130706433',
      '0x7f000001',
      '0177.0.0.1',
      '0.0.0.0',
      '[::1]',
      '[::]',
      '[::ffff:7f00:1]',
      '[::ffff:127.0.0.1]',
      '169.254.169.254',
      '[::ffff:169.254.169.254]',
      '[fd00::1]',
      '[fd00:ec2::254]',
      '[fe80::1]',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '[2002:7f00:1::]',
      '[64:ff9b::7f00:1]',
      '224.0.0.1',
    ];
    for (const host of forms) {
      const error = await refusal(`http://${host}:${port}/spec`);
      expect(error.reason, host).toBe('address');
    }
    expect(hits).toBe(before);
  });

  it('refuses other schemes', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'gopher://x', 'data:text/plain,hi'])
      expect((await refusal(url)).reason).toBe('scheme');
  });

  it('refuses a host name any of whose addresses is not public, as the resolver answers it', async () => {
    const before = hits;
    const resolve = async (host: string) =>
      ({
        'internal.test': ['127.0.0.1'],
        'mixed.test': ['93.184.216.34', '127.0.0.1'],
        'meta.test': ['169.254.169.254'],
        'v6.test': ['::ffff:7f00:1'],
      })[host] ?? [];
    for (const host of ['internal.test', 'mixed.test', 'meta.test', 'v6.test', 'nothing.test'])
      expect((await refusal(`http://${host}:${port}/spec`, { resolve })).reason, host).toBe('address');
    expect(hits).toBe(before);
  });

  it('checks the address a socket actually reached', () => {
    expect(() => checkConnected({ remoteAddress: '127.0.0.1' }, {})).toThrow(FetchRefused);
    expect(() => checkConnected({ remoteAddress: '::ffff:10.0.0.1' }, {})).toThrow(FetchRefused);
    expect(() => checkConnected({ remoteAddress: '93.184.216.34' }, {})).not.toThrow();
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    expect(isPublicAddress('not an address')).toBe(false);
  });

  it('fetches an admitted target, by literal and through the resolver', async () => {
    const direct = await safeFetch(`http://127.0.0.1:${port}/spec`, { admitForTests: LOOPBACK_ONLY });
    expect(new TextDecoder().decode(direct.body)).toBe('{"openapi":"3.1.0"}');
    const resolve = async () => ['127.0.0.1'];
    const named = await safeFetch(`http://spec.test:${port}/spec`, { admitForTests: LOOPBACK_ONLY, resolve });
    expect(named.status).toBe(200);
  });

  it('re-checks every redirect: to a refused literal, to a host that resolves inside, and past the hop cap', async () => {
    const resolve = async (host: string) => (host === 'inside.test' ? ['127.0.0.2'] : ['127.0.0.1']);
    const options = { admitForTests: LOOPBACK_ONLY, resolve };
    expect(
      (await refusal(`http://127.0.0.1:${port}/hop?to=${encodeURIComponent(`http://169.254.169.254:${port}/spec`)}`, options)).reason,
    ).toBe('address');
    expect(
      (await refusal(`http://127.0.0.1:${port}/hop?to=${encodeURIComponent(`http://inside.test:${port}/spec`)}`, options)).reason,
    ).toBe('address');
    expect((await refusal(`http://127.0.0.1:${port}/hop?to=${encodeURIComponent('file:///etc/passwd')}`, options)).reason).toBe('scheme');
    expect((await refusal(`http://127.0.0.1:${port}/loop`, { ...options, maxRedirects: 3 })).reason).toBe('redirects');
    const followed = await safeFetch(`http://127.0.0.1:${port}/hop?to=/spec`, options);
    expect(followed.url).toBe(`http://127.0.0.1:${port}/spec`);
  });

  it('stops at the size cap and the time cap', async () => {
    expect((await refusal(`http://127.0.0.1:${port}/big`, { admitForTests: LOOPBACK_ONLY, maxBytes: 1024 * 1024 })).reason).toBe(
      'tooLarge',
    );
    const started = Date.now();
    expect((await refusal(`http://127.0.0.1:${port}/hang`, { admitForTests: LOOPBACK_ONLY, timeoutMs: 500 })).reason).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
