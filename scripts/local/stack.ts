/**
 * The whole backend on one machine: DynamoDB Local and s3rver with data under the data dir, the table and
 * buckets, the demo account, and the gateway in front of the handlers. `npm start`, `npm run dev` and the e2e
 * tests all start it through here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceName } from '../../shared/routes';
import { configScript, securityHeaders } from '../../shared/deployment';
import { JOBS } from '../../shared/jobs';
import { ensureBuckets, ensureTable } from './bootstrap';
import { startDynamo, type LocalService } from './dynamo';
import { fileServer } from './files';
import { freePort } from './free-port';
import { createGateway, type LambdaHandler } from './gateway';
import { functionBundle, functionEntry, ROOT, type FunctionName } from './paths';
import { startS3 } from './s3';
import { outboxRoutes } from './outbox';
import { seedDemoAccount, DEMO_ACCOUNT } from './seed';

export interface StackOptions {
  port: number;
  host: string;
  dataDir: string;
  /** `bundles`: the built Lambda bundles (npm start); `source`: the TypeScript sources (npm run dev). */
  handlers: 'bundles' | 'source';
  webDir?: string;
  offline: boolean;
  log: (line: string) => void;
}

export interface RunningStack {
  url: string;
  server: Server;
  stop(): Promise<void>;
}

export const LOCAL_TABLE = 'apiloom-local';
export const LOCAL_FILES_BUCKET = 'apiloom-files';


export async function startStack(opts: StackOptions): Promise<RunningStack> {
  const dataDir = resolve(opts.dataDir);
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  const services: LocalService[] = [];
  const stopServices = () => Promise.all(services.map((s) => s.stop()));
  try {
    const [dynamo, s3] = await Promise.all([
      freePort().then((port) => startDynamo({ port, dataDir: join(dataDir, 'dynamodb') })),
      freePort().then((port) => startS3({ port, dataDir: join(dataDir, 's3') })),
    ]);
    services.push(dynamo, s3);
    // The handlers read their configuration from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      TABLE_NAME: LOCAL_TABLE,
      FILES_BUCKET: LOCAL_FILES_BUCKET,
      STAGE: 'local',
      CODE_SENDER: 'outbox',
      OFFLINE: String(opts.offline),
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
    await ensureTable(dynamo.endpoint, LOCAL_TABLE);
    await ensureBuckets(s3.endpoint, [LOCAL_FILES_BUCKET]);
    if (await seedDemoAccount()) opts.log(`Seeded the demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);

    const load = async <H>(name: FunctionName, kind: 'service' | 'job') => {
      const file = opts.handlers === 'bundles' ? functionBundle(name) : functionEntry(name, kind);
      return ((await import(pathToFileURL(file).href)) as { handler: H }).handler;
    };
    const loadHandler = (service: ServiceName) => load<LambdaHandler>(service, 'service');
    const server = createGateway({
      loadHandler,
      webDir: opts.webDir,
      configScript: configScript({ environment: 'local', apiBase: '/api', offline: opts.offline, mockBase: '/api/mock' }),
      devRoutes: outboxRoutes,
      securityHeaders: securityHeaders(s3.endpoint),
      files: fileServer(s3.endpoint, LOCAL_FILES_BUCKET),
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(opts.port, opts.host, ok);
    });
    const stopPurge = schedulePurge(() => load<PurgeHandler>('purge', 'job'), opts.log);
    // Lets `npm run purge` use these services instead of starting its own on the same data.
    const stateFile = join(dataDir, 'stack.json');
    writeFileSync(stateFile, JSON.stringify({ pid: process.pid, dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint }));
    const shownHost = opts.host === '127.0.0.1' || opts.host === '0.0.0.0' ? 'localhost' : opts.host;
    return {
      url: `http://${shownHost}:${opts.port}`,
      server,
      stop: async () => {
        stopPurge();
        rmSync(stateFile, { force: true });
        await new Promise<void>((ok) => server.close(() => ok()));
        server.closeAllConnections();
        await stopServices();
      },
    };
  } catch (err) {
    await stopServices();
    throw err;
  }
}

export const DEFAULT_DATA_DIR = join(ROOT, '.data');

type PurgeHandler = (event: unknown, context: { awsRequestId: string; getRemainingTimeInMillis(): number }) => Promise<{
  purged: string[];
  unfinished: string[];
}>;

/** The recycle bin's daily purge, as EventBridge runs it in AWS: once shortly after start, then every day. */
function schedulePurge(load: () => Promise<PurgeHandler>, log: (line: string) => void) {
  const run = async () => {
    try {
      const handler = await load();
      const report = await handler({}, { awsRequestId: `local-purge-${Date.now()}`, getRemainingTimeInMillis: () => 15 * 60_000 });
      if (report.purged.length || report.unfinished.length) {
        log(`Purge: destroyed ${report.purged.length} project(s) from the recycle bin, ${report.unfinished.length} to finish next run`);
      }
    } catch (err) {
      log(`Purge failed: ${(err as Error).message}`);
    }
  };
  const first = setTimeout(() => void run(), 10_000);
  const daily = setInterval(() => void run(), JOBS.purge.localEveryMs);
  first.unref();
  daily.unref();
  return () => {
    clearTimeout(first);
    clearInterval(daily);
  };
}
