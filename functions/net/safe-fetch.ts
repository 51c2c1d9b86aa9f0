/**
 * The one way the server fetches a URL a user gave it (import by URL, the interface-test proxy, a channel's
 * message): only public unicast addresses, checked three times over (the literal in the URL, every address DNS
 * answers, and the address the socket actually connected to, so a rebinding DNS answer cannot slip through between
 * the check and the connection), every redirect re-checked as a new request, and caps on size, time and hops.
 *
 * Node's own `node:http`/`node:https` clients on a socket this module opens itself (`net.connect` with a guarded
 * `lookup`, the connected address checked before TLS or any request byte): built into Node, so the bundles that send
 * carry no HTTP client, and a cold start compiles none (undici was 240 KB of the proxy's bundle). Node's global fetch
 * ignores agents and lookups, so it could not be guarded this way. IP literals never reach a DNS lookup (`new URL`
 * normalises 127.1, 2130706433, 0x7f000001 and 0177.0.0.1 to 127.0.0.1 first), so they are checked before any
 * socket opens.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, validateHeaderName, validateHeaderValue, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';
import { isPublicAddress } from './addresses';

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
  /** TEST ONLY: the one certificate authority (PEM) trusted, in place of Node's own, for a TLS test server; a parameter likewise. */
  trustForTests?: string;
}

export interface FetchedFile {
  url: string;
  status: number;
  contentType: string;
  body: Uint8Array;
}

const DEFAULTS = { maxBytes: 50 * 1024 * 1024, timeoutMs: 30_000, maxRedirects: 5 };

const admitted = (address: string, options: SafeFetchOptions) => isPublicAddress(address) || !!options.admitForTests?.has(address);

const defaultResolve = async (hostname: string) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** The address a socket reached must be admitted too: DNS may answer differently between the check and the connect. */
export function checkConnected(socket: Pick<Socket, 'remoteAddress'>, options: SafeFetchOptions) {
  const address = socket.remoteAddress ?? '';
  if (!admitted(address, options)) throw new FetchRefused('address', address);
}

/**
 * The DNS step of a connection (`net.connect`'s `lookup`): every answer must be admitted, or none is used. Answers
 * one address, or all of them when asked (`all: true`, as Node's autoSelectFamily asks).
 */
export function guardedLookup(options: SafeFetchOptions): LookupFunction {
  const resolve = options.resolve ?? defaultResolve;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        // Every answer must be admitted: a mixed answer is how rebinding attacks pick their moment.
        const refused = addresses.find((a) => !admitted(a, options));
        if (!addresses.length || refused) return callback(new FetchRefused('address', refused ?? hostname), '');
        const all: LookupAddress[] = addresses.map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }));
        if (lookupOptions.all) callback(null, all);
        else callback(null, all[0]!.address, all[0]!.family);
      },
      () => callback(new FetchRefused('unreachable', hostname), ''),
    );
  };
}

/** Resolves once `event` fires on the socket; rejects on its error or when the time cap ends the exchange. */
function whenSocket(socket: Socket, event: 'connect' | 'secureConnect', signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (error?: Error) => {
      socket.off(event, onEvent).off('error', settle);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const onEvent = () => settle();
    const onAbort = () => settle(new FetchRefused('timeout'));
    if (signal.aborted) return onAbort();
    socket.once(event, onEvent).once('error', settle);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A connection of one request's own to the URL's host: through the guarded lookup, its connected address checked
 * before anything is written (TLS's hello included), then TLS for https (SNI for a host name, never for an address
 * literal). Destroyed on any failure.
 */
async function openSocket(url: URL, options: SafeFetchOptions, signal: AbortSignal): Promise<Socket> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const https = url.protocol === 'https:';
  const tcp = netConnect({ host, port: Number(url.port) || (https ? 443 : 80), lookup: guardedLookup(options) });
  let socket: Socket = tcp;
  try {
    await whenSocket(tcp, 'connect', signal);
    checkConnected(tcp, options);
    if (!https) return tcp;
    socket = tlsConnect({
      socket: tcp,
      host,
      ...(isIP(host) ? {} : { servername: host }),
      ALPNProtocols: ['http/1.1'],
      ...(options.trustForTests ? { ca: options.trustForTests } : {}),
    });
    await whenSocket(socket, 'secureConnect', signal);
    return socket;
  } catch (error) {
    socket.destroy();
    tcp.destroy();
    throw error;
  }
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

/** One request of any method, as the interface-test proxy sends it. */
export interface OutgoingRequest {
  method: string;
  url: string;
  /** Name and value pairs in order; a name may repeat. */
  headers?: readonly (readonly [string, string])[];
  body?: Uint8Array;
}

export interface SendOptions extends SafeFetchOptions {
  /** Past `maxBytes` of body: refuse (`tooLarge`, the default) or keep the first `maxBytes` and say so (`truncated`). */
  overflow?: 'refuse' | 'truncate';
}

export interface SentResponse {
  /** The address finally reached, after redirects. */
  url: string;
  status: number;
  statusText: string;
  /** As received, in order; a repeated header (Set-Cookie) once per value. */
  headers: [string, string][];
  /** Decompressed (gzip, deflate, br); at most `maxBytes`. */
  body: Uint8Array;
  /** Bytes of (decompressed) body read: past `maxBytes` when `truncated`. */
  size: number;
  truncated: boolean;
}

/**
 * Headers a sender never takes from the caller: the connection's own (the client writes them for the request it
 * actually sends: host, length, framing) and those that would turn the request into something else (upgrade,
 * expect). Browsers forbid the same names to page scripts.
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
]);

/** Dropped when a redirect leaves the origin, as browsers drop Authorization (the fetch standard, "HTTP-redirect fetch"). */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);
/** Dropped with the body when a redirect turns the request into a GET (301/302 after POST, 303). */
const BODY_HEADERS = new Set(['content-type', 'content-encoding', 'content-language', 'content-location']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Sends one request of any method through the guard: the same three address checks as `safeFetch` on the first
 * request and on every redirect hop (each a new request: 307/308 keep the method and body, 301/302 after a POST
 * and 303 turn into a GET without a body, and a hop to another origin drops the credentials), the time cap over
 * the whole exchange, the size cap on the (decompressed) body.
 */
export async function safeSend(outgoing: OutgoingRequest, options: SendOptions = {}): Promise<SentResponse> {
  const { maxBytes, timeoutMs, maxRedirects } = { ...DEFAULTS, ...options };
  const signal = AbortSignal.timeout(timeoutMs);
  let method = outgoing.method.toUpperCase();
  let body = outgoing.body;
  let headers = (outgoing.headers ?? []).filter(([name]) => !CONNECTION_HEADERS.has(name.toLowerCase()));
  let url = checkUrl(outgoing.url, options);
  checkHeaders(headers);
  for (let hops = 0; ; hops++) {
    const sent = body && method !== 'GET' && method !== 'HEAD' ? body : undefined;
    const response = await exchange(url, method, headers, sent, options, signal);
    try {
      const received: [string, string][] = [];
      const raw = response.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) received.push([raw[i]!, raw[i + 1]!]);
      const header = (name: string) => received.find(([n]) => n.toLowerCase() === name)?.[1];
      const status = response.statusCode ?? 0;
      const location = header('location');
      if (REDIRECTS.has(status) && location) {
        if (hops >= maxRedirects) throw new FetchRefused('redirects', String(maxRedirects));
        const next = checkUrl(new URL(location, url).toString(), options);
        if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
          if (method !== 'HEAD') method = 'GET';
          body = undefined;
          headers = headers.filter(([name]) => !BODY_HEADERS.has(name.toLowerCase()));
        }
        if (next.origin !== url.origin) headers = headers.filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase()));
        url = next;
        continue;
      }
      const encoding = (header('content-encoding') ?? '').trim().toLowerCase();
      const declared = Number(header('content-length') ?? 0);
      if (options.overflow !== 'truncate' && !encoding && declared > maxBytes) throw new FetchRefused('tooLarge', String(declared));
      const read = await readBody(response, encoding, maxBytes, options.overflow ?? 'refuse', signal);
      return { url: url.toString(), status, statusText: response.statusMessage ?? '', headers: received, ...read };
    } finally {
      // No connection outlives its request: the next hop, and the next call, open their own.
      response.destroy();
      response.socket?.destroy();
    }
  }
}

