/**
 * Each Lambda bundle's cold start in a fresh Node process, next to a bundle holding the bare DynamoDB document
 * client (bare-dynamo-client.ts, built here with the same options), measured in the same run: each bundle's figures
 * are also given as ratios of the bare client's, which is what to compare between runs and machines. The bundles
 * load in turn, round after round, so a machine that slows down slows them all alike. Wall time is what a cold start
 * waits; CPU time (the process's, user and system) is the steadier figure on a machine whose cores other work
 * shares. Two figures per service:
 * - load: the module's import alone. This is the budgeted one (issue 39: at most 1.3x the bare client's CPU).
 * - first request: the import and then one real call through the handler, which is what the first caller waits
 *   for, so that work moved from the load to the first request shows here. Each service answers a read of its own
 *   (FIRST_REQUESTS) for a signed-in owner of a project: the session read, the access check, the route's own reads
 *   and the answer, against the bare client's import and one read. The proxy's call goes through the whole chain to
 *   the address guard, which refuses the loopback target (there is nothing public to reach here). Jobs run on a
 *   schedule, not for a caller: their load only.
 */
import { spawnSync } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { JOB_NAMES } from '@shared/jobs';
import { routes, SERVICES, type RouteDef, type RouteId, type RouteRequest, type ServiceName } from '@shared/routes';
import { buildPath } from '@shared/routes/path';
import { keys } from '../../functions/data/keys';
import { bundleOptions } from '../build-functions';
import { apiGatewayEvent, matchRoute } from '../local/gateway';
import { functionBundle, FUNCTIONS_OUT, ROOT } from '../local/paths';
import type { startBenchStack } from './harness';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const ROUNDS = 9;
const BARE = 'bare DynamoDB client';
/** What a function needs to load (env() is read on first use, but say what a Lambda would have). */
const FUNCTION_ENV = { AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', LOG_LEVEL: 'silent' };

interface Figures {
  loadWallMs: number;
  loadCpuMs: number;
  /** Import and one call; absent for jobs. */
  firstWallMs?: number;
  firstCpuMs?: number;
  /** What the call answered: its HTTP status and the envelope's code. */
  answered?: string | number;
}

/** What each service's first request reads: a route of its own that the owner of `project` is answered on. */
type FirstRequest = { [Id in RouteId]: { id: Id } & RouteRequest<Id> }[RouteId];
const FIRST_REQUESTS = (project: string, share: string): Record<ServiceName, FirstRequest> => ({
  user: { id: 'user.detail' },
  project: { id: 'project.get', params: { id: project } },
  document: { id: 'document.tree', params: { projectId: project } },
  team: { id: 'project.members', params: { id: project } },
  environment: { id: 'env.list', params: { id: project } },
  proxy: { id: 'proxy.send', body: { method: 'GET', url: 'http://127.0.0.1:9/', headers: [], body: { kind: 'none' } } },
  open: { id: 'token.list', params: { projectId: project } },
  llms: { id: 'share.llms', params: { id: share }, query: {} },
  oauth: { id: 'login.thirdPart', query: {} },
  changes: { id: 'release.nextVersion', params: { id: project } },
  scenario: { id: 'scenario.list', params: { id: project } },
  comments: { id: 'notification.list', query: {} },
  channels: { id: 'channel.list', params: { id: project } },
  jobs: { id: 'import.stamps', params: { projectId: project }, query: { source: 'openapi.json' } },
});

/** API Gateway's event for one call of a route: the local gateway's own (scripts/local/gateway.ts), for a request it did not receive. */
function eventOf(request: FirstRequest, token: string) {
  const { params = {}, query, body } = request as { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  const route = routes[request.id] as RouteDef;
  const path = buildPath(route, params);
  const url = new URL(`http://127.0.0.1${path}${query ? `?${new URLSearchParams(query)}` : ''}`);
  const headers = { token, 'user-agent': 'bench', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const sent = { method: route.method, headers, httpVersion: '1.1', socket: { remoteAddress: '127.0.0.1' } } as unknown as IncomingMessage;
  return apiGatewayEvent(sent, url, path, Buffer.from(body === undefined ? '' : JSON.stringify(body)), matchRoute(route.method, path));
}

function coldStart(bundle: string, event: object | undefined): Figures {
  const script = `const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const cpu0 = cpu(); const t0 = performance.now();
const { handler } = await import(${JSON.stringify(pathToFileURL(bundle).href)});
const loadWallMs = performance.now() - t0; const loadCpuMs = cpu() - cpu0;
const event = ${JSON.stringify(event ?? null)};
let first = {};
if (event) {
  const context = { awsRequestId: 'cold-start', functionName: 'cold-start', getRemainingTimeInMillis: () => 30_000 };
  const answer = await handler(event, context);
  let code;
  try { code = JSON.parse(answer.body).code; } catch {}
  first = { firstWallMs: performance.now() - t0, firstCpuMs: cpu() - cpu0, answered: answer ? \`HTTP \${answer.statusCode}\${code ? \` \${code}\` : ''}\` : 'read' };
}
console.log(JSON.stringify({ loadWallMs, loadCpuMs, ...first }));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...FUNCTION_ENV, TABLE_NAME: process.env.TABLE_NAME ?? 'bench' },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`loading ${bundle} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as Figures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ratio = (value: number, yardstick: number) => `${(value / yardstick).toFixed(2)}x`;

export async function benchColdStart(stack: Stack): Promise<Record<string, string>> {
  const sizes = JSON.parse(readFileSync(join(FUNCTIONS_OUT, 'sizes.json'), 'utf8')) as Record<string, { bytes: number; gzip: number }>;
  const scratch = mkdtempSync(join(tmpdir(), 'apiloom-bench-coldstart-'));
  try {
    const bare = join(scratch, 'index.mjs');
    await build(bundleOptions(join(ROOT, 'scripts/bench/bare-dynamo-client.ts'), bare));
    // The owner of a project with a share of it, made through the API as a user would.
    const owner = await registerBenchUser();
    const project = await stack.call('project.create', { body: { name: 'Cold start' } }, { token: owner.token });
    const share = await stack.call(
      'share.create',
      { body: { projectId: project.id, name: 'Cold start', expireAt: new Date(Date.now() + 86_400_000).toISOString() } },
      { token: owner.token },
    );
    const firstRequests = FIRST_REQUESTS(project.id, share.id);
    const calls = new Map(
      SERVICES.map((name) => [name as string, { id: firstRequests[name].id, event: eventOf(firstRequests[name], owner.token) }]),
    );
    const bundles = new Map<string, { file: string; event?: object }>([
      [BARE, { file: bare, event: { key: keys.session('cold-start') } }],
      ...SERVICES.map((n) => [n, { file: functionBundle(n), event: calls.get(n)!.event }] as const),
      ...JOB_NAMES.map((n) => [n, { file: functionBundle(n) }] as const),
    ]);
    const runs = new Map([...bundles.keys()].map((name) => [name, [] as Figures[]]));
    for (let round = 0; round < ROUNDS; round++)
      for (const [name, { file, event }] of bundles) runs.get(name)!.push(coldStart(file, event));

    const figures = new Map(
      [...runs].map(([name, r]) => {
        const of = (key: keyof Figures) => median(r.map((x) => Number(x[key])));
        return [
          name,
          {
            loadWallMs: of('loadWallMs'),
            loadCpuMs: of('loadCpuMs'),
            firstWallMs: of('firstWallMs'),
            firstCpuMs: of('firstCpuMs'),
            answered: r[0]!.answered,
          },
        ];
      }),
    );
    const yardstick = figures.get(BARE)!;
    const results: Record<string, string> = {};
    for (const [name, f] of figures) {
      const size = sizes[name];
      const loadRatio =
        name === BARE ? '' : ` (${ratio(f.loadWallMs, yardstick.loadWallMs)} / ${ratio(f.loadCpuMs, yardstick.loadCpuMs)} the bare client)`;
      results[`${name} bundle: load wall / CPU (median of ${ROUNDS}; budgeted)`] =
        `${f.loadWallMs.toFixed(0)} ms / ${f.loadCpuMs.toFixed(0)} ms${loadRatio}${size ? `, ${(size.bytes / 1024).toFixed(0)} KB (${(size.gzip / 1024).toFixed(0)} KB gzip)` : ''}`;
      if (Number.isNaN(f.firstCpuMs)) continue;
      const call = name === BARE ? 'one read' : `${calls.get(name)!.id} → ${f.answered}`;
      const firstRatio =
        name === BARE
          ? ''
          : ` (${ratio(f.firstWallMs, yardstick.firstWallMs)} / ${ratio(f.firstCpuMs, yardstick.firstCpuMs)} the bare client's)`;
      results[`${name} bundle: load + first request wall / CPU`] =
        `${f.firstWallMs.toFixed(0)} ms / ${f.firstCpuMs.toFixed(0)} ms${firstRatio}, ${call}`;
    }
    return results;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
