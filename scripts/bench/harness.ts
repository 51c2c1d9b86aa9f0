/**
 * What every benchmark needs: DynamoDB Local (in memory) and s3rver on free ports, a table and bucket, the
 * functions' environment, and the gateway over the source handlers. Numbers are from this one machine and
 * include the emulators' overhead; compare runs with each other, not with AWS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Envelope } from '../../shared/errors';
import { ensureBuckets, ensureTable } from '../local/bootstrap';
import { startDynamo } from '../local/dynamo';
import { freePort } from '../local/free-port';
import { createGateway, type LambdaHandler } from '../local/gateway';
import { createMockOrigin, type MockHandler } from '../local/mock-origin';
import { functionEntry, WEB_OUT } from '../local/paths';
import { configScript, securityHeaders } from '../../shared/deployment';
import { fileServer } from '../local/files';
import { startS3 } from '../local/s3';

export async function startBenchStack() {
  const s3Dir = mkdtempSync(join(tmpdir(), 'apiloom-bench-s3-'));
  const [dynamo, s3] = await Promise.all([
    freePort().then((port) => startDynamo({ port })),
    freePort().then((port) => startS3({ port, dataDir: s3Dir })),
  ]);
  Object.assign(process.env, {
    TABLE_NAME: 'apiloom-bench',
    FILES_BUCKET: 'apiloom-bench-files',
    STAGE: 'test',
    CODE_SENDER: 'outbox',
    LOG_LEVEL: 'silent',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });
  await ensureTable(dynamo.endpoint, 'apiloom-bench');
  await ensureBuckets(s3.endpoint, ['apiloom-bench-files']);
  const mockServer = createMockOrigin(async () => ((await import(pathToFileURL(functionEntry('mock', 'origin')).href)) as { handler: MockHandler }).handler);
  await new Promise<void>((ok) => mockServer.listen(0, '127.0.0.1', ok));
  const mockOrigin = `http://127.0.0.1:${(mockServer.address() as AddressInfo).port}`;
  const server = createGateway({
    webDir: WEB_OUT,
    configScript: configScript({ environment: 'bench', apiBase: '/api', offline: false, mockBase: mockOrigin }),
    securityHeaders: securityHeaders(s3.endpoint, mockOrigin),
    files: fileServer(s3.endpoint, 'apiloom-bench-files'),
    loadHandler: async (service) =>
      ((await import(pathToFileURL(functionEntry(service)).href)) as { handler: LambdaHandler }).handler,
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const base = `${origin}/api`;

  async function call<T>(method: string, path: string, opts: { token?: string; body?: unknown; query?: Record<string, string> } = {}) {
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const res = await fetch(`${base}${path}${qs}`, {
      method,
      headers: { 'content-type': 'application/json', ...(opts.token ? { token: opts.token } : {}) },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const envelope = (await res.json()) as Envelope<T>;
    if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  }

  return {
    origin,
    mockOrigin,
    call,
    stop: async () => {
      server.close();
      mockServer.close();
      mockServer.closeAllConnections();
      await Promise.all([dynamo.stop(), s3.stop()]);
      rmSync(s3Dir, { recursive: true, force: true });
    },
  };
}

export async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

export async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push((await time(fn)).ms);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}
