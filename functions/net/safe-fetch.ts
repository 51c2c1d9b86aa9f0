/**
 * The one way the server fetches a URL a user gave it (import by URL; later the interface-test proxy): only
 * public unicast addresses, checked three times over (the literal in the URL, every address DNS answers, and the
 * address the socket actually connected to, so a rebinding DNS answer cannot slip through between the check and
 * the connection), every redirect re-checked as a new request, and caps on size, time and hops.
 *
 * Node's global fetch ignores agents, so an agent-based guard would not protect it: this uses undici's request
 * with a connector of its own. IP literals never reach a DNS lookup (`new URL` normalises 127.1, 2130706433,
 * 0x7f000001 and 0177.0.0.1 to 127.0.0.1 first), so they are checked before any socket opens.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, request } from 'undici';

export type RefusalReason = 'scheme' | 'address' | 'redirects' | 'tooLarge' | 'timeout' | 'unreachable';

export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly detail = '',
  ) {
    super(`fetch refused: ${reason}${detail ? ` (${detail})` : ''}`);
    this.name = 'FetchRefused';
  }
}

export interface SafeFetchOptions {
  maxBytes?: number;
  /** For the whole fetch, redirects and body included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Resolves a host name to addresses; DNS by default. Tests pass their own. */
  resolve?: (hostname: string) => Promise<string[]>;
  /**
   * TEST ONLY: addresses admitted although not public (a loopback test server). A parameter, never read from
   * configuration or the environment, so deployed code has no way to set it.
   */
  admitForTests?: ReadonlySet<string>;
}

export interface FetchedFile {
  url: string;
  status: number;
  contentType: string;
  body: Uint8Array;
}

const DEFAULTS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 5 };

/**
 * Only public unicast: IPv4-mapped IPv6 is unmapped first (`::ffff:127.0.0.1` is loopback); loopback, private,
 * link-local (169.254.169.254, the cloud metadata address), unique-local (fd00::/8), unspecified (0.0.0.0, ::),
 * carrier-grade NAT, multicast, reserved, and the IPv6 ranges that embed an IPv4 address (6to4, Teredo, NAT64)
 * each have a range name other than 'unicast'.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const admitted = (address: string, options: SafeFetchOptions) => isPublicAddress(address) || !!options.admitForTests?.has(address);

const defaultResolve = async (hostname: string) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The address a socket reached must be admitted too: DNS may answer differently between the check and the connect. */
export function checkConnected(socket: Pick<Socket, 'remoteAddress'>, options: SafeFetchOptions) {
  const address = socket.remoteAddress ?? '';
  if (!admitted(address, options)) throw new FetchRefused('address', address);
}

function guardedAgent(options: SafeFetchOptions, timeoutMs: number) {
  const resolve = options.resolve ?? defaultResolve;
  const lookup = (hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolve(hostname).then(
      (addresses) => {
        // Every answer must be admitted: a mixed answer is how rebinding attacks pick their moment.
        const refused = addresses.find((a) => !admitted(a, options));
        if (!addresses.length || refused) return callback(new FetchRefused('address', refused ?? hostname));
        const all: LookupAddress[] = addresses.map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }));
        if (lookupOptions.all) callback(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      () => callback(new FetchRefused('unreachable', hostname)),
    );
  };
  const connect = buildConnector({ timeout: timeoutMs, lookup } as buildConnector.BuildOptions);
  return new Agent({
    connect: (connectOptions, callback) =>
      connect(connectOptions, (error, socket) => {
        if (error || !socket) return callback(error ?? new FetchRefused('unreachable'), null);
        try {
          checkConnected(socket, options);
        } catch (refusal) {
          socket.destroy();
          return callback(refusal as Error, null);
        }
        callback(null, socket);
      }),
  });
}

/** Refuses what is not http(s) and what names a literal address that is not admitted. */
function checkUrl(raw: string, options: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('scheme', raw.slice(0, 100));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused('scheme', url.protocol);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !admitted(host, options)) throw new FetchRefused('address', host);
  // A bare number or hex the URL parser did not read as an address is no host name either.
  if (!ipaddr.isValid(host) && /^[\d.]+$|^0x/i.test(host)) throw new FetchRefused('address', host);
  return url;
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<FetchedFile> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...DEFAULTS, ...options };
  const agent = guardedAgent(options, timeoutMs);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    let url = checkUrl(raw, options);
    for (let hops = 0; ; hops++) {
      const response = await request(url, { method: 'GET', dispatcher: agent, signal, headers: { accept: '*/*' } }).catch(
        (error: unknown) => {
          throw unwrap(error, signal);
        },
      );
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && location) {
        await response.body.dump();
        if (hops >= maxRedirects) throw new FetchRefused('redirects', String(maxRedirects));
        url = checkUrl(new URL(String(location), url).toString(), options);
        continue;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > maxBytes) {
        await response.body.dump();
        throw new FetchRefused('tooLarge', String(declared));
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      try {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          size += chunk.length;
          if (size > maxBytes) {
            response.body.destroy();
            throw new FetchRefused('tooLarge', String(size));
          }
          chunks.push(chunk);
        }
      } catch (error) {
        throw unwrap(error, signal);
      }
      const body = new Uint8Array(size);
      let at = 0;
      for (const chunk of chunks) {
        body.set(chunk, at);
        at += chunk.length;
      }
      return { url: url.toString(), status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body };
    }
  } finally {
    await agent.close().catch(() => undefined);
  }
}

/** undici wraps the connector's refusal in its own errors; the timeout surfaces as an abort. */
function unwrap(error: unknown, signal: AbortSignal): Error {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof FetchRefused) return e;
  if (signal.aborted) return new FetchRefused('timeout');
  return new FetchRefused('unreachable', error instanceof Error ? error.message : '');
}
