/**
 * The API client of spec section 8, over ky, typed by the route table. It is built from its side effects
 * (where the token comes from, how to toast, how to go to /login) so tests can run it in Node against a server.
 */
import ky, { type KyInstance } from 'ky';
import { EXPORT_TIMEOUT_MS, PROJECT_VERSION_HEADER, REQUEST_TIMEOUT_MS, SHARE_TOKEN_HEADER } from '@shared/constants';
import { OK_CODE, SESSION_CODES, type Envelope } from '@shared/errors';
import type { RouteAddress, RouteId, RouteRequest, RouteResponse } from '@shared/routes';
import { buildPath } from '@shared/routes/path';

export interface CallOptions {
  /** Do not toast a failed code (login, share, export, mock calls). */
  ignoreMessage?: boolean;
  /** Reject 41000/41001 instead of going to /login. */
  ignoreRedirect?: boolean;
  /** Exports get 120 s instead of 30 s. */
  export?: boolean;
  /**
   * Reads the project as this share link's reader (the `share-token` header), and as nobody else: no session goes
   * with it, so a reader sees what every reader of the link sees, and a stale session cannot spoil the read.
   */
  shareToken?: string;
  /** Reads this released version of the project (`X-PROJECT-VERSION`); reads only, since a release takes no writes. */
  version?: string;
  signal?: AbortSignal;
}

/** Every rejection of `call` has this shape (spec section 8). */
export interface ApiError {
  code: number;
  message: string;
  data?: unknown;
  /** The HTTP status of an answer that was not 200 (code -1), such as 429 past a guess limit. */
  status?: number;
  /** Seconds to wait before asking again, from a 429's `Retry-After`. */
  retryAfter?: number;
}

export const isApiError = (e: unknown): e is ApiError =>
  typeof e === 'object' && e !== null && typeof (e as ApiError).code === 'number' && typeof (e as ApiError).message === 'string';

/** Refused for asking too often (HTTP 429): say "try again later", not what went wrong. */
export const isTooManyRequests = (e: unknown): e is ApiError => isApiError(e) && e.status === 429;

/** What the client needs of each route: its address (shared/routes' `routeAddresses`), without its schemas. */
type RouteTable = Record<RouteId, RouteAddress>;

export interface ClientDeps {
  apiBase: string;
  routes: RouteTable;
  /**
   * Whether the browser holds a session (its readable hint): the session cookie itself is HttpOnly and goes with
   * every call to our origin; the client never sends a token header.
   */
  signedIn: () => boolean;
  language: () => string;
  /** Navigates to /login, with the timeout flag when there was a session to lose. */
  onSessionLost: (hadSession: boolean) => void;
  toast: (message: string) => void;
  /** 'system busy' and 'request timed out' in the current language. */
  text: (key: 'busy' | 'timeout') => string;
  fetch?: typeof fetch;
  /** An answer already on its way for a plain GET of this path (the page's early request), if there is one. */
  early?: (path: string, signedIn: boolean) => Promise<Envelope | null> | undefined;
  /** Spec section 9's 30 s and 120 s unless a test needs shorter. */
  timeouts?: { normal: number; export: number };
}

export function createApiClient(deps: ClientDeps) {
  const http: KyInstance = ky.create({
    throwHttpErrors: false,
    retry: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });

  async function call<Id extends RouteId>(
    id: Id,
    request: RouteRequest<Id> = {} as RouteRequest<Id>,
    options: CallOptions = {},
  ): Promise<RouteResponse<Id>> {
    const route = deps.routes[id];
    const input = request as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown };
    const headers: Record<string, string> = { 'Accept-Language': deps.language() };
    // Read before the call: an answer saying the session is gone also expires its hint.
    const hadSession = !options.shareToken && deps.signedIn();
    // The API refuses any write that names a version, so only reads carry it.
    const version = route.method === 'GET' ? options.version : undefined;
    if (version) headers[PROJECT_VERSION_HEADER] = version;
    if (options.shareToken) headers[SHARE_TOKEN_HEADER] = options.shareToken;

    const searchParams = new URLSearchParams();
    for (const [key, value] of Object.entries(input.query ?? {})) {
      if (value === undefined || value === null) continue;
      searchParams.set(
        key,
        typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value),
      );
    }
    const hasBody = input.body !== undefined && route.method !== 'GET';
    const form = route.bodyType === 'form';

    const path = buildPath(route, input.params);
    const send = async (): Promise<Envelope> => {
      try {
        const response = await http(`${deps.apiBase}${path}`, {
          method: route.method,
          headers,
          searchParams,
          timeout: options.export ? (deps.timeouts?.export ?? EXPORT_TIMEOUT_MS) : (deps.timeouts?.normal ?? REQUEST_TIMEOUT_MS),
          signal: options.signal,
          // The session cookie would name the reader too (the API reads it on GETs).
          ...(options.shareToken ? { credentials: 'omit' as const } : {}),
          ...(hasBody && form ? { body: new URLSearchParams(input.body as Record<string, string>) } : {}),
          ...(hasBody && !form ? { json: input.body } : {}),
        });
        if (response.status !== 200) {
          const retryAfter = Number(response.headers.get('retry-after'));
          throw {
            code: -1,
            message: `status code is ${response.status}`,
            status: response.status,
            ...(retryAfter > 0 ? { retryAfter } : {}),
          } satisfies ApiError;
        }
        return await response.json<Envelope>();
      } catch (err) {
        throw toApiError(err, deps);
      }
    };
    // A plain read the page asked for before the app loaded is answered once from that request.
    const reusable = route.method === 'GET' && !version && !options.shareToken && !searchParams.size;
    const envelope = (reusable ? await deps.early?.(path, hadSession) : undefined) ?? (await send());

    if (envelope.code === OK_CODE) return envelope.data as RouteResponse<Id>;
    const failure: ApiError = { code: envelope.code, message: envelope.message, data: envelope.data };
    if (SESSION_CODES.includes(envelope.code)) {
      if (!options.ignoreRedirect) deps.onSessionLost(hadSession);
      throw failure;
    }
    if (!options.ignoreMessage) deps.toast(envelope.message || deps.text('busy'));
    throw failure;
  }

  return { call };
}

function toApiError(err: unknown, deps: ClientDeps): ApiError {
  if (isApiError(err)) return err;
  const name = (err as { name?: string } | null)?.name ?? '';
  const message = (err as { message?: string } | null)?.message ?? '';
  if (name === 'TimeoutError' || /timeout/i.test(message)) return { code: -3, message: deps.text('timeout') };
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'number') return { code, message, data: (err as { data?: unknown }).data };
  return { code: -2, message: message || deps.text('busy') };
}
