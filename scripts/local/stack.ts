/**
 * The whole backend on one machine: DynamoDB Local and s3rver with data under the data dir, the table and
 * buckets, the demo account, and the gateway in front of the handlers. `npm start`, `npm run dev` and the e2e
 * tests all start it through here.
 */
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceName } from '../../shared/routes';
import { ensureBuckets, ensureTable } from './bootstrap';
import { startDynamo, type LocalService } from './dynamo';
import { freePort } from './free-port';
import { createGateway, type LambdaHandler } from './gateway';
import { functionBundle, functionEntry, ROOT } from './paths';
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

export function configScript(offline: boolean) {
  const config = { environment: 'local', apiBase: '/api', offline, mockBase: '/api/mock' };
  return `window.APILOOM_CONFIG = ${JSON.stringify(config)};\n`;
}

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

    const loadHandler = async (service: ServiceName) => {
      const file = opts.handlers === 'bundles' ? functionBundle(service) : functionEntry(service);
      const mod = (await import(pathToFileURL(file).href)) as { handler: LambdaHandler };
      return mod.handler;
    };
    const server = createGateway({
      loadHandler,
      webDir: opts.webDir,
      configScript: configScript(opts.offline),
      devRoutes: outboxRoutes,
    });
    await new Promise<void>((ok, fail) => {
      server.once('error', fail);
      server.listen(opts.port, opts.host, ok);
    });
    const shownHost = opts.host === '127.0.0.1' || opts.host === '0.0.0.0' ? 'localhost' : opts.host;
    return {
      url: `http://${shownHost}:${opts.port}`,
      server,
      stop: async () => {
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
