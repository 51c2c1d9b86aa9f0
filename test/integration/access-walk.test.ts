/**
 * The route table walked in both directions: every route refuses each caller below its rule, with the code a
 * client expects, AND admits each caller at or above it (who then gets past validation and the access check).
 * Callers (test/support/access-fixture.ts): anonymous, a forged token, a signed-in stranger, the project's
 * creator, editor and viewer, a member with `none`, a team developer without membership, a team developer
 * reaching the project through a group, the team's administrator and owner, and a member removed from the team
 * whose session lives on, and a reader with a share token for the whole project. The project is a team project or a personal one, private or (where a route reads
 * public projects) public, in the state the route acts on.
 */
import { describe, expect, it } from 'vitest';
import { routeEntries, type RouteDef, type RouteId } from '@shared/routes';
import type { ProjectState } from '@shared/schemas/project';
import { accessFixture, CALLER_KINDS, type AccessFixture, type CallerKind, type FixtureOptions } from '../support/access-fixture';
import { ACCESS_CODES, expectedAccess } from '../support/access-oracle';
import { useLocalApi } from '../support/local-api';
import { sampleCall } from '../support/samples';

const api = useLocalApi();

const stateFor = (route: RouteDef): ProjectState => route.access.states?.[0] ?? 'active';
const shared = new Map<string, Promise<AccessFixture>>();
const sharedFixture = (opts: FixtureOptions) => {
  const key = JSON.stringify(opts);
  if (!shared.has(key)) shared.set(key, accessFixture(opts));
  return shared.get(key)!;
};

async function walk(id: RouteId, route: RouteDef, mode: { inTeam: boolean; visibility: 'private' | 'public' }) {
  const opts = { ...mode, state: stateFor(route) };
  const base = await sharedFixture(opts);
  const outcomes = await Promise.all(
    CALLER_KINDS.map(async (kind: CallerKind) => {
      const facts = {
        signedIn: kind !== 'anonymous' && kind !== 'forged' && kind !== 'shareReader',
        forged: kind === 'forged',
        shareHolds: kind === 'shareReader',
        role: route.access.project ? base.roles[kind] : undefined,
        teamRole: route.access.team ? base.teamRoles[kind] : undefined,
      };
      const expected = expectedAccess(route.access, facts);
      // A call that may change something gets a team and a project of its own, so no call sees another's effects;
      // an account call (signing out, say) gets people of its own too.
      const changes = expected === 'admitted' && route.method !== 'GET';
      const fixture = changes ? await accessFixture(opts, !route.access.project && !route.access.team) : base;
      const { path, query, body, form } = sampleCall(id, fixture.ids);
      const token = fixture.tokens[kind];
      const headers: Record<string, string> = kind === 'shareReader' ? { 'share-token': fixture.shareToken } : {};
      const res = await api.call(route.method, path, {
        headers,
        ...(token ? { token } : {}),
        ...(query ? { query } : {}),
        ...(body !== undefined ? { body } : {}),
        ...(form ? { form } : {}),
      });
      return { kind, expected, code: res.code, message: res.message };
    }),
  );
  for (const { kind, expected, code, message } of outcomes) {
    if (expected === 'admitted') expect(ACCESS_CODES, `${kind} should be admitted to ${id}: ${code} ${message}`).not.toContain(code);
    else expect(code, `${kind} should be refused by ${id}: ${message}`).toBe(expected);
  }
  return outcomes;
}

const publicReads = routeEntries.filter(([, r]) => r.access.grants.some((g) => g.kind === 'publicRead'));

describe('every route refuses everyone below its rule and admits everyone at it', () => {
  it.each(routeEntries)('%s, on a private team project', { timeout: 60_000 }, async (id, route) => {
    const outcomes = await walk(id, route, { inTeam: true, visibility: 'private' });
    expect(
      outcomes.some((o) => o.expected === 'admitted'),
      `${id} admits somebody`,
    ).toBe(true);
  });

  it.each(routeEntries.filter(([, r]) => r.access.project))('%s, on a private personal project', async (id, route) => {
    await walk(id, route, { inTeam: false, visibility: 'private' });
  });

  it.each(publicReads)('%s, on a public team project', async (id, route) => {
    await walk(id, route, { inTeam: true, visibility: 'public' });
  });

  it.each(publicReads)('%s, on a public personal project', async (id, route) => {
    await walk(id, route, { inTeam: false, visibility: 'public' });
  });
});
