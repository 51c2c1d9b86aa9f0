/**
 * The interface test runner's one request and response shape (issue 24). Every way of sending speaks it: directly
 * from the page, through our proxy (`POST /proxy/send`, a function of its own) and through the browser plug-in
 * (a message to the extension). The runner builds a `RunRequest` from a document, an environment and the user's
 * edits with every `{{variable}}` already substituted; a transport answers a `RunResponse` or fails.
 *
 * Bodies travel as text or base64 so that one JSON message carries any of them, files of a form included.
 */
import * as z from 'zod';
import { lazy } from '../lazy';
import { HTTP_METHODS } from './document-kinds';

/** How the runner sends a request; the active one is shown on the page. */
export const RUN_TRANSPORTS = ['direct', 'proxy', 'plugin'] as const;
export type RunTransport = (typeof RUN_TRANSPORTS)[number];

/** What one request may carry: under API Gateway's 10 MB and Lambda's 6 MB once base64 and JSON are added. */
export const RUN_REQUEST_MAX_BODY_BYTES = 3 * 1024 * 1024;
/** What the proxy and the plug-in read of a response before stopping (the 5 MB). */
export const RUN_RESPONSE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * What the proxy keeps of a response body: a Lambda's answer is at most 6 MB, and the body travels in it as base64
 * (4/3 of its size) inside the JSON envelope, so the proxy stops at 4 MiB (5.3 MB as base64); the plug-in, which has
 * no such limit, keeps RUN_RESPONSE_MAX_BYTES. Past it the answer comes back `truncated`.
 */
export const RUN_PROXY_RESPONSE_MAX_BYTES = 4 * 1024 * 1024;
/** A request through the proxy gives up after this long (API Gateway itself answers within 30 s). */
export const RUN_TIMEOUT_MS = 28_000;

export const runHeader = lazy(() => z.object({ name: z.string().min(1).max(256), value: z.string().max(8192) }));
export type RunHeader = z.infer<typeof runHeader>;

/** One part of a multipart form: a text value or a file. */
export const runFormField = lazy(() =>
  z.union([
    z.object({ name: z.string().max(256), value: z.string() }),
    z.object({
      name: z.string().max(256),
      file: z.object({ fileName: z.string().max(256), contentType: z.string().max(256), base64: z.string() }),
    }),
  ]),
);
export type RunFormField = z.infer<typeof runFormField>;

export const runBody = lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('none') }),
    /** JSON, XML, raw text or an already encoded x-www-form-urlencoded body: sent as UTF-8. */
    z.object({ kind: z.literal('text'), text: z.string() }),
    /** A binary body. */
    z.object({ kind: z.literal('base64'), base64: z.string() }),
    /** multipart/form-data: the sender writes the boundary and its Content-Type. */
    z.object({ kind: z.literal('form'), fields: z.array(runFormField).max(200) }),
  ]),
);
export type RunBody = z.infer<typeof runBody>;

export const runRequest = lazy(() =>
  z.object({
    method: z.enum(HTTP_METHODS),
    url: z.string().min(1).max(8192),
    headers: z.array(runHeader).max(200),
    body: runBody,
  }),
);
export type RunRequest = z.infer<typeof runRequest>;

export const runResponse = lazy(() =>
  z.object({
    status: z.number().int(),
    statusText: z.string(),
    /** In the order received; a repeated header (Set-Cookie) appears once per value. */
    headers: z.array(runHeader),
    /** The body as received (decompressed), base64; cut at RUN_RESPONSE_MAX_BYTES when `truncated`. */
    bodyBase64: z.string(),
    /** Bytes of body received. */
    size: z.number().int().nonnegative(),
    truncated: z.boolean(),
    /** From sending the request to the end of the body, as the sender measured it. */
    timeMs: z.number().nonnegative(),
    /** The address the sender finally reached, after redirects. */
    finalUrl: z.string(),
  }),
);
export type RunResponse = z.infer<typeof runResponse>;
