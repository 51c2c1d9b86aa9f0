/**
 * The preview: one real request to the mock origin from the page, as a frontend would make it (CORS, no cookies),
 * timed from sending to the whole body read. The answer's body is shown as pretty JSON when it is JSON.
 */
import { MOCK_TOKEN_HEADER } from '@shared/constants';
import type { MockHeader } from '@shared/schemas/mock';

interface PreviewRequest {
  url: string;
  method: string;
  headers: MockHeader[];
  /** Sent for methods that carry a body (not GET or HEAD). */
  body: string;
  /** The project's mock token, sent as its header when the caller knows it. */
  token?: string | null;
  /** The page's language, so generated data comes in it unless the headers ask for another. */
  language: string;
}

export interface PreviewResult {
  status: number;
  ms: number;
  headers: [string, string][];
  body: string;
  json: boolean;
}

/** The delay a mock may add (10 s), and time to answer. */
export const PREVIEW_TIMEOUT_MS = 20_000;

const carriesBody = (method: string) => !['GET', 'HEAD'].includes(method.toUpperCase());

export function requestInit(req: PreviewRequest, signal?: AbortSignal): RequestInit {
  const headers = new Headers();
  for (const { name, value } of req.headers) if (name.trim()) headers.append(name.trim(), value);
  if (req.token && !headers.has(MOCK_TOKEN_HEADER)) headers.set(MOCK_TOKEN_HEADER, req.token);
  if (!headers.has('accept-language')) headers.set('accept-language', req.language);
  const withBody = carriesBody(req.method) && req.body !== '';
  if (withBody && !headers.has('content-type')) headers.set('content-type', 'application/json');
  return {
    method: req.method.toUpperCase(),
    headers,
    credentials: 'omit',
    cache: 'no-store',
    ...(withBody ? { body: req.body } : {}),
    ...(signal ? { signal } : {}),
  };
}

/** JSON text indented by two spaces; anything else as it came. */
export function prettyBody(text: string): { body: string; json: boolean } {
  if (!text.trim()) return { body: text, json: false };
  try {
    return { body: JSON.stringify(JSON.parse(text), null, 2), json: true };
  } catch {
    return { body: text, json: false };
  }
}

export async function runPreview(
  req: PreviewRequest,
  deps: { fetch?: typeof fetch; now?: () => number; signal?: AbortSignal } = {},
): Promise<PreviewResult> {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const now = deps.now ?? (() => performance.now());
  const started = now();
  const response = await doFetch(req.url, requestInit(req, deps.signal));
  const text = await response.text();
  const ms = Math.round(now() - started);
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  headers.sort(([a], [b]) => a.localeCompare(b));
  return { status: response.status, ms, headers, ...prettyBody(text) };
}
