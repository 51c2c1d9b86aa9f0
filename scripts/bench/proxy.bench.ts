/**
 * Issue 24's proxy figure: the latency the proxy adds to a request, p50, against a direct request from the bench to
 * the same loopback target. The proxy is the deployed service's code (functions/services/proxy) built with the
 * bench's own resolver, which admits the target's loopback address: its Lambda handler is invoked in process with
 * the API Gateway event a call makes, so the figure holds what the function does (the session read and the
 * per-user count in DynamoDB Local, validation, the guard's checks, its own connection) and not the gateway's HTTP.
 * Both sides open a new connection per request, as the proxy must (each send has an agent of its own).
 */
import { request as httpRequest, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { PROXY_SENDS_PER_USER } from '@shared/constants';
import { proxyRoutes } from '@shared/routes/proxy';
import type { RunRequest } from '@shared/schemas/runner';
import { createService } from '../../functions/runtime/service';
import { proxyHandlers } from '../../functions/services/proxy/handlers';
import { sendRun } from '../../functions/services/proxy/send';
import { findSession } from '../../functions/domain/sessions';
import { consume } from '../../functions/domain/throttles';
import { lambdaContext, type LambdaHandler } from '../local/gateway';
import { registerBenchUser } from './users';

const BODY = JSON.stringify({ id: 1, name: 'Ada', email: 'ada@example.com', roles: ['admin', 'dev'] });
const RUNS = 200;

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A GET on a new connection, timed to the end of the body. */
function direct(url: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    httpRequest(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    })
      .on('error', reject)
      .end();
  });
}

export async function benchProxy() {
  const target = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(BODY);
  });
  await new Promise<void>((ok) => target.listen(0, '127.0.0.1', ok));
  const port = (target.address() as AddressInfo).port;
  const guard = { resolve: async () => ['127.0.0.1'], admitForTests: new Set(['127.0.0.1']) };
  const handler = createService('proxy', proxyRoutes, proxyHandlers(guard)) as unknown as LambdaHandler;
  // Enough people that none meets the per-user limit.
  const people = await Promise.all(
    Array.from({ length: Math.ceil((RUNS + 40) / (PROXY_SENDS_PER_USER.limit - 5)) }, () => registerBenchUser('Proxy bench')),
  );
  const run: RunRequest = { method: 'GET', url: `http://bench-target.test:${port}/item`, headers: [], body: { kind: 'none' } };
  let sent = 0;
  const viaProxy = async () => {
    const token = people[Math.floor(sent++ / (PROXY_SENDS_PER_USER.limit - 5))]!.token;
    const requestId = randomUUID();
    const event = {
      version: '2.0',
      routeKey: 'POST /proxy/send',
      rawPath: '/proxy/send',
      rawQueryString: '',
      headers: { token, 'content-type': 'application/json', 'accept-language': 'en' },
      body: JSON.stringify(run),
      isBase64Encoded: false,
      requestContext: { requestId, http: { method: 'POST', path: '/proxy/send', sourceIp: '127.0.0.1', userAgent: 'bench' } },
    } as unknown as APIGatewayProxyEventV2;
    const started = performance.now();
    const result = await handler(event, lambdaContext('proxy', requestId));
    const ms = performance.now() - started;
    const envelope = JSON.parse(result.body ?? '') as { code: number; message: string };
    if (envelope.code !== 0) throw new Error(`proxy bench: ${envelope.message}`);
    return ms;
  };
  try {
    for (let i = 0; i < 20; i++) {
      await direct(`http://127.0.0.1:${port}/item`);
      await viaProxy();
    }
    const directMs: number[] = [];
    const proxyMs: number[] = [];
    const sendMs: number[] = [];
    const tableMs: number[] = [];
    const timed = async (fn: () => Promise<unknown>) => {
      const started = performance.now();
      await fn();
      return performance.now() - started;
    };
    // Interleaved, so drift on a shared machine falls on both alike.
    for (let i = 0; i < RUNS; i++) {
      directMs.push(await direct(`http://127.0.0.1:${port}/item`));
      proxyMs.push(await viaProxy());
      // The two parts of it: the send itself (guard, request, answer as RunResponse) and the table's part (the
      // session read every signed-in call makes, and the per-user count).
      sendMs.push(await timed(() => sendRun(run, [], guard)));
      tableMs.push(await timed(async () => consume(['proxySend', (await findSession(people[0]!.token))!.userId + String(i)])));
    }
    const [d, p, s, t] = [p50(directMs), p50(proxyMs), p50(sendMs), p50(tableMs)];
    return {
      [`proxy: direct GET from the bench, new connection (p50 of ${RUNS})`]: `${d.toFixed(2)} ms`,
      [`proxy: the same GET through the proxy's handler (p50 of ${RUNS})`]: `${p.toFixed(2)} ms`,
      'proxy: added by the handler at p50 (target <= 5 ms)': `${(p - d).toFixed(2)} ms`,
      'proxy: added by the send alone (guard, request, RunResponse) at p50': `${(s - d).toFixed(2)} ms`,
      'proxy: the session read and per-user count in DynamoDB Local, p50': `${t.toFixed(2)} ms`,
    };
  } finally {
    target.close();
  }
}
