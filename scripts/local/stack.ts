/**
 * The whole backend on one machine: DynamoDB Local and s3rver with data under the data dir, the table and
 * buckets, the demo account, and the gateway in front of the handlers. `npm start`, `npm run dev` and the e2e
 * tests all start it through here.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServiceName } from '@shared/routes';
import { configScript, securityHeaders } from '@shared/deployment';
import { JOBS } from '@shared/jobs';
import { ensureBuckets, ensureTable } from './bootstrap';
import { startDynamo, type LocalService } from './dynamo';
import { fileServer } from './files';
import { freePort } from './free-port';
import { startFakeProviders, type FakeProviders } from './fake-providers';
import { createGateway, type LambdaHandler } from './gateway';
import { createMockOrigin, type MockHandler } from './mock-origin';
import { functionBundle, functionEntry, ROOT, type FunctionKind, type FunctionName } from './paths';
import { startS3 } from './s3';
import { outboxRoutes } from './outbox';
import { seedDemoAccount, DEMO_ACCOUNT } from './seed';
import { devRoutesOf, testHookRoutes } from './test-hooks';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { startLocalScheduler } from './scheduler';
import { runLocalWorker, settledWorkers } from './workers';
import { startEventStream } from './event-stream';
import { notifyFakesRoutes, startNotifyFakes, type NotifyFakes } from './notify-fakes';

interface StackOptions {
  port: number;
  host: string;
  dataDir: string;
  /** `bundles`: the built Lambda bundles (npm start); `source`: the TypeScript sources (npm run dev). */
  handlers: 'bundles' | 'source';
  webDir?: string;
  offline: boolean;
  /** Serve the test hooks (scripts/local/test-hooks.ts): the e2e suite's stack only. */
  testHooks?: boolean;
  log: (line: string) => void;
}

