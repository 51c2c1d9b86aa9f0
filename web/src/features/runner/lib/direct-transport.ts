/**
 * Sending straight from the page with `fetch`. The browser enforces CORS: a target that does not allow this origin
 * fails the same way as one that cannot be reached (a TypeError with no detail), so such a failure is reported as
 * `RunFailure('unreachable')`, which the page explains as "use the proxy or the plug-in" rather than "network error".
 * Headers the browser will not let a page set (Cookie, Host...) are dropped by it; only the response headers the
 * target exposes (`Access-Control-Expose-Headers`) are readable.
 */
import { RUN_RESPONSE_MAX_BYTES, type RunBody, type RunRequest, type RunResponse } from '@shared/schemas/runner';
import { base64ToBytes, bytesToBase64 } from './base64';

/** `refused`: another transport's own words (the proxy's refusal, the plug-in missing), shown as they are. */
export type RunFailureKind = 'unreachable' | 'invalid-url' | 'aborted' | 'failed' | 'refused';

/** Why a request got no response; `detail` is what the sender said, for the curious. */
export class RunFailure extends Error {
  constructor(
    readonly kind: RunFailureKind,
    readonly detail = '',
  ) {
    super(`${kind}${detail ? `: ${detail}` : ''}`);
    this.name = 'RunFailure';
  }
}

function bodyOf(body: RunBody): BodyInit | undefined {
  switch (body.kind) {
    case 'none':
      return undefined;
    case 'text':
      return body.text;
    case 'base64':
      return base64ToBytes(body.base64);
    case 'form': {
      const form = new FormData();
      for (const field of body.fields) {
        if ('file' in field) {
          const blob = new Blob([base64ToBytes(field.file.base64)], { type: field.file.contentType });
          form.append(field.name, blob, field.file.fileName);
        } else form.append(field.name, field.value);
      }
      return form;
    }
  }
}

/** Reads a body up to the cap, counting what arrived. */
async function readCapped(res: Response): Promise<{ bytes: Uint8Array; truncated: boolean }> {
  if (!res.body) return { bytes: new Uint8Array(), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > RUN_RESPONSE_MAX_BYTES) {
      chunks.push(value.subarray(0, RUN_RESPONSE_MAX_BYTES - size));
      size = RUN_RESPONSE_MAX_BYTES;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { bytes, truncated };
}

export async function directTransport(req: RunRequest, signal?: AbortSignal): Promise<RunResponse> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    throw new RunFailure('invalid-url', req.url);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RunFailure('invalid-url', req.url);
  const headers = new Headers();
  for (const h of req.headers) {
    try {
      headers.append(h.name, h.value);
    } catch (e) {
      throw new RunFailure('failed', e instanceof Error ? e.message : String(e));
    }
  }
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(url, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : bodyOf(req.body),
      // Never the app's own cookies to another site, and a target's redirects followed as a browser would.
      credentials: 'omit',
      redirect: 'follow',
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw new RunFailure('aborted');
    throw new RunFailure('unreachable', e instanceof Error ? e.message : String(e));
  }
  let read: { bytes: Uint8Array; truncated: boolean };
  try {
    read = await readCapped(res);
  } catch (e) {
    if (signal?.aborted) throw new RunFailure('aborted');
    throw new RunFailure('failed', e instanceof Error ? e.message : String(e));
  }
  const timeMs = Math.round((performance.now() - started) * 10) / 10;
  const responseHeaders: RunResponse['headers'] = [];
  res.headers.forEach((value, name) => responseHeaders.push({ name, value }));
  return {
    status: res.status,
    statusText: res.statusText,
    headers: responseHeaders,
    bodyBase64: bytesToBase64(read.bytes),
    size: read.bytes.length,
    truncated: read.truncated,
    timeMs,
    finalUrl: res.url || url.href,
  };
}
