/**
 * The mock origin: `{mockBase}/{projectId}/{path}` answers with the mock of the project's HTTP API document whose
 * method and path template match. Callers are other programs (frontends in development), so every answer is JSON
 * with a real HTTP status, CORS is open to any origin, and cookies are neither read nor set.
 *
 * Order of checks: the preflight (no lookup), the project's token bucket (before any read, so a flood costs
 * nothing), the project, its token, its switch, the route, the document's mock; then the engine answers and the
 * configured delay is waited out. A script mock waits its turn in the project's line of scripts; past that line it
 * is refused with 429 like the bucket's (functions/mock/limits.ts: SANDBOX_FAIRNESS).
 */
import { timingSafeEqual } from 'node:crypto';
import { MOCK_STATUS, MOCK_THROTTLE, MOCK_TOKEN_HEADER, MOCK_TOKEN_QUERY } from '@shared/constants';
import { ERRORS, type ErrorKey } from '@shared/errors';
import { DEFAULT_MOCK_SETTINGS } from '@shared/schemas/mock';
import { pickLocale, translate, type Locale } from '@shared/messages';
import { SANDBOX_FAIRNESS } from '../../mock/limits';
import { respondToMock, type MockRequest } from '../../mock/respond';
import { compiledResponse, projectMocks } from './project-mocks';
import { tokenBuckets } from './throttle';

interface MockHttpRequest {
  method: string;
  /** The path below the mock origin's root: `/{projectId}/...`, not decoded. */
  path: string;
  query: Record<string, string | string[]>;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: string | null;
}

interface MockHttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': '*',
} as const;
/**
 * On every answer, whatever a project configured: a mock body is the project's text, so a browser opening it must
 * neither guess a type (an HTML-looking JSON) nor run it with the mock origin's rights (a script answering
 * `text/html` with `<script>`): the sandbox CSP gives it an opaque origin and no scripts.
 */
const CONTAINED = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': 'sandbox',
} as const;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS';
const PROJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const buckets = tokenBuckets({
  perSecond: envNumber('MOCK_RATE', MOCK_THROTTLE.perSecond),
  burst: envNumber('MOCK_BURST', MOCK_THROTTLE.burst),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function failure(
  locale: Locale,
  key: ErrorKey,
  params: Record<string, string | number> = {},
  extra: { headers?: Record<string, string>; data?: unknown } = {},
): MockHttpResponse {
  const { code, status } = ERRORS[key];
  return {
    status,
    headers: { ...CORS, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra.headers, ...CONTAINED },
    body: JSON.stringify({ code, message: translate(locale, `error.${key}`, params), data: extra.data ?? null }),
  };
}

function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function parseBody(body: string | null, contentType: string | undefined): unknown {
  if (body === null || body === '') return null;
  if (!contentType || /json/i.test(contentType)) {
    try {
      return JSON.parse(body) as unknown;
    } catch {
      return body;
    }
  }
  return body;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export async function serveMock(req: MockHttpRequest): Promise<MockHttpResponse> {
  const method = req.method.toUpperCase();
  const locale = pickLocale(req.headers['accept-language']);

  if (method === 'OPTIONS' && req.headers['access-control-request-method']) {
    return {
      status: 204,
      headers: {
        ...CORS,
        'access-control-allow-methods': ALLOWED_METHODS,
        'access-control-allow-headers': req.headers['access-control-request-headers'] || '*',
        'access-control-max-age': '86400',
        ...CONTAINED,
      },
      body: '',
    };
  }

  const [, projectId = '', ...rest] = req.path.split('/');
  const path = `/${rest.join('/')}`;
  if (!PROJECT_ID.test(projectId)) return failure(locale, 'mockNoMatch', { method, path: req.path });

  const admitted = buckets.take(projectId);
  if (!admitted.ok) {
    return failure(
      locale,
      'mockThrottled',
      { seconds: admitted.retryAfterSeconds },
      { headers: { 'retry-after': String(admitted.retryAfterSeconds) } },
    );
  }

  // A browser fetch with `cache: 'no-store'` (the editor's preview) or a hard reload sends `no-cache`: it is answered
  // from a read begun after it arrived. Bounded by the throttle above, like every other request.
  const fresh = /no-cache/i.test(`${req.headers['cache-control'] ?? ''} ${req.headers.pragma ?? ''}`);
  const mocks = await projectMocks(projectId, { fresh });
  if (!mocks) return failure(locale, 'mockNoMatch', { method, path });
  if (mocks.token !== null && !sameToken(first(req.query[MOCK_TOKEN_QUERY]) ?? req.headers[MOCK_TOKEN_HEADER], mocks.token)) {
    return failure(locale, 'mockTokenRequired');
  }
  if (!mocks.enabled) return failure(locale, 'mockProjectOff');

  // HEAD is answered as GET without a body, as HTTP servers do.
  const routed = mocks.matcher.match(method === 'HEAD' ? 'GET' : method, path);
  if (routed.kind === 'no_match') return failure(locale, 'mockNoMatch', { method, path });
  if (routed.kind === 'method_not_allowed') {
    return failure(
      locale,
      'mockMethodNotAllowed',
      { method, allow: routed.allow.join(', ') },
      { headers: { allow: routed.allow.join(', ') } },
    );
  }
  // Nothing saved: the default, data generated from the document's response.
  const settings = mocks.settings.get(routed.documentId) ?? DEFAULT_MOCK_SETTINGS;
  const document = mocks.documents.get(routed.documentId);
  if (settings.type === 'off' || !document) return failure(locale, 'mockOff');

  // What the mock sees of the request: never the caller's cookies, nor the project's token.
  const headers = { ...req.headers };
  delete headers.cookie;
  delete headers[MOCK_TOKEN_HEADER];
  const query = { ...req.query };
  delete query[MOCK_TOKEN_QUERY];
  const request: MockRequest = { method, path, query, headers, body: parseBody(req.body, req.headers['content-type']) };

  const answered = await respondToMock({
    config: { projectId, docId: routed.documentId, ...settings },
    compiled: settings.type === 'auto' ? await compiledResponse(document, mocks.models) : undefined,
    params: routed.params,
    request,
  });
  if (!answered.ok && answered.error.kind === 'busy') {
    // The project's line of scripts is full (SANDBOX_FAIRNESS): refused at once, as its bucket does.
    const seconds = SANDBOX_FAIRNESS.retryAfterSeconds;
    return failure(locale, 'mockThrottled', { seconds }, { headers: { 'retry-after': String(seconds) }, data: { kind: 'busy' } });
  }
  if (!answered.ok) {
    const { kind, message, line } = answered.error;
    return failure(
      locale,
      'mockFailed',
      { detail: line ? `${message} (line ${line})` : message },
      { data: { kind, ...(line ? { line } : {}) } },
    );
  }
  const answer = answered.value;
  if (!(Number.isInteger(answer.status) && answer.status >= MOCK_STATUS.min && answer.status <= MOCK_STATUS.max)) {
    // Saved before the range was narrowed, or from any other path: a 1xx or an unknown status is not served.
    const detail = `status ${answer.status} cannot be served; use ${MOCK_STATUS.min}-${MOCK_STATUS.max}`;
    return failure(locale, 'mockFailed', { detail }, { data: { kind: 'bad_response' } });
  }
  if (answer.delayMs > 0) await sleep(answer.delayMs);
  return {
    status: answer.status,
    headers: { ...answer.headers, ...CORS, 'cache-control': answer.headers['cache-control'] ?? 'no-store', ...CONTAINED },
    body: method === 'HEAD' ? '' : answer.body,
  };
}
