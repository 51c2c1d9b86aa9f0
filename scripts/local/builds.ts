/** Builds the web app and the Lambda bundles when they are missing or older than their sources. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { SERVICES } from '@shared/routes';
import { JOB_NAMES, ORIGIN_NAMES, STREAM_CONSUMER_NAMES, WORKER_NAMES } from '@shared/jobs';
import { buildDownloads, downloadPath } from '../build-downloads';
import { buildFunctions } from '../build-functions';
import { isStale } from './freshness';
import { functionBundle, ROOT, WEB_OUT } from './paths';

const src = (...parts: string[]) => parts.map((p) => join(ROOT, p));
const LOCK = src('package-lock.json');

export async function ensureBuilt(log: (line: string) => void) {
  if (isStale([join(WEB_OUT, 'index.html')], [...src('web', 'shared'), ...LOCK])) {
    log('Building the web app…');
    const vite = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
      {
        cwd: ROOT,
        stdio: 'inherit',
      },
    );
    if (vite.status !== 0) throw new Error('web build failed');
  }
  // The CLI and the plug-in's package, served from the web app's output (which a web build empties).
  const downloads = [downloadPath('cli'), downloadPath('plugin')];
  if (isStale(downloads, [...src('cli', 'extension', 'shared', 'package.json'), ...LOCK])) {
    log('Building the CLI and the plug-in package…');
    await buildDownloads();
  }
  if (
    isStale([...SERVICES, ...JOB_NAMES, ...WORKER_NAMES, ...STREAM_CONSUMER_NAMES, ...ORIGIN_NAMES].map(functionBundle), [
      ...src('functions', 'shared'),
      ...LOCK,
    ])
  ) {
    log('Building the Lambda bundles…');
    await buildFunctions({ quiet: true });
  }
}
