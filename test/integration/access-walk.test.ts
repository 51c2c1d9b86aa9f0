/**
 * The route table walked in both directions: every route refuses each caller below its rule, with the code a
 * client expects, AND serves each caller at or above it: past validation and the access check, no crash, no
 * "not found" for something the fixture made and the caller can see, and an answer that keeps the route's
 * response contract (its schema parses it). Every route serves someone, so every contract is checked.
 * Callers (test/support/access-fixture.ts): anonymous, a forged token, a signed-in stranger, the project's
 * creator, editor and viewer, a member with `none`, a team developer without membership, a team developer
 * reaching the project through a group, the team's administrator and owner, and a member removed from the team
 * whose session lives on, and a reader with a share token for the whole project. The project is a team project or a personal one, private or (where a route reads
 * public projects) public, in the state the route acts on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ERRORS } from '@shared/errors';
import { routeEntries, type RouteDef, type RouteId } from '@shared/routes';
import type { ProjectState } from '@shared/schemas/project';
import {
  accessFixture,
  CALLER_KINDS,
  TOKEN_CALLERS,
  TOKEN_SCOPES,
  type AccessFixture,
  type CallerKind,
  type FixtureOptions,
  type TokenCaller,
} from '../support/access-fixture';
import { ACCESS_CODES, expectedAccess } from '../support/access-oracle';
import { newClientAddress, useLocalApi } from '../support/local-api';
import { sampleCall } from '../support/samples';
import { startFakeProviders, type FakeProviders } from '../../scripts/local/fake-providers';

// Third-party sign-in's routes walk against the fake providers (issue 25): the fixture starts sign-ins with them.
let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
  process.env.THIRD_PARTY_PROVIDERS = fakes.config;
});
afterAll(() => fakes.stop());
const api = useLocalApi();

/** Codes an admitted caller must never get: a refusal, input the sample failed to make valid, or a crash. */
const NOT_SERVED = [...ACCESS_CODES, ERRORS.system.code];
/**
 * Who can see everything a route's sample names: on a project or team route, anyone the access check let
 * through (it found the project or team); elsewhere the fixture's creator, who owns the rest (their folder, their
 * filing of the project). For them a "not found" means the handler lost something that exists.
 */
const seesItAll = (route: RouteDef, kind: CallerKind) => !!(route.access.project || route.access.team) || kind === 'creator';
/** Where an answer carries fields its contract does not name (zod's objects drop them when parsing). */
function unnamedFields(sent: unknown, kept: unknown, at = 'data'): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) return sent.flatMap((item, i) => unnamedFields(item, kept[i], `${at}[${i}]`));
  if (!sent || typeof sent !== 'object' || !kept || typeof kept !== 'object') return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in kept ? unnamedFields(value, (kept as Record<string, unknown>)[key], `${at}.${key}`) : [`${at}.${key}`],
  );
}
/**
 * Routes that hash or check a password at OWASP's cost (scrypt, 128 MiB each): their callers go one at a time,
 * since a dozen hashes at once on a busy two-core machine outlast the gateway's 29 s, as they would a Lambda's
 * timeout. A share's password check hashes even for a share without one, so timing tells nothing.
 */
