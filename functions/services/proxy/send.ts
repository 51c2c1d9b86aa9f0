/**
 * Sending a RunRequest for a signed-in user (POST /proxy/send), through the fetch guard (functions/net/safe-fetch.ts):
 * public addresses only, checked on the literal, every DNS answer, the address actually connected and every
 * redirect hop; 30 s for the whole exchange; the answer's body cut at RUN_PROXY_RESPONSE_MAX_BYTES (`truncated`).
 *
 * What goes out is the RunRequest and nothing else: no header of the call to us (our cookies, `token`,
 * `share-token`, Authorization, the caller's address or language) is ever copied onto it. Of the request's own
 * headers, which are the user's to send to their target:
 * - a `Cookie` header loses the pairs named like ours (the session cookie under both its names, the signed-in hint)
 *   and goes only if some pair is left: a runner prefilled from a browser's cookie jar must not carry our session;
 * - any header whose value holds a secret of the call to us (the session token or share token it came with) is
 *   dropped, whatever its name: pasting our session into a request to someone else's server is never sent;
 * - the connection's own headers (Host, Content-Length, Transfer-Encoding, Connection, …) are the client's to write.
 * The user's own Authorization, API keys and cookies for their target go as written.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SESSION_HINT_COOKIE, SHARE_TOKEN_HEADER, TOKEN_COOKIE, TOKEN_COOKIE_HTTPS, TOKEN_HEADER } from '@shared/constants';
import {
  RUN_PROXY_RESPONSE_MAX_BYTES,
  RUN_REQUEST_MAX_BODY_BYTES,
  RUN_TIMEOUT_MS,
  type RunBody,
  type RunHeader,
  type RunRequest,
  type RunResponse,
} from '@shared/schemas/runner';
import { FetchRefused, safeSend, type SafeFetchOptions } from '../../net/safe-fetch';
import { AppError } from '../../core/app-error';

/**
 * How the proxy resolves and what it admits: DNS and public addresses only, unless a test or the bench says
 * otherwise. `timeoutMs` may only shorten RUN_TIMEOUT_MS (a test of the time cap).
 */
export type ProxyGuard = Pick<SafeFetchOptions, 'resolve' | 'admitForTests' | 'timeoutMs'>;

export const PROXY_MAX_REDIRECTS = 10;

const OUR_COOKIES = new Set([TOKEN_COOKIE, TOKEN_COOKIE_HTTPS, SESSION_HINT_COOKIE]);
/** A token shorter than this is no secret of ours (the signed-in hint's `1`), and matching it would drop innocent headers. */
const MIN_SECRET_LENGTH = 16;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const HEADER_VALUE = /^[^\r\n\0]*$/;

/** The secrets the call to us came with: the session token (header or either cookie) and the share token. */
export function ourSecrets(event: Pick<APIGatewayProxyEventV2, 'headers' | 'cookies'>): string[] {
  const headers = event.headers ?? {};
  const cookies = (event.cookies ?? headers.cookie?.split(';') ?? []).map((c) => c.trim().split('='));
  const values = [
    headers[TOKEN_HEADER],
    headers[SHARE_TOKEN_HEADER],
    ...cookies.filter(([name]) => name === TOKEN_COOKIE || name === TOKEN_COOKIE_HTTPS).map(([, ...v]) => v.join('=')),
  ];
  const secrets = new Set<string>();
  for (const value of values) {
    if (!value) continue;
    secrets.add(value);
    try {
      secrets.add(decodeURIComponent(value));
    } catch {
      // kept as it came
    }
  }
  return [...secrets].filter((s) => s.length >= MIN_SECRET_LENGTH);
}

/** The request's headers as they go out (see the file's comment); a malformed name or value is refused. */
export function outgoingHeaders(headers: readonly RunHeader[], secrets: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  for (const { name, value } of headers) {
    if (!HEADER_NAME.test(name) || !HEADER_VALUE.test(value)) throw new AppError('invalidInput');
    const sent =
      name.toLowerCase() === 'cookie'
        ? value
            .split(';')
            .map((pair) => pair.trim())
            .filter((pair) => pair && !OUR_COOKIES.has(pair.split('=')[0]!.trim()))
            .join('; ')
        : value;
    if (name.toLowerCase() === 'cookie' && !sent) continue;
    if (secrets.some((secret) => sent.includes(secret))) continue;
    out.push([name, sent]);
  }
  return out;
}

