/**
 * Malformed and hostile requests for any route of the table, for the sweep test and the bench: odd path
 * parameters (percent-garbage, traversal, control characters, huge), unexpected queries, bodies of every JSON
 * shape, deep nesting, wrong content types, from callers at every level (anonymous, forged token, stranger,
 * viewer, owner). What must hold for all of them: an answer from the catalogue, never a system error, and no
 * success for a caller the route's rule does not admit.
 */
import fc from 'fast-check';
import { expectedAccess, type CallerFacts } from './access-oracle';
import type { RouteDef } from '@shared/routes';
import type { SampleIds } from './samples';

/** `badCookie` is anonymous with a planted, malformed session cookie. */
export type CallerName = 'anonymous' | 'badCookie' | 'forged' | 'stranger' | 'viewer' | 'owner';
export const CALLERS: CallerName[] = ['anonymous', 'badCookie', 'forged', 'stranger', 'viewer', 'owner'];

interface HostileRequest {
  caller: CallerName;
  path: string;
  query: Record<string, string>;
  body?: string;
  contentType?: string;
}

const deep = (levels: number) => `${'{"a":['.repeat(levels)}1${']}'.repeat(levels)}`;
/** An API document whose parameters nest `levels` deep. */
const deepParams = (levels: number) =>
  JSON.stringify({
    type: 'api',
    name: 'deep',
    content: {
      path: '/x',
      description: 'x',
      reqBody: JSON.parse(`${'[{"id":"p","name":"n","type":"object","children":'.repeat(levels)}[]${'}]'.repeat(levels)}`) as unknown,
    },
  });

const paramValue = (ids: SampleIds) =>
  fc.oneof(
    fc.constantFrom(
      ids.projectId,
      ids.documentId,
      `${ids.documentId}_r1`,
      ids.memberId,
      ids.teamId,
      ids.groupId,
      ids.teamCode,
      '0',
      'personal',
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.constantFrom(
      '%',
      '%E0%A4%A',
      '..%2F..%2Fetc%2Fpasswd',
      '%00',
      'a'.repeat(3000),
      '\u202eexe.png',
      '{id}',
      '__proto__',
      'constructor',
    ),
  );

const bodyText = fc.oneof(
  fc.jsonValue({ maxDepth: 5 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        'id',
        'projectId',
        'name',
        'rev',
        'content',
        'type',
        'parentId',
        'preId',
        'kind',
        'size',
        'password',
        'visibility',
        'folderId',
      ),
      fc.jsonValue({ maxDepth: 4 }),
    )
    .map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    'null',
    '[]',
    '"x"',
    deep(2000),
    deepParams(900),
    JSON.stringify({ name: 'x'.repeat(100_000) }),
    JSON.stringify({ content: { markdown: 'y'.repeat(50_000) } }),
  ),
);

/** `count` requests for a route, reproducible from `seed`. */
export function hostileRequests(route: RouteDef, ids: SampleIds, count: number, seed: number): HostileRequest[] {
  const request = fc.record({
    caller: fc.constantFrom(...CALLERS),
    params: fc.array(paramValue(ids), { minLength: 4, maxLength: 4 }),
    encode: fc.boolean(),
    query: fc.dictionary(
      fc.constantFrom('keyword', 'name', 'teamId', 'folderId', 'sourceId', 'isProject', 'parentId', 'x'),
      fc.string({ maxLength: 30 }),
    ),
    body: bodyText,
    contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded', undefined),
  });
  return fc.sample(request, { seed, numRuns: count }).map((r) => {
    let i = 0;
    const path = route.path.replace(/\{\w+\}/g, () => {
      const value = r.params[i++ % r.params.length]!;
      return r.encode ? encodeURIComponent(value) : value.replace(/[/?#]/g, '');
    });
    return {
      caller: r.caller,
      path,
      query: r.query,
      ...(route.method === 'GET' ? {} : { body: r.body, ...(r.contentType ? { contentType: r.contentType } : {}) }),
    };
  });
}

/** Roles on the sweep's target (a private team project, see access-fixture.ts): the owner is its creator. */
const FACTS: Record<CallerName, CallerFacts> = {
  anonymous: { signedIn: false },
  badCookie: { signedIn: false },
  forged: { signedIn: false },
  stranger: { signedIn: true },
  viewer: { signedIn: true, role: 'view', teamRole: 'developer' },
  owner: { signedIn: true, role: 'creator', teamRole: 'developer' },
};

/** Whether the route's rule admits a caller. */
export const admitted = (route: RouteDef, caller: CallerName): boolean => expectedAccess(route.access, FACTS[caller]) === 'admitted';
