/**
 * The route table walked in both directions: every route refuses each caller below its rule, with the code a
 * client expects, AND admits each caller at or above it (who then gets past validation and the access check).
 * Callers: anonymous, a forged token, a signed-in stranger, a viewer, an editor and the creator, on a private
 * and on a public project, with the project in the state the route acts on. Team and share callers join as those
 * features land.
 */
import { describe, expect, it } from 'vitest';
import { routeEntries, type RouteDef, type RouteId } from '../../shared/routes';
import type { ProjectState } from '../../shared/schemas/project';
import { accessFixture, CALLER_KINDS, type AccessFixture, type CallerKind } from '../support/access-fixture';
import { ACCESS_CODES, expectedAccess } from '../support/access-oracle';
import { useLocalApi } from '../support/local-api';
import { sampleCall } from '../support/samples';

const api = useLocalApi();

const stateFor = (route: RouteDef): ProjectState => route.access.states?.[0] ?? 'active';
const shared = new Map<string, Promise<AccessFixture>>();
const sharedFixture = (visibility: 'private' | 'public', state: ProjectState) => {
  const key = `${visibility}/${state}`;
  if (!shared.has(key)) shared.set(key, accessFixture({ visibility, state }));
  return shared.get(key)!;
};

async function walk(id: RouteId, route: RouteDef, visibility: 'private' | 'public') {
  const base = await sharedFixture(visibility, stateFor(route));
  const outcomes = await Promise.all(
    CALLER_KINDS.map(async (kind: CallerKind) => {
      const facts = { signedIn: !['anonymous', 'forged'].includes(kind), forged: kind === 'forged', role: route.access.project ? base.roles[kind] : undefined };
      const expected = expectedAccess(route.access, facts);
      // A call that may change something gets a project of its own, so no call sees another's effects.
      const fixture = expected === 'admitted' && route.method !== 'GET' ? await accessFixture({ visibility, state: stateFor(route) }) : base;
      const { path, query, body } = sampleCall(id, route.path, fixture.ids);
      const token = fixture.tokens[kind];
      const res = await api.call(route.method, path, { ...(token ? { token } : {}), ...(query ? { query } : {}), ...(body !== undefined ? { body } : {}) });
      return { kind, expected, code: res.code, message: res.message };
    }),
  );
  for (const { kind, expected, code, message } of outcomes) {
    if (expected === 'admitted') expect(ACCESS_CODES, `${kind} should be admitted to ${id}: ${code} ${message}`).not.toContain(code);
    else expect(code, `${kind} should be refused by ${id}`).toBe(expected);
  }
  return outcomes;
}

describe('every route refuses everyone below its rule and admits everyone at it', () => {
  it.each(routeEntries)('%s, on a private project', async (id, route) => {
    const outcomes = await walk(id, route, 'private');
    expect(outcomes.some((o) => o.expected === 'admitted'), `${id} admits somebody`).toBe(true);
  });

  it.each(routeEntries.filter(([, r]) => r.access.project))('%s, on a public project', async (id, route) => {
    await walk(id, route, 'public');
  });
});
