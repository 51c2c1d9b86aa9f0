/**
 * Walks the whole route table: every route that is not public refuses a caller with no token (41000) and with
 * a forged token (41001), before any validation or handler code runs.
 */
import { describe, expect, it } from 'vitest';
import { buildPath, routeEntries } from '../../shared/routes';
import { useLocalApi } from '../support/local-api';

const api = useLocalApi();
const guarded = routeEntries.filter(([, r]) => r.access.kind !== 'public');

describe('access rules of the route table', () => {
  it('has guarded routes to check', () => {
    expect(guarded.length).toBeGreaterThan(0);
  });

  it.each(guarded)('%s refuses a stranger and a forged token', async (_id, route) => {
    const path = buildPath(route.path, new Proxy({}, { get: () => 'x1' }));
    const body = route.method === 'GET' ? undefined : {};
    const anonymous = await api.call(route.method, path, { body });
    expect(anonymous.code).toBe(41000);
    const forged = await api.call(route.method, path, { body, token: 'forged-token-value-that-matches-nothing' });
    expect(forged.code).toBe(41001);
  });
});
