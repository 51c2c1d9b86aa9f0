/**
 * Each Lambda bundle's cold start in a fresh Node process, next to a bundle holding the bare DynamoDB document
 * client (bare-dynamo-client.ts, built here with the same options), measured in the same run: each bundle's figures
 * are also given as ratios of the bare client's, which is what to compare between runs and machines. The bundles
 * load in turn, round after round, so a machine that slows down slows them all alike. Wall time is what a cold start
 * waits; CPU time (the process's, user and system) is the steadier figure on a machine whose cores other work
 * shares. Two figures per service:
 * - load: the module's import alone. This is the budgeted one (issue 39: at most 1.3x the bare client's CPU).
 * - first request: the import and then one real call through the handler, which is what the first caller waits
 *   for, so that work moved from the load to the first request shows here: a read of a route of the service (a GET
 *   where it has one) with a session token that does not exist, through the whole chain to its refusal (the
 *   session is read from DynamoDB Local first), against the bare client's import and one read. Jobs run on a
 *   schedule, not for a caller: their load only.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { JOB_NAMES } from '@shared/jobs';
import { admitsAnonymous, isTokenRoute, routeEntries, routeKey, SERVICES, type ServiceName } from '@shared/routes';
import { keys } from '../../functions/data/keys';
import { bundleOptions } from '../build-functions';
import { functionBundle, FUNCTIONS_OUT, ROOT } from '../local/paths';

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

/** The call a service's first request makes: see the header. */
function firstRequestOf(service: ServiceName) {
  const own = routeEntries.filter(([, r]) => r.service === service && !isTokenRoute(r.access));
  const signedIn = own.filter(([, r]) => !admitsAnonymous(r.access));
  const [id, route] = (signedIn.find(([, r]) => r.method === 'GET') ?? signedIn[0] ?? own[0])!;
  const reads = route.method === 'GET';
  const pathParameters = Object.fromEntries([...route.path.matchAll(/\{(\w+)\+?\}/g)].map(([, name]) => [name!, 'cold-start']));
  const event = {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: route.path.replace(/\{(\w+)\+?\}/g, 'cold-start'),
    rawQueryString: '',
    headers: { token: 'cold-start-session', ...(reads ? {} : { 'content-type': 'application/json' }) },
    pathParameters,
    requestContext: {
      requestId: 'cold-start',
      http: { method: route.method, path: route.path, sourceIp: '127.0.0.1', userAgent: 'bench' },
    },
    isBase64Encoded: false,
    ...(reads ? {} : { body: '{}' }),
  };
  return { id, event };
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

export async function benchColdStart(): Promise<Record<string, string>> {
  const sizes = JSON.parse(readFileSync(join(FUNCTIONS_OUT, 'sizes.json'), 'utf8')) as Record<string, { bytes: number; gzip: number }>;
  const scratch = mkdtempSync(join(tmpdir(), 'apiloom-bench-coldstart-'));
  try {
    const bare = join(scratch, 'index.mjs');
    await build(bundleOptions(join(ROOT, 'scripts/bench/bare-dynamo-client.ts'), bare));
    const calls = new Map(SERVICES.map((name) => [name as string, firstRequestOf(name)]));
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
