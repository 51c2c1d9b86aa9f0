/**
 * The fetch guard against a server of the test's own on loopback: every refused form never reaches it (its
 * request count stays 0), an admitted one does. Host names resolve through a resolver the test controls; no
 * traffic leaves the machine (refused addresses are refused before any socket opens).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { isPublicAddress } from './addresses';
import { checkConnected, FetchRefused, guardedLookup, safeFetch, safeSend, type SafeFetchOptions } from './safe-fetch';

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
    if (url.pathname === '/echo') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        res.writeHead(200, [
          ['content-type', 'application/json'],
          ['set-cookie', 'a=1'],
          ['set-cookie', 'b=2'],
        ] as unknown as Record<string, string>);
        res.end(JSON.stringify({ method: req.method, headers: req.rawHeaders, body: Buffer.concat(chunks).toString() }));
      });
      return;
    }
    if (url.pathname === '/status') {
      // A hop with the chosen status, closing the connection: the next hop connects (and resolves) again.
      return res
        .writeHead(Number(url.searchParams.get('code')), { location: url.searchParams.get('to') ?? '/echo', connection: 'close' })
        .end();
    }
    if (url.pathname === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'text/plain' });
      return res.end(gzipSync(Buffer.from('hello '.repeat(1000))));
    }
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
      // The proxy's list (issue 24): fc00::/7 beside fd00::/8, Teredo, the edges of the private ranges, link-local.
      '[fc00::1]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '[64:ff9b::a9fe:a9fe]',
      '[::ffff:10.0.0.1]',
      '172.31.255.254',
      '192.168.255.255',
      '169.254.0.1',
      '100.127.255.254',
      '127.255.255.254',
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

  // Issue 37: `[::7f00:1]` (IPv4-compatible, ::/96) passed as public unicast.
  it('refuses IPv6 forms that embed an IPv4 address that is not public, and IPv4-compatible IPv6 whole', () => {
    const refused = [
      '::7f00:1', // ::127.0.0.1, IPv4-compatible
      '::a00:1', // ::10.0.0.1
      '::a9fe:a9fe', // ::169.254.169.254, the metadata address
      '::808:808', // ::8.8.8.8: the whole deprecated range, public or not
      '0:0:0:0:0:0:7f00:1',
      '::ffff:7f00:1', // IPv4-mapped 127.0.0.1
      '::ffff:a9fe:a9fe',
      '::ffff:0:7f00:1', // IPv4-translated (RFC 6145)
      '64:ff9b::7f00:1', // NAT64 127.0.0.1
      '64:ff9b::a00:1',
      '64:ff9b:1::a00:1', // local-use NAT64
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo of 127.0.0.1 (its client address, inverted)
      '::1',
      '::',
    ];
    for (const address of refused) {
      expect(isPublicAddress(address), address).toBe(false);
      expect(() => checkConnected({ remoteAddress: address }, {}), address).toThrow(FetchRefused);
    }
    // An IPv4-mapped public address is the public IPv4 address.
    expect(isPublicAddress('::ffff:808:808')).toBe(true);
  });

  it('refuses an IPv4-compatible literal in a URL before connecting', async () => {
    const before = hits;
    for (const host of ['[::7f00:1]', '[::127.0.0.1]', '[0:0:0:0:0:0:7f00:1]', '[64:ff9b::7f00:1]', '[2002:7f00:1::1]'])
      expect((await refusal(`http://${host}:${port}/spec`)).reason, host).toBe('address');
    expect(hits).toBe(before);
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

describe('safe send: any method, headers and bodies, through the same guard', () => {
  const options = { admitForTests: LOOPBACK_ONLY, timeoutMs: 3_000 };
  const text = (body: Uint8Array) => new TextDecoder().decode(body);

  it('sends the method, headers (repeats kept, connection headers dropped) and body; answers headers in order', async () => {
    const sent = await safeSend(
      {
        method: 'PATCH',
        url: `http://127.0.0.1:${port}/echo`,
        headers: [
          ['X-Twice', '1'],
          ['X-Twice', '2'],
          ['Host', 'elsewhere.example'],
          ['Content-Length', '999'],
          ['Content-Type', 'text/plain'],
        ],
        body: new TextEncoder().encode('ping'),
      },
      options,
    );
    const echo = JSON.parse(text(sent.body)) as { method: string; headers: string[]; body: string };
    expect(echo.method).toBe('PATCH');
    expect(echo.body).toBe('ping');
    const pairs = echo.headers.flatMap((v, i) => (i % 2 ? [] : [[v.toLowerCase(), echo.headers[i + 1]]]));
    expect(pairs.filter(([n]) => n === 'x-twice')).toEqual([
      ['x-twice', '1'],
      ['x-twice', '2'],
    ]);
    expect(pairs.find(([n]) => n === 'host')?.[1]).toBe(`127.0.0.1:${port}`);
    expect(pairs.find(([n]) => n === 'content-length')?.[1]).toBe('4');
    expect(sent.headers.filter(([n]) => n.toLowerCase() === 'set-cookie')).toEqual([
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
    ]);
    expect(sent).toMatchObject({ status: 200, statusText: 'OK', truncated: false, url: `http://127.0.0.1:${port}/echo` });
  });

  it('follows redirects as browsers do: 307 keeps the method and body, 303 turns into a GET, another origin loses Authorization', async () => {
    const hop = (code: number, to: string) => `http://127.0.0.1:${port}/status?code=${code}&to=${encodeURIComponent(to)}`;
    const post = {
      method: 'POST',
      headers: [['Authorization', 'Bearer theirs'] as const, ['Content-Type', 'text/plain'] as const],
      body: new TextEncoder().encode('data'),
    };
    const kept = JSON.parse(text((await safeSend({ ...post, url: hop(307, '/echo') }, options)).body)) as {
      method: string;
      body: string;
      headers: string[];
    };
    expect(kept).toMatchObject({ method: 'POST', body: 'data' });
    expect(kept.headers).toContain('Bearer theirs');
    const seeOther = JSON.parse(text((await safeSend({ ...post, url: hop(303, '/echo') }, options)).body)) as {
      method: string;
      body: string;
      headers: string[];
    };
    expect(seeOther).toMatchObject({ method: 'GET', body: '' });
    expect(seeOther.headers.map((h) => h.toLowerCase())).not.toContain('content-type');
    // localhost is another origin than 127.0.0.1 (same server): the credentials stay behind.
    const resolve = async () => ['127.0.0.1'];
    const away = JSON.parse(
      text((await safeSend({ ...post, url: hop(307, `http://other.test:${port}/echo`) }, { ...options, resolve })).body),
    ) as { headers: string[] };
    expect(away.headers).not.toContain('Bearer theirs');
  });

  it('decompresses the body, and cuts it at the cap when told to truncate rather than refuse', async () => {
    const gz = await safeSend({ method: 'GET', url: `http://127.0.0.1:${port}/gzip` }, options);
    expect(text(gz.body)).toBe('hello '.repeat(1000));
    const cut = await safeSend(
      { method: 'GET', url: `http://127.0.0.1:${port}/big` },
      { ...options, maxBytes: 100_000, overflow: 'truncate' },
    );
    expect(cut.truncated).toBe(true);
    expect(cut.body.length).toBe(100_000);
    expect(cut.size).toBeGreaterThan(100_000);
  });

  it('refuses a redirect to a refused address, and DNS rebinding: a later answer for the same name that is loopback', async () => {
    const before = hits;
    // 127.0.0.1 stands in for a public address here; 127.0.0.2 (the same server, another loopback address) for the
    // internal one the rebinding answer points at. The first hop closes its connection, so the second resolves again.
    let lookups = 0;
    const resolve = async () => (++lookups === 1 ? ['127.0.0.1'] : ['127.0.0.2']);
    const rebinding = await safeSend(
      { method: 'GET', url: `http://rebind.test:${port}/status?code=302&to=/spec` },
      { ...options, resolve },
    ).catch((e: unknown) => e);
    expect(rebinding).toBeInstanceOf(FetchRefused);
    expect((rebinding as FetchRefused).reason).toBe('address');
    expect(lookups).toBe(2);
    // The first hop reached the admitted address; nothing reached the rebinding target.
    expect(hits - before).toBe(1);
    const toMetadata = await safeSend(
      {
        method: 'POST',
        url: `http://127.0.0.1:${port}/status?code=307&to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
      },
      options,
    ).catch((e: unknown) => e);
    expect((toMetadata as FetchRefused).reason).toBe('address');
  });

  it('checks the address the socket actually connected to, not only the answer it was given', async () => {
    const before = hits;
    // The resolver's answer is admitted as written (an IPv4-mapped spelling); the socket reports the address it
    // reached in its own spelling, which is loopback and not admitted: the connection is dropped before any request.
    const refused = await safeSend(
      { method: 'GET', url: `http://mapped.test:${port}/spec` },
      { admitForTests: new Set(['::ffff:7f00:1']), resolve: async () => ['::ffff:7f00:1'], timeoutMs: 3_000 },
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(FetchRefused);
    expect((refused as FetchRefused).detail).toBe('::ffff:127.0.0.1');
    expect(hits).toBe(before);
  });
});

describe('the connection: its own per request, checked before a byte is written, TLS named by host', () => {
  /** A bare TCP server that counts connections and the bytes each sent before it closed. */
  const recorder = async () => {
    const closed: number[] = [];
    let opened = 0;
    let notify = () => {};
    const tcp = createNetServer((socket) => {
      opened++;
      let bytes = 0;
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!chunk.includes('\r\n\r\n')) return;
        // Answers as the path says, never saying the connection closes: /hop redirects, /huge announces more than
        // any cap, /hang never answers.
        const path = chunk.toString('latin1').split(' ')[1];
        if (path === '/hop') socket.write('HTTP/1.1 302 Found\r\nLocation: /\r\nContent-Length: 0\r\n\r\n');
        else if (path === '/huge') socket.write('HTTP/1.1 200 OK\r\nContent-Length: 999999999\r\n\r\n');
        else if (path !== '/hang') socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closed.push(bytes);
        notify();
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    return {
      port: (tcp.address() as AddressInfo).port,
      opened: () => opened,
      /** The bytes of each connection, once `count` of them have closed. */
      closedAfter: (count: number) =>
        new Promise<number[]>((resolve) => {
          notify = () => closed.length >= count && resolve(closed);
          notify();
        }),
      close: () => new Promise((resolve) => tcp.close(resolve)),
    };
  };

  it('drops a connection whose address is not admitted before writing anything, TLS hello included', async () => {
    const target = await recorder();
    try {
      // The resolver's answer is admitted as written; the socket reports loopback in its own spelling.
      const mapped = { admitForTests: new Set(['::ffff:7f00:1']), resolve: async () => ['::ffff:7f00:1'], timeoutMs: 3_000 };
      for (const scheme of ['http', 'https']) {
        const refused = await safeSend(
          { method: 'POST', url: `${scheme}://mapped.test:${target.port}/`, body: new Uint8Array(8) },
          mapped,
        ).catch((e: unknown) => e);
        expect((refused as FetchRefused).reason, scheme).toBe('address');
      }
      expect(await target.closedAfter(2)).toEqual([0, 0]);
    } finally {
      await target.close();
    }
  });

  it('opens a connection per request and hop, and closes each whatever the outcome', async () => {
    const target = await recorder();
    try {
      // A time cap longer than the test's own: its abort must not be what closes a connection left open.
      const options = { admitForTests: LOOPBACK_ONLY, timeoutMs: 60_000 };
      const send = (path: string, extra = {}) =>
        safeSend({ method: 'GET', url: `http://127.0.0.1:${target.port}${path}` }, { ...options, ...extra }).catch((e: unknown) => e);
      for (let i = 0; i < 2; i++) expect(await send('/')).toMatchObject({ status: 200 });
      expect(await send('/hop')).toMatchObject({ status: 200 });
      expect(target.opened()).toBe(4);
      expect(await send('/huge', { maxBytes: 1000 })).toMatchObject({ reason: 'tooLarge' });
      expect(await send('/hang', { timeoutMs: 300 })).toMatchObject({ reason: 'timeout' });
      expect(await send('/hop', { maxRedirects: 0 })).toMatchObject({ reason: 'redirects' });
      // Every one closed by the sender, though no answer said the connection closes.
      expect(await target.closedAfter(7)).toHaveLength(7);
    } finally {
      await target.close();
    }
  });

  it('answers every address DNS gave when asked for all (autoSelectFamily), one otherwise, none if any is refused', async () => {
    const resolve = async (host: string) => (host === 'mixed.test' ? ['127.0.0.1', '10.0.0.1'] : ['127.0.0.1', '::1']);
    const lookup = guardedLookup({ resolve, admitForTests: new Set(['127.0.0.1', '::1']) });
    const ask = (host: string, all: boolean) =>
      new Promise<unknown[]>((done) => lookup(host, { all }, (...answer: unknown[]) => done(answer)));
    expect(await ask('both.test', true)).toEqual([
      null,
      [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    ]);
    expect(await ask('both.test', false)).toEqual([null, '127.0.0.1', 4]);
    const [refused] = await ask('mixed.test', true);
    expect(refused).toBeInstanceOf(FetchRefused);
    expect((refused as FetchRefused).detail).toBe('10.0.0.1');
    // Through a connection that asks for all, as Node's does by default.
    const target = await recorder();
    try {
      const socket = connect({ host: 'both.test', port: target.port, lookup, autoSelectFamily: true });
      await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      expect(socket.remoteAddress).toBe('127.0.0.1');
      socket.destroy();
    } finally {
      await target.close();
    }
  });

  it('refuses a header value Node would not write, before connecting', async () => {
    const before = hits;
    for (const value of ['中文', 'a\u0001b']) {
      const refused = await safeSend(
        { method: 'GET', url: `http://127.0.0.1:${port}/echo`, headers: [['X-Odd', value]] },
        { admitForTests: LOOPBACK_ONLY },
      ).catch((e: unknown) => e);
      expect(refused).toMatchObject({ reason: 'unreachable', detail: 'invalid X-Odd header' });
    }
    expect(hits).toBe(before);
  });

  it('speaks TLS with the host name as SNI (none for an address), verifying the certificate', async () => {
    const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
    const cert = fixture('tls-test.crt');
    const names: unknown[] = [];
    const tls = createHttpsServer({ cert, key: fixture('tls-test.key') }, (_req, res) => res.end('secure'));
    // The name the client's hello carried (typed nowhere, set on every server-side socket: false when none came).
    tls.on('secureConnection', (socket: TLSSocket & { servername?: string | false }) => names.push(socket.servername));
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tls.address() as AddressInfo).port;
    const options = { admitForTests: LOOPBACK_ONLY, resolve: async () => ['127.0.0.1'], trustForTests: cert, timeoutMs: 3_000 };
    try {
      const named = await safeSend({ method: 'GET', url: `https://tls.test:${tlsPort}/` }, options);
      expect(new TextDecoder().decode(named.body)).toBe('secure');
      expect((await safeSend({ method: 'GET', url: `https://127.0.0.1:${tlsPort}/` }, options)).status).toBe(200);
      expect(names).toEqual(['tls.test', false]);
      // Not trusted: a certificate no authority we trust signed.
      const untrusted = await safeSend(
        { method: 'GET', url: `https://tls.test:${tlsPort}/` },
        { ...options, trustForTests: undefined },
      ).catch((e: unknown) => e);
      expect((untrusted as FetchRefused).reason).toBe('unreachable');
    } finally {
      tls.closeAllConnections();
      await new Promise((resolve) => tls.close(resolve));
    }
  });
});
