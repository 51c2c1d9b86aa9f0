/**
 * An in-process local gateway over the source handlers, and a small client for tests that speaks to it the
 * way the browser does (JSON or form bodies, the token header, Accept-Language).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '@shared/errors';
import { SERVICES } from '@shared/routes';
import { securityHeaders } from '@shared/deployment';
import { fileServer } from '../../scripts/local/files';
import { createGateway, type LambdaHandler } from '../../scripts/local/gateway';
import { serviceSources, type ServiceSources } from '../../scripts/local/service-sources';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { hashPassword } from '../../functions/domain/passwords';
import { createSession } from '../../functions/domain/sessions';
import { createUser } from '../../functions/domain/users';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { runLocalWorker, settledWorkers } from '../../scripts/local/workers';
import { startEchoTarget } from './proxy-target';

/** Each service's handler from its source (scripts/local/service-sources.ts), but the proxy's. */
const sources: ServiceSources = {
  ...serviceSources,
  // The proxy with a resolver the tests control and one admitted loopback address for their targets (proxy-target.ts).
  proxy: () => import('./proxy-target'),
};

interface CallOptions {
  body?: unknown;
  form?: Record<string, string>;
  token?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Connect from this loopback address (127.0.0.x): another client, as the gateway sees the socket. */
  from?: string;
}

/** A plain HTTP request from a chosen local address; fetch cannot choose one. */
function requestFrom(from: string, url: string, init: { method: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

let clients = 0;
/** A loopback address no other test client of this run has used. */
export const newClientAddress = () => {
  clients++;
  return `127.0.${2 + Math.floor(clients / 250)}.${1 + (clients % 250)}`;
};

interface ApiResponse<T = unknown> extends Envelope<T> {
  status: number;
  headers: Headers;
}

/**
 * `sources`: a service's handler other than the tests' usual one (the deployed proxy, say); `lambdaTimeoutMs`: the
 * functions' time-out as their Lambda context tells it (a short one to see what a request past it answers).
 */
export function useLocalApi(opts: { sources?: Partial<typeof sources>; lambdaTimeoutMs?: number } = {}) {
  let base = '';
  const s3Endpoint = process.env.S3_ENDPOINT ?? '';
  const server = createGateway({
    ...(opts.lambdaTimeoutMs ? { lambdaTimeoutMs: opts.lambdaTimeoutMs } : {}),
    loadHandler: async (s) => (await (opts.sources?.[s] ?? sources[s])()).handler as LambdaHandler,
    securityHeaders: securityHeaders(s3Endpoint, 'http://127.0.0.1:9'),
    files: fileServer(s3Endpoint, process.env.FILES_BUCKET ?? ''),
  });
  beforeAll(async () => {
    // Workers (the import job) run in this process after the request that started them is answered, as locally.
    registerLocalWorkers((name, event) => runLocalWorker(name, event, 'source'));
    await startEchoTarget();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    // Runs still going would write to a table the next file may not have.
    await settledWorkers();
    registerLocalWorkers(undefined);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function call<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    let body: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    if (opts.token) headers.token = opts.token;
    const qs = opts.query ? `?${new URLSearchParams(opts.query)}` : '';
    const url = `${base}/api${path}${qs}`;
    const res = opts.from
      ? await requestFrom(opts.from, url, { method, headers, ...(body !== undefined ? { body } : {}) })
      : await fetch(url, { method, headers, body }).then(async (r) => ({ status: r.status, headers: r.headers, text: await r.text() }));
    const text = res.text;
    let envelope: Envelope<T>;
    // A route answering a text of its own (a share's llms.txt and markdown): its success is the text itself.
    if (res.status === 200 && /^text\//.test(res.headers.get('content-type') ?? '')) {
      return { code: 0, message: 'ok', data: text as T, status: res.status, headers: res.headers };
    }
    try {
      envelope = JSON.parse(text) as Envelope<T>;
    } catch {
      envelope = { code: Number.NaN, message: text, data: null as T };
    }
    return { ...envelope, status: res.status, headers: res.headers };
  }

  return { call, url: () => base, services: SERVICES };
}

/** The newest code the local outbox holds for a target. */
export async function latestCode(target: string): Promise<string> {
  const entries = await queryAll<{ target: string; code?: string }>(keys.outbox());
  const entry = entries.find((e) => e.target === target && e.code);
  if (!entry) throw new Error(`no code in the outbox for ${target}`);
  return entry.code!;
}

let accounts = 0;
let secretHash: Promise<string> | undefined;

/**
 * A fresh account with the password Secret123 and a session, for tests whose subject is not registration: the
 * records registration writes, made through the domain layer as the access fixture makes its people, with one
 * scrypt hash per test file instead of one per person (128 MiB and a third of a second of CPU each, seconds on a
 * busy machine). Registration itself is tested through the API in accounts.test.ts and sessions.test.ts; signing
 * in with the password runs the real check.
 */
export async function signUp(nickname = 'Tester') {
  const account = `u${Date.now().toString(36)}${accounts++}${Math.random().toString(36).slice(2, 6)}@example.com`;
  secretHash ??= hashPassword('Secret123');
  const user = await createUser({ account, nickname, passwordHash: await secretHash });
  const { token } = await createSession(user.id);
  return { account, token, userId: user.id };
}
