/**
 * Prism (Stoplight's mock server), the yardstick of issue 39's mock throughput. It is large and only the bench needs
 * it, so it is not a project dependency: the pinned version is installed on first use into a cache directory in the
 * OS's temporary directory, outside the repository, and reused by later runs. 5.14.2 is the newest release that
 * runs on the project's Node 20 (later ones ask for Node 24).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../local/free-port';

export const PRISM_VERSION = '5.14.2';
const PRISM_PACKAGE = '@stoplight/prism-cli';
const CACHE_DIR = join(tmpdir(), 'apiloom-bench-prism');
const PACKAGE_DIR = join(CACHE_DIR, 'node_modules', ...PRISM_PACKAGE.split('/'));

const installedVersion = () => {
  try {
    return (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
};

/** The path of Prism's command-line script, installing it first when the cache lacks this version. Throws why not. */
export async function ensurePrism(): Promise<string> {
  if (installedVersion() !== PRISM_VERSION) {
    await promisify(execFile)(
      process.platform === 'win32' ? 'npm.cmd' : 'npm',
      ['install', '--prefix', CACHE_DIR, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', `${PRISM_PACKAGE}@${PRISM_VERSION}`],
      { timeout: 5 * 60_000, maxBuffer: 16 * 1024 * 1024 },
    );
    if (installedVersion() !== PRISM_VERSION) throw new Error(`npm did not leave ${PRISM_PACKAGE}@${PRISM_VERSION} in ${CACHE_DIR}`);
  }
  const bin = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin.prism!;
  const script = join(PACKAGE_DIR, bin);
  if (!existsSync(script)) throw new Error(`${script} is missing`);
  return script;
}

export interface RunningPrism {
  origin: string;
  stop: () => Promise<void>;
}

/**
 * Prism serving `documentFile` on 127.0.0.1 on a free port: answers from examples, or with `dynamic` values its
 * json-schema-faker generates from the schemas. Its request log is turned down to warnings, as the mock origin's is
 * silent in the bench: neither side pays for logging. Ready once `probePath` answers; stopped by its process id.
 */
export async function startPrism(
  script: string,
  documentFile: string,
  { dynamic, probePath }: { dynamic: boolean; probePath: string },
): Promise<RunningPrism> {
  const port = await freePort();
  const args = [script, 'mock', documentFile, '--host', '127.0.0.1', '--port', String(port), '--verboseLevel', 'warn'];
  if (dynamic) args.push('--dynamic');
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = () => stopChild(child, exited);
  const origin = `http://127.0.0.1:${port}`;
  try {
    await untilAnswering(`${origin}${probePath}`, child);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}${errors ? `: ${errors.trim()}` : ''}`);
  }
  return { origin, stop };
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(killed);
}

/** Polls until the server answers 200 (a busy machine may take many seconds to start it), or it exits, or 60 s. */
async function untilAnswering(url: string, child: ChildProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Prism exited (${child.exitCode ?? child.signalCode})`);
    const status = await fetch(url).then(
      (res) => res.arrayBuffer().then(() => res.status),
      () => 0,
    );
    if (status === 200) return;
    if (status !== 0) throw new Error(`Prism answered ${url} with ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Prism did not answer ${url} within 60 s`);
}
