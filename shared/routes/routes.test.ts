import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import { buildPath, namedParams, placeholdersOf, routeAddresses, routeEntries, routes, type Locator } from './index';
import { openAddresses } from './open-addresses';
import { OPEN_API_BASE } from '../constants';

/** The names a route's `params` schema reads. */
const paramNames = (params: unknown) => Object.keys((params as z.ZodObject | undefined)?.shape ?? {}).sort();

describe('path parameters', () => {
  it.each(routeEntries)('%s names every placeholder of its path, and nothing else', (_id, route) => {
    const named = placeholdersOf(route).map((placeholder) => namedParams(route, { [placeholder]: 'x' }));
    expect(named.flatMap((p) => Object.keys(p)).sort()).toEqual(paramNames(route.params));
    for (const placeholder of Object.values(route.placeholders ?? {})) expect(placeholdersOf(route)).toContain(placeholder);
  });

  it.each(routeEntries.filter(([, r]) => r.access.project?.in === 'params' || r.access.team?.in === 'params'))(
    '%s finds its project or team by a parameter it has',
    (_id, route) => {
      const locators = [route.access.project, route.access.team].filter((l): l is Locator => l?.in === 'params');
      for (const locator of locators) expect(paramNames(route.params)).toContain(locator.field);
    },
  );

  it("fills the spec's unnamed placeholders by name, encoded, and reads them back by name", () => {
    const assign = routes['member.assign'];
    expect(buildPath(assign, { projectId: 'p1', userId: 'u/1', role: 'view' })).toBe('/project/member/p1/u%2F1/view');
    expect(namedParams(assign, { a: 'p1', b: 'u1', c: 'view' })).toEqual({ projectId: 'p1', userId: 'u1', role: 'view' });
    expect(buildPath(routes['project.get'], { id: 'p 1' })).toBe('/project/p%201');
  });

  it('hands callers the placeholder names with each address, and no schema', () => {
    const addresses = routeAddresses();
    expect(addresses['member.assign']).toEqual({
      method: 'PUT',
      path: '/project/member/{a}/{b}/{c}',
      placeholders: { projectId: 'a', userId: 'b', role: 'c' },
    });
    expect(addresses['login.create']).toEqual({ method: 'POST', path: '/login', bodyType: 'form' });
    expect(Object.keys(addresses).sort()).toEqual(Object.keys(routes).sort());
  });
});

describe("the open API's addresses", () => {
  it('are those of the open routes (the /open/v1 paths, whichever service serves them), each under its own id, and no other', () => {
    const open = Object.fromEntries(Object.entries(routes).filter(([, route]) => route.path.startsWith(`${OPEN_API_BASE}/`)));
    expect(Object.keys(openAddresses).sort()).toEqual(Object.keys(open).sort());
    for (const [id, route] of Object.entries(open)) {
      expect({ method: route.method, path: route.path }, id).toEqual(openAddresses[id as keyof typeof openAddresses]);
    }
  });
});
