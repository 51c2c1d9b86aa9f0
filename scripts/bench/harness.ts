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
import { dynamo } from '../../functions/data/dynamo-client';
import { ensureBuckets, ensureTable } from '../local/bootstrap';
import { startDynamo } from '../local/dynamo';
import { freePort } from '../local/free-port';
import { createGateway, type LambdaHandler } from '../local/gateway';
import { createMockOrigin, type MockHandler } from '../local/mock-origin';
import { functionEntry, WEB_OUT } from '../local/paths';
import { configScript, securityHeaders } from '@shared/deployment';
import { fileServer } from '../local/files';
import { routeClient } from '../local/route-client';
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
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    S3_ENDPOINT: s3.endpoint,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // The benches measure the mock server and the sandbox's shares, not the per-project bucket. The bucket reads these
    // when the mock function loads, which is the first group that calls a mock (render's mock preview in a full run):
    // set by the mock group itself, they came too late there, and it measured the bucket's 100 answers a second.
    MOCK_RATE: '1000000',
    MOCK_BURST: '1000000',
  });
  await ensureTable(dynamo.endpoint, 'apiloom-bench');
  await ensureBuckets(s3.endpoint, ['apiloom-bench-files']);
  const mockServer = createMockOrigin(
    async () => ((await import(pathToFileURL(functionEntry('mock', 'origin')).href)) as { handler: MockHandler }).handler,
  );
  await new Promise<void>((ok) => mockServer.listen(0, '127.0.0.1', ok));
  const mockOrigin = `http://127.0.0.1:${(mockServer.address() as AddressInfo).port}`;
  const server = createGateway({
    webDir: WEB_OUT,
    configScript: configScript({ environment: 'bench', apiBase: '/api', offline: false, mockBase: mockOrigin }),
    securityHeaders: securityHeaders(s3.endpoint, mockOrigin),
    files: fileServer(s3.endpoint, 'apiloom-bench-files'),
    loadHandler: async (service) => ((await import(pathToFileURL(functionEntry(service)).href)) as { handler: LambdaHandler }).handler,
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    mockOrigin,
    /** The API by route id (scripts/local/route-client.ts). */
    call: routeClient(`${origin}/api`),
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

/**
 * Counts the DynamoDB requests a function makes and its round trips: requests in flight together count as one
 * round trip (a wave), so parallel reads cost what they cost in latency. The bench runs the handlers in this process.
 */
export async function countRoundTrips(fn: () => Promise<unknown>): Promise<{ requests: number; roundTrips: number }> {
  const client = dynamo();
  const send = client.send.bind(client);
  let requests = 0;
  let roundTrips = 0;
  let inFlight = 0;
  client.send = (async (command: never) => {
    requests++;
    if (inFlight++ === 0) roundTrips++;
    try {
      return await send(command);
    } finally {
      // A request that starts right after another ends (in the same tick) is still the next wave.
      await Promise.resolve();
      inFlight--;
    }
  }) as typeof client.send;
  try {
    await fn();
  } finally {
    client.send = send;
  }
  return { requests, roundTrips };
}

export interface LoadResult {
  /** Answers with `expectStatus`: the throughput and the latencies count only these. */
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers with another status than `expectStatus` (a refusal is not throughput). */
  unexpected: number;
  /** Of those, how many were 429 (refused). */
  refused: number;
}

/**
 * The load generator runs in a worker thread, so it has its own event loop (and core) and does not slow the
 * server it measures, which runs on this thread. Keep-alive connections, `concurrency` requests in flight.
 */
const LOAD_WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, concurrency, durationMs, expectStatus } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const latencies = [];
let unexpected = 0;
let refused = 0;
const until = Date.now() + durationMs;
const one = () => new Promise((resolve) => {
  const started = process.hrtime.bigint();
  const req = http.request(url, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => {
      if (res.statusCode === expectStatus) latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      else unexpected++;
      if (res.statusCode === 429) refused++;
      resolve();
    });
  });
  req.on('error', () => { unexpected++; resolve(); });
  req.end();
});
const loop = async () => { while (Date.now() < until) await one(); };
const started = Date.now();
Promise.all(Array.from({ length: concurrency }, loop)).then(() => {
  agent.destroy();
  parentPort.postMessage({ latencies, unexpected, refused, ms: Date.now() - started });
});
`;

export async function load(
  url: string,
  opts: { concurrency?: number; durationMs?: number; headers?: Record<string, string>; expectStatus?: number } = {},
): Promise<LoadResult> {
  const { Worker } = await import('node:worker_threads');
  const workerData = {
    url,
    headers: opts.headers ?? {},
    concurrency: opts.concurrency ?? 50,
    durationMs: opts.durationMs ?? 5_000,
    expectStatus: opts.expectStatus ?? 200,
  };
  const out = await new Promise<{ latencies: number[]; unexpected: number; refused: number; ms: number }>((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const sorted = out.latencies.sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requests: sorted.length,
    perSecond: (sorted.length / out.ms) * 1000,
    p50: at(0.5),
    p99: at(0.99),
    unexpected: out.unexpected,
    refused: out.refused,
  };
}

export const describeLoad = (r: LoadResult) =>
  `${r.perSecond.toFixed(0)} answers/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.requests} answers${r.unexpected ? `; ${r.unexpected} unexpected, ${r.refused} of them refused` : ''})`;
