/**
 * Walks the whole route table: every route that is not public refuses a caller with no token (41000) and with
 * a forged token (41001), before any validation or handler code runs.
 */
import { describe, expect, it } from 'vitest';
import { routeEntries } from '../../shared/routes';
import { useLocalApi } from '../support/local-api';
import { sampleRequest } from '../support/sample-request';

const api = useLocalApi();
const guarded = routeEntries.filter(([, r]) => r.access.kind !== 'public');

describe('access rules of the route table', () => {
  it('has guarded routes to check', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it.each(guarded)('%s refuses a stranger and a forged token', async (_id, route) => {
    // A project and document that do not exist: nobody may learn more than "sign in" about them.
    const projectId = '00000000-0000-4000-8000-000000000000';
    const { path, query, body } = sampleRequest(route, { projectId, documentId: `${projectId}_abcdefgh` });
    const anonymous = await api.call(route.method, path, { body, query });
    expect(anonymous.code).toBe(41000);
    const forged = await api.call(route.method, path, { body, query, token: 'forged-token-value-that-matches-nothing' });
    expect(forged.code).toBe(41001);
  });
});