interface RunningStack {
  url: string;
  /** The fake notification providers (issue 38), when not offline. */
  notifyFakes?: NotifyFakes;
  /** The mock origin: its own port on 127.0.0.1. */
  mockUrl: string;
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
      // Environments' run secrets are sealed with a key of the data dir's own (made on first use).
      RUN_SECRETS_KEY_FILE: join(dataDir, 'run-secrets.key'),
    });
    // Third-party sign-in against fake providers of each kind on 127.0.0.1, unless real ones are configured.
    if (!opts.offline && !process.env.THIRD_PARTY_PROVIDERS) {
      const fakes: FakeProviders = await startFakeProviders();
      services.push({ endpoint: fakes.config, stop: () => fakes.stop() });
      process.env.THIRD_PARTY_PROVIDERS = fakes.config;
      opts.log('Third-party sign-in: fake GitHub, Gitee, Weibo and WeChat on 127.0.0.1');
    }
    await ensureTable(dynamo.endpoint, LOCAL_TABLE);
    await ensureBuckets(s3.endpoint, [LOCAL_FILES_BUCKET]);
    if (await seedDemoAccount()) opts.log(`Seeded the demo account: ${DEMO_ACCOUNT.username} / ${DEMO_ACCOUNT.password}`);

    const load = async <H>(name: FunctionName, kind: FunctionKind) => {
      const file = opts.handlers === 'bundles' ? functionBundle(name) : functionEntry(name, kind);
      return ((await import(pathToFileURL(file).href)) as { handler: H }).handler;
    };
    // The fake notification providers (issue 38) first: the channels service's test message and the delivery
    // function are handed exactly their address, through the guard's test-only parameter.
    let notifyFakes: NotifyFakes | undefined;
    if (!opts.offline) {
      notifyFakes = await startNotifyFakes();
      const fakes = notifyFakes;
      services.push({ endpoint: fakes.url, stop: () => fakes.stop() });
      opts.log(`Notifications: fake DingTalk, Feishu, WeCom, Slack and webhook receivers at ${fakes.url}`);
    }
    const admitForTests = notifyFakes?.addresses;
    const loadHandler = async (service: ServiceName) => {
      if (service !== 'channels' || !admitForTests) return load<LambdaHandler>(service, 'service');
      const file = opts.handlers === 'bundles' ? functionBundle(service) : functionEntry(service, 'service');
      const module = (await import(pathToFileURL(file).href)) as {
        channelsService: (guard: { admitForTests?: ReadonlySet<string> }) => LambdaHandler;
      };
      return module.channelsService({ admitForTests });
    };
    // The mock origin first: the app's pages name it in their CSP and config.
    const mockOrigin = createMockOrigin(() => load<MockHandler>('mock', 'origin'));
    const mockPort = Number(process.env.MOCK_PORT ?? 0) || (await freePort());
    await listen(mockOrigin, mockPort, '127.0.0.1');
    const mockUrl = `http://127.0.0.1:${mockPort}`;
    process.env.MOCK_ORIGIN = mockUrl;
    const server = createGateway({
      loadHandler,
      webDir: opts.webDir,
      configScript: configScript({ environment: 'local', apiBase: '/api', offline: opts.offline, mockBase: mockUrl }),
      devRoutes: devRoutesOf(
        outboxRoutes,
        ...(notifyFakes ? [notifyFakesRoutes(notifyFakes)] : []),
        ...(opts.testHooks ? [testHookRoutes] : []),
      ),
      securityHeaders: securityHeaders(s3.endpoint, mockUrl),
      files: fileServer(s3.endpoint, LOCAL_FILES_BUCKET),
    });
    await listen(server, opts.port, opts.host).catch(async (err: unknown) => {
      await close(mockOrigin);
      throw err;
    });
    // Project events (issue 38): the table's stream read here and handed to the delivery function's own handler,
    // with exactly the fake providers' address admitted through the guard's test-only parameter.
    let delivery: Promise<(event: unknown) => Promise<{ batchItemFailures: { itemIdentifier: string }[] }>> | undefined;
    const events = await startEventStream({
      endpoint: dynamo.endpoint,
      tableName: LOCAL_TABLE,
      handler: () =>
        (delivery ??= (async () => {
          const file = opts.handlers === 'bundles' ? functionBundle('deliver-events') : functionEntry('deliver-events', 'worker');
          const module = (await import(pathToFileURL(file).href)) as {
            deliveryHandler: (o: { admitForTests?: ReadonlySet<string> }) => never;
          };
          return module.deliveryHandler(admitForTests ? { admitForTests } : {});
        })()),
      log: opts.log,
    });
    services.unshift({ endpoint: 'stream', stop: () => events.stop() });
    // On-demand workers (import and export jobs) run after the request that started them is answered, each in a
    // process of its own, as the function is apart from the API's in AWS.
    registerLocalWorkers((name, event) => runLocalWorker(name, event, opts.handlers, opts.log));
    // Scenario schedules (issue 36): fired each minute into the run-scenario worker, as EventBridge does in AWS.
    const scheduler = startLocalScheduler({ log: opts.log });
    const stopPurge = schedulePurge(() => load<PurgeHandler>('purge', 'job'), opts.log);
    const stopFollowUps = scheduleJob('notify-follow-ups', () => load<TimedJobHandler>('notify-follow-ups', 'job'), opts.log);
    const stopDigest = scheduleJob('notify-digest', () => load<TimedJobHandler>('notify-digest', 'job'), opts.log);
    // Lets `npm run purge` use these services instead of starting its own on the same data.
    const stateFile = join(dataDir, 'stack.json');
    writeFileSync(stateFile, JSON.stringify({ pid: process.pid, dynamoEndpoint: dynamo.endpoint, s3Endpoint: s3.endpoint }));
    const shownHost = opts.host === '127.0.0.1' || opts.host === '0.0.0.0' ? 'localhost' : opts.host;
    return {
      url: `http://${shownHost}:${opts.port}`,
      notifyFakes,
      mockUrl,
      server,
      stop: async () => {
        stopPurge();
        stopFollowUps();
        stopDigest();
        rmSync(stateFile, { force: true });
        await Promise.all([close(server), close(mockOrigin)]);
        scheduler.stop();
        await settledWorkers();
        registerLocalWorkers(undefined);
        await stopServices();
      },
    };
  } catch (err) {
    await stopServices();
    throw err;
  }
}

export const DEFAULT_DATA_DIR = join(ROOT, '.data');

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });

async function close(server: Server) {
  await new Promise<void>((ok) => server.close(() => ok()));
  server.closeAllConnections();
}

type PurgeHandler = (
  event: unknown,
  context: { awsRequestId: string; getRemainingTimeInMillis(): number },
) => Promise<{
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

type TimedJobHandler = (event: unknown, context: { awsRequestId: string }) => Promise<unknown>;

/**
 * A job EventBridge runs on a schedule in AWS, run here every `localEveryMs` (issue 38: save storms' follow-ups each
 * minute, the notification digest each day).
 */
function scheduleJob(name: 'notify-follow-ups' | 'notify-digest', load: () => Promise<TimedJobHandler>, log: (line: string) => void) {
  const run = async () => {
    try {
      await (
        await load()
      )({}, { awsRequestId: `local-${name}-${Date.now()}` });
    } catch (err) {
      log(`${name} failed: ${(err as Error).message}`);
    }
  };
  const every = setInterval(() => void run(), JOBS[name].localEveryMs);
  every.unref();
  return () => clearInterval(every);
}
