import { describe, expect, it } from 'vitest';
import { CATCH_ALL_ROUTE_KEY, routeEntries, routeKey } from '../../shared/routes';
import { matchRoute } from './gateway';

describe('local gateway routing (as API Gateway matches routes)', () => {
  it('prefers a static route to a parameter at the same place', () => {
    expect(matchRoute('GET', '/project/created').routeKey).toBe('GET /project/created');
    expect(matchRoute('GET', '/project/favor').routeKey).toBe('GET /project/favor');
    expect(matchRoute('GET', '/project/abc')).toMatchObject({ routeKey: 'GET /project/{id}', pathParameters: { id: 'abc' } });
  });

  it('passes path parameters still encoded, like API Gateway', () => {
    expect(matchRoute('POST', '/common/code/REGISTER/a%40b.com').pathParameters).toEqual({ target: 'a%40b.com' });
  });

  it('sends unknown paths and methods to the catch-all route', () => {
    expect(matchRoute('GET', '/no/such/path')).toMatchObject({ routeKey: CATCH_ALL_ROUTE_KEY, pathParameters: { proxy: 'no/such/path' } });
    expect(matchRoute('PATCH', '/project').routeKey).toBe(CATCH_ALL_ROUTE_KEY);
  });

  it('reaches every route of the table', () => {
    for (const [id, route] of routeEntries) {
      const path = route.path.replace(/\{\w+\}/g, 'x1');
      expect(matchRoute(route.method, path).routeKey, id).toBe(routeKey(route));
    }
  });
});
