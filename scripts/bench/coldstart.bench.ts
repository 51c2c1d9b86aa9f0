/**
 * Module load of each Lambda bundle in a fresh Node process (the code part of a cold start), next to the load of
 * a bundle holding the bare DynamoDB document client (bare-dynamo-client.ts, built here with the same options),
 * measured in the same run: each bundle's figure is also given as a ratio of the bare client's, which is what to
 * compare between runs and machines. The bundles load in turn, round after round, so a machine that slows down
 * slows them all alike. Wall time is what a cold start waits; CPU time (the process's, user and system) is the
 * steadier figure on a machine whose cores other work shares.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { JOB_NAMES } from '@shared/jobs';
import { SERVICES } from '@shared/routes';
import { bundleOptions } from '../build-functions';
import { functionBundle, FUNCTIONS_OUT, ROOT } from '../local/paths';

const ROUNDS = 9;
/** What a service needs to load (env() is read on first use, but say what a Lambda would have). */
const FUNCTION_ENV = { TABLE_NAME: 'bench', AWS_REGION: 'us-east-1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };

interface Load {
  wallMs: number;
  cpuMs: number;
}

function loadOnce(bundle: string): Load {
  const script = `const cpu = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(pathToFileURL(bundle).href)});
const wallMs = performance.now() - t; const used = process.cpuUsage(cpu); console.log(JSON.stringify({ wallMs, cpuMs: (used.user + used.system) / 1000 }));`;
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...FUNCTION_ENV },
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(`loading ${bundle} failed: ${out.stderr}`);
  return JSON.parse(out.stdout.trim().split('\n').pop()!) as Load;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchColdStart(): Promise<Record<string, string>> {
  const sizes = JSON.parse(readFileSync(join(FUNCTIONS_OUT, 'sizes.json'), 'utf8')) as Record<string, { bytes: number; gzip: number }>;
  const scratch = mkdtempSync(join(tmpdir(), 'apiloom-bench-coldstart-'));
  try {
    const bare = join(scratch, 'index.mjs');
    await build(bundleOptions(join(ROOT, 'scripts/bench/bare-dynamo-client.ts'), bare));
    const bundles = new Map<string, string>([
      ['bare DynamoDB client', bare],
      ...[...SERVICES, ...JOB_NAMES].map((n) => [n, functionBundle(n)] as const),
    ]);
    const loads = new Map([...bundles.keys()].map((name) => [name, [] as Load[]]));
    for (let round = 0; round < ROUNDS; round++) for (const [name, file] of bundles) loads.get(name)!.push(loadOnce(file));

    const figures = new Map(
      [...loads].map(([name, l]) => [name, { wallMs: median(l.map((x) => x.wallMs)), cpuMs: median(l.map((x) => x.cpuMs)) }]),
    );
    const yardstick = figures.get('bare DynamoDB client')!;
    const results: Record<string, string> = {};
    for (const [name, { wallMs, cpuMs }] of figures) {
      const size = sizes[name];
      const ratio =
        name === 'bare DynamoDB client'
          ? ''
          : ` (${(wallMs / yardstick.wallMs).toFixed(2)}x / ${(cpuMs / yardstick.cpuMs).toFixed(2)}x the bare client)`;
      results[`${name} bundle: load wall / CPU (median of ${ROUNDS})`] =
        `${wallMs.toFixed(0)} ms / ${cpuMs.toFixed(0)} ms${ratio}${size ? `, ${(size.bytes / 1024).toFixed(0)} KB (${(size.gzip / 1024).toFixed(0)} KB gzip)` : ''}`;
    }
    return results;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