/** `name="…"` in a multipart header, escaped as browsers do (HTML's "multipart/form-data encoding algorithm"). */
const quoted = (text: string) => text.replace(/\r/g, '%0D').replace(/\n/g, '%0A').replace(/"/g, '%22');

/** The body's bytes, and the Content-Type it sets (a form's boundary); refused past RUN_REQUEST_MAX_BODY_BYTES. */
export function outgoingBody(body: RunBody): { bytes?: Buffer; contentType?: string } {
  let result: { bytes?: Buffer; contentType?: string };
  switch (body.kind) {
    case 'none':
      return {};
    case 'text':
      result = { bytes: Buffer.from(body.text, 'utf8') };
      break;
    case 'base64':
      result = { bytes: Buffer.from(body.base64, 'base64') };
      break;
    case 'form': {
      const boundary = `----ApiloomFormBoundary${randomBytes(12).toString('hex')}`;
      const parts: Buffer[] = [];
      for (const field of body.fields) {
        let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"`;
        if ('file' in field) {
          const type = field.file.contentType.replace(/[\r\n]/g, '') || 'application/octet-stream';
          head += `; filename="${quoted(field.file.fileName)}"\r\nContent-Type: ${type}`;
        }
        parts.push(
          Buffer.from(`${head}\r\n\r\n`),
          'file' in field ? Buffer.from(field.file.base64, 'base64') : Buffer.from(field.value),
          Buffer.from('\r\n'),
        );
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      result = { bytes: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
      break;
    }
  }
  if (result.bytes && result.bytes.length > RUN_REQUEST_MAX_BODY_BYTES)
    throw new AppError('proxyTooLarge', { mb: RUN_REQUEST_MAX_BODY_BYTES / 1024 / 1024 });
  return result;
}

/** A refusal of the guard as the catalogue's error, naming why. */
function refusal(error: FetchRefused): AppError {
  switch (error.reason) {
    case 'scheme':
    case 'address':
      return new AppError('proxyAddress', { detail: error.detail || error.reason });
    case 'redirects':
      return new AppError('proxyRedirects', { max: PROXY_MAX_REDIRECTS });
    case 'timeout':
      return new AppError('proxyTimeout', { seconds: RUN_TIMEOUT_MS / 1000 });
    case 'tooLarge':
      return new AppError('proxyTooLarge', { mb: RUN_REQUEST_MAX_BODY_BYTES / 1024 / 1024 });
    case 'unreachable':
      return new AppError('proxyUnreachable', { detail: error.detail.slice(0, 200) || error.reason });
  }
}

export async function sendRun(run: RunRequest, secrets: readonly string[], guard: ProxyGuard = {}): Promise<RunResponse> {
  const { bytes, contentType } = outgoingBody(run.body);
  let headers = outgoingHeaders(run.headers, secrets);
  if (contentType) headers = [...headers.filter(([name]) => name.toLowerCase() !== 'content-type'), ['content-type', contentType]];
  const started = performance.now();
  try {
    const sent = await safeSend(
      { method: run.method, url: run.url, headers, ...(bytes ? { body: bytes } : {}) },
      {
        ...guard,
        timeoutMs: Math.min(RUN_TIMEOUT_MS, guard.timeoutMs ?? RUN_TIMEOUT_MS),
        maxRedirects: PROXY_MAX_REDIRECTS,
        maxBytes: RUN_PROXY_RESPONSE_MAX_BYTES,
        overflow: 'truncate',
      },
    );
    return {
      status: sent.status,
      statusText: sent.statusText,
      headers: sent.headers.map(([name, value]) => ({ name, value })),
      bodyBase64: Buffer.from(sent.body).toString('base64'),
      size: sent.size,
      truncated: sent.truncated,
      timeMs: Math.round((performance.now() - started) * 10) / 10,
      finalUrl: sent.url,
    };
  } catch (error) {
    if (error instanceof FetchRefused) throw refusal(error);
    throw error;
  }
}
