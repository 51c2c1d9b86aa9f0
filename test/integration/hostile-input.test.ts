/**
 * A property-based sweep of the whole route table with malformed and hostile input from callers at every level
 * (see test/support/hostile-requests.ts). `npm run bench` runs the same sweep with thousands of requests and
 * reports the counts; here a smaller sample runs on every test run.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OPEN_API_BASE, TOKEN_COOKIE } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { routeEntries } from '@shared/routes';
import { accessFixture } from '../support/access-fixture';
import { useLocalApi } from '../support/local-api';
import type { SampleIds } from '../support/samples';
import { admitted, hostileRequests, type CallerName } from '../support/hostile-requests';

const api = useLocalApi();
const tokens: Partial<Record<CallerName, string>> = { forged: 'forged-token-value-that-matches-nothing' };
let ids: SampleIds;

beforeAll(async () => {
  const fixture = await accessFixture({ inTeam: true, visibility: 'private', state: 'active' });
  ids = fixture.ids;
  Object.assign(tokens, { owner: fixture.tokens.creator, viewer: fixture.tokens.viewer, stranger: fixture.tokens.stranger });
});

const ALLOWED_STATUS = new Set([200, 403, 404, 413, 415]);
/**
 * The open API and the text routes (a share's llms.txt and markdown) answer refusals with the HTTP status a CLI or a
 * plain client acts on, still in the envelope; never a server error.
 */
const PLAIN_ALLOWED_STATUS = new Set([200, 400, 401, 403, 404, 409, 410, 413, 415, 422, 429]);

describe('no route answers malformed or hostile input with a system error, or admits a caller it should not', () => {
  it.each(routeEntries)('%s', async (id, route) => {
    const seed = [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);
    for (const request of hostileRequests(route, ids, 8, seed)) {
      const token = tokens[request.caller];
      const headers: Record<string, string> = {
        ...(request.caller === 'badCookie' ? { cookie: `${TOKEN_COOKIE}=%` } : {}),
        ...(request.contentType ? { 'content-type': request.contentType } : {}),
      };
      // Hostile paths made by hand from each route's template: the escape hatch, on purpose.
      const res = await api.rawCall(route.method, request.path, {
        ...(token ? { token } : {}),
        query: request.query,
        headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      const what = `${request.caller} ${route.method} ${request.path.slice(0, 120)}`;
      const plain = route.path.startsWith(OPEN_API_BASE) || 'produces' in route;
      expect((plain ? PLAIN_ALLOWED_STATUS : ALLOWED_STATUS).has(res.status), `${what}: HTTP ${res.status}`).toBe(true);
      // A text or raw answer (markdown, the OpenAPI file) is not an envelope; its route admits anyone.
      if (res.status === 200 && ('produces' in route || 'raw' in route)) continue;
      expect(res.code, `${what}: ${res.message}`).not.toBe(ERRORS.system.code);
      expect(Number.isFinite(res.code), `${what}: not an envelope`).toBe(true);
      if (res.code === 0 && route.method !== 'GET') expect(admitted(route, request.caller), `${what} succeeded`).toBe(true);
      if (res.code === 0 && route.method === 'GET' && !admitted(route, request.caller)) {
        // A read may only succeed for an unadmitted caller on a public resource; none is public here.
        expect.fail(`${what} read something it may not`);
      }
    }
  });
});
