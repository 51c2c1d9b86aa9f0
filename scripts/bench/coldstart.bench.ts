/** Module load time of each Lambda bundle in a fresh Node process: the code part of a cold start. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JOB_NAMES } from '@shared/jobs';
import { SERVICES } from '@shared/routes';
import { functionBundle, FUNCTIONS_OUT } from '../local/paths';

export function benchColdStart(): Record<string, string> {
  const sizes = JSON.parse(readFileSync(join(FUNCTIONS_OUT, 'sizes.json'), 'utf8')) as Record<string, { bytes: number; gzip: number }>;
  const results: Record<string, string> = {};
  for (const name of [...SERVICES, ...JOB_NAMES]) {
    const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(functionBundle(name)).href)}); console.log(performance.now() - t);`;
    const samples = Array.from({ length: 5 }, () => {
      const out = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'us-east-1' },
        encoding: 'utf8',
      });
      return Number(out.stdout.trim());
    }).sort((a, b) => a - b);
    const size = sizes[name]!;
    results[`${name} bundle: load time (median of 5), size`] =
      `${samples[2]!.toFixed(0)} ms, ${(size.bytes / 1024).toFixed(0)} KB (${(size.gzip / 1024).toFixed(0)} KB gzip)`;
  }
  return results;
}
