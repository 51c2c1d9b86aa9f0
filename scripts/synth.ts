/**
 * `npm run synth`: synthesizes the CDK app from the built web app and Lambda bundles, building whichever is
 * missing or stale first (a fresh clone has neither). Arguments after `--` go to `cdk synth`.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureBuilt } from './local/builds';
import { ROOT } from './local/paths';

export const CDK_SYNTH_ARGS = ['synth', '--no-notices', '--quiet'];

export async function synth(
  deps: { ensureBuilt: typeof ensureBuilt; cdk: (args: string[]) => number },
  extra: string[] = [],
): Promise<number> {
  await deps.ensureBuilt((line) => console.error(line));
  return deps.cdk([...CDK_SYNTH_ARGS, ...extra]);
}

const runCdk = (args: string[]) =>
  spawnSync(process.execPath, [join(ROOT, 'node_modules/aws-cdk/bin/cdk'), ...args], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.CDK_DISABLE_CLI_TELEMETRY ??= 'true';
  process.exit(await synth({ ensureBuilt, cdk: runCdk }, process.argv.slice(2)));
}