/**
 * A name or value Node's client would throw on (a control character, a character past Latin-1): refused before
 * anything opens, as the sender said it before ("invalid X-Name header").
 */
function checkHeaders(headers: readonly (readonly [string, string])[]) {
  for (const [name, value] of headers) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      throw new FetchRefused('unreachable', `invalid ${name} header`);
    }
  }
}

/** Methods whose request says its (empty) length when there is no body, as clients do. */
const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** One request on a connection of its own: resolves with the response's head; its body is the caller's to read. */
async function exchange(
  url: URL,
  method: string,
  headers: readonly (readonly [string, string])[],
  body: Uint8Array | undefined,
  options: SendOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const socket = await openSocket(url, options, signal).catch((error: unknown) => {
    throw unwrap(error, signal);
  });
  // Headers as a list keep the caller's order, case and repeats; a list also means Node adds none of its own.
  const length = body ? String(body.length) : PAYLOAD_METHODS.has(method) ? '0' : undefined;
  const lines = [['Host', url.host], ...headers, ...(length ? [['Content-Length', length]] : []), ['Connection', 'close']];
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => {
      socket.destroy();
      reject(unwrap(error, signal));
    };
    try {
      const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)({
        method,
        path: `${url.pathname}${url.search}`,
        headers: lines.flat(),
        signal,
        createConnection: () => socket,
      });
      request.on('response', resolve).on('error', fail);
      request.end(body);
    } catch (error) {
      fail(error);
    }
  });
}

/** The body, decompressed as its Content-Encoding says (an encoding we do not know passes through as it came). */
async function readBody(
  stream: Readable,
  encoding: string,
  maxBytes: number,
  overflow: 'refuse' | 'truncate',
  signal: AbortSignal,
): Promise<{ body: Uint8Array; size: number; truncated: boolean }> {
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : undefined;
  const source: Readable = decoder ? stream.pipe(decoder) : stream;
  if (decoder) stream.on('error', (error) => decoder.destroy(error));
  const chunks: Uint8Array[] = [];
  let size = 0;
  let kept = 0;
  try {
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > maxBytes) {
        if (overflow === 'refuse') throw new FetchRefused('tooLarge', String(size));
        chunks.push(chunk.subarray(0, maxBytes - kept));
        kept = maxBytes;
        break;
      }
      chunks.push(chunk);
      kept += chunk.length;
    }
  } catch (error) {
    throw unwrap(error, signal);
  } finally {
    stream.destroy();
    decoder?.destroy();
  }
  const body = new Uint8Array(kept);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, size, truncated: size > maxBytes };
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<FetchedFile> {
  const sent = await safeSend({ method: 'GET', url: raw, headers: [['accept', '*/*']] }, options);
  const contentType = sent.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return { url: sent.url, status: sent.status, contentType, body: sent.body };
}

/** A refusal of ours, as thrown or as the cause of another error; the time cap surfaces as an abort. */
function unwrap(error: unknown, signal: AbortSignal): Error {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof FetchRefused) return e;
  if (signal.aborted) return new FetchRefused('timeout');
  return new FetchRefused('unreachable', error instanceof Error ? error.message : '');
}