const HASHES_PASSWORDS: ReadonlySet<RouteId> = new Set([
  'login.create',
  'user.register',
  'user.updatePassword',
  'user.resetPassword',
  'user.email',
  'share.assert',
  'user.quit',
]);
async function inTurn<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}
/** Routes whose answer to some admitted caller was a success that kept the contract. */
const served = new Set<RouteId>();

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
  // Each caller's fixture first, all at once; then the calls.
  const callers = await Promise.all(
    CALLER_KINDS.map(async (kind) => {
      const bearer = (TOKEN_CALLERS as readonly CallerKind[]).includes(kind) ? (kind as TokenCaller) : undefined;
      const facts = {
        signedIn: kind !== 'anonymous' && kind !== 'forged' && kind !== 'shareReader' && !bearer,
        forged: kind === 'forged',
        safeRead: route.method === 'GET',
        shareHolds: kind === 'shareReader',
        role: route.access.project ? base.roles[kind] : undefined,
        teamRole: route.access.team ? base.teamRoles[kind] : undefined,
        projectToken: bearer && {
          scopes: TOKEN_SCOPES[bearer],
          ofProject: bearer !== 'otherProjectToken',
          state: bearer === 'revokedToken' ? ('revoked' as const) : bearer === 'expiredToken' ? ('expired' as const) : ('active' as const),
        },
      };
      const expected = expectedAccess(route.access, facts);
      // A call that may change something gets a team and a project of its own, so no call sees another's effects;
      // an account call (signing out, say) gets people of its own too.
      const changes = expected === 'admitted' && route.method !== 'GET';
      const fixture = changes ? await accessFixture(opts, !route.access.project && !route.access.team) : base;
      return { kind, expected, fixture };
    }),
  );
  const call = async ({ kind, expected, fixture }: (typeof callers)[number]) => {
    const { params, query, body, headers: sampleHeaders } = sampleCall(id, fixture.ids);
    const token = fixture.tokens[kind];
    const headers: Record<string, string> = { ...sampleHeaders, ...(kind === 'shareReader' ? { 'share-token': fixture.shareToken } : {}) };
    if ((TOKEN_CALLERS as readonly CallerKind[]).includes(kind)) headers.authorization = `Bearer ${fixture.bearers[kind as TokenCaller]}`;
    const res = await api.callAny(id, {
      // Each caller from an address of its own, as people are: the walk's many code sends from one address would
      // otherwise meet the per-address send limit (a rule of its own, tested in accounts.test.ts).
      from: newClientAddress(),
      headers,
      ...(token ? { token } : {}),
      ...(query ? { query } : {}),
      ...(params ? { params } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    // A raw answer (the open API's OpenAPI file) is the body itself, not an envelope.
    if (route.raw && res.status === 200) {
      const { status: _status, headers: _headers, ...body } = res;
      return { kind, expected, code: 0, message: '', data: body as unknown };
    }
    return { kind, expected, code: res.code, message: res.message, data: res.data };
  };
  const outcomes = HASHES_PASSWORDS.has(id) ? await inTurn(callers, call) : await Promise.all(callers.map(call));
  for (const { kind, expected, code, message, data } of outcomes) {
    if (expected !== 'admitted') {
      expect(code, `${kind} should be refused by ${id}: ${message}`).toBe(expected);
      continue;
    }
    expect(NOT_SERVED, `${kind} should be served by ${id}: ${code} ${message}`).not.toContain(code);
    if (seesItAll(route, kind)) expect(code, `${id} lost what the fixture made, for ${kind}: ${message}`).not.toBe(ERRORS.notFound.code);
    if (code !== 0) continue;
    const contract = route.response.safeParse(data);
    expect(
      contract.success,
      `${id}'s answer to ${kind} breaks its contract:\n${contract.error ? z.prettifyError(contract.error) : ''}`,
    ).toBe(true);
    expect(unnamedFields(data, contract.data), `${id}'s answer to ${kind} carries fields its contract does not name`).toEqual([]);
    served.add(id);
  }
  return outcomes;
}

const publicReads = routeEntries.filter(([, r]) => r.access.grants.some((g) => g.kind === 'publicRead'));

describe('every route refuses everyone below its rule and admits everyone at it', () => {
  const admitsSomebody = async (id: RouteId, route: RouteDef) => {
    const outcomes = await walk(id, route, { inTeam: true, visibility: 'private' });
    expect(
      outcomes.some((o) => o.expected === 'admitted'),
      `${id} admits somebody`,
    ).toBe(true);
  };
  it.each(routeEntries.filter(([id]) => !HASHES_PASSWORDS.has(id)))('%s, on a private team project', { timeout: 60_000 }, admitsSomebody);
  // A dozen password hashes one after another: seconds each on a busy two-core machine, so minutes, not one.
  it.each(routeEntries.filter(([id]) => HASHES_PASSWORDS.has(id)))('%s, on a private team project', { timeout: 300_000 }, admitsSomebody);

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

it('every route served an admitted caller at least once, so each response contract was checked', () => {
  expect(routeEntries.map(([id]) => id).filter((id) => !served.has(id))).toEqual([]);
});
