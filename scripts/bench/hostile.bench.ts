/**
 * Issue 8's figures: the whole route table swept with thousands of malformed and hostile requests
 * (test/support/hostile-requests.ts) from an anonymous caller, a planted bad cookie, a forged token, a stranger
 * and a viewer. Reports how many were tried, refused, answered with a system error, admitted against the
 * route's rule, and whether the target project lost or changed anything.
 */
import { TOKEN_COOKIE } from '@shared/constants';
import { ERRORS, type Envelope } from '@shared/errors';
import { routeEntries } from '@shared/routes';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { accessFixture } from '../../test/support/access-fixture';
import { admitted, CALLERS, hostileRequests, type CallerName } from '../../test/support/hostile-requests';
import type { startBenchStack } from './harness';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;
const PER_ROUTE = 60;

export async function benchHostile(stack: Stack) {
  const fixture = await accessFixture({ inTeam: true, visibility: 'private', state: 'active' });
  const { ids } = fixture;
  const snapshot = async () =>
    JSON.stringify(await Promise.all([queryAll(keys.projectItems(ids.projectId)), queryAll(keys.teamItems(ids.teamId))]));
  const before = await snapshot();

  const tokens: Partial<Record<CallerName, string>> = {
    forged: 'forged-token-value-that-matches-nothing',
    viewer: fixture.tokens.viewer,
    stranger: fixture.tokens.stranger,
  };
  const counts = { tried: 0, refused: 0, admittedAndServed: 0, systemErrors: 0, admittedAgainstRule: 0 };
  const started = performance.now();
  for (const [id, route] of routeEntries) {
    const seed = [...id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 11);
    const requests = hostileRequests(route, ids, PER_ROUTE, seed).filter((r) => r.caller !== 'owner');
    await Promise.all(
      requests.map(async (r) => {
        const headers: Record<string, string> = {
          ...(tokens[r.caller] ? { token: tokens[r.caller]! } : {}),
          ...(r.caller === 'badCookie' ? { cookie: `${TOKEN_COOKIE}=%` } : {}),
          ...(r.body !== undefined ? { 'content-type': r.contentType ?? 'application/json' } : {}),
        };
        const qs = new URLSearchParams(r.query).toString();
        const res = await fetch(`${stack.origin}/api${r.path}${qs ? `?${qs}` : ''}`, { method: route.method, headers, body: r.body });
        const envelope = (await res.json().catch(() => ({ code: Number.NaN }))) as Envelope;
        counts.tried++;
        if (res.status >= 500 || envelope.code === ERRORS.system.code || Number.isNaN(envelope.code)) counts.systemErrors++;
        else if (envelope.code !== 0) counts.refused++;
        else if (admitted(route, r.caller)) counts.admittedAndServed++;
        else counts.admittedAgainstRule++;
      }),
    );
  }
  const ms = performance.now() - started;
  const lost = before === (await snapshot()) ? 0 : 1;
  return {
    [`hostile sweep: requests tried (${CALLERS.length - 1} callers, ${routeEntries.length} routes)`]: `${counts.tried} in ${(ms / 1000).toFixed(1)} s`,
    'hostile sweep: refused with a catalogued code': String(counts.refused),
    'hostile sweep: served (caller admitted by the rule)': String(counts.admittedAndServed),
    'hostile sweep: system errors (5xx or 50000)': String(counts.systemErrors),
    'hostile sweep: admitted against the route rule': String(counts.admittedAgainstRule),
    'hostile sweep: target project changed or lost': lost ? 'CHANGED' : 'nothing',
  };
}
