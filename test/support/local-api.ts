/**
 * An in-process local gateway over the source handlers, and a small client for tests that speaks to it the
 * way the browser does (JSON or form bodies, the token header, Accept-Language).
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '@shared/errors';
import { SERVICES, type ServiceName } from '@shared/routes';
import { securityHeaders } from '@shared/deployment';
import { fileServer } from '../../scripts/local/files';
import { createGateway, type LambdaHandler } from '../../scripts/local/gateway';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';

/** The source of each service's handler; a service missing here is a type error. */
const sources: Record<ServiceName, () => Promise<{ handler: unknown }>> = {
  user: () => import('../../functions/services/user/index'),
  project: () => import('../../functions/services/project/index'),
  document: () => import('../../functions/services/document/index'),
  team: () => import('../../functions/services/team/index'),
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

export function useLocalApi() {
  let base = '';
  const s3Endpoint = process.env.S3_ENDPOINT ?? '';
  const server = createGateway({
    loadHandler: async (s) => (await sources[s]()).handler as LambdaHandler,
    securityHeaders: securityHeaders(s3Endpoint, 'http://127.0.0.1:9'),
    files: fileServer(s3Endpoint, process.env.FILES_BUCKET ?? ''),
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

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

/**
 * Registers a fresh account through the API (code from the outbox) and returns its session. Each sign-up comes
 * from an address of its own, as different people's would, so per-address limits count what a test means them to.
 */
export async function signUp(api: ReturnType<typeof useLocalApi>, nickname = 'Tester') {
  const account = `u${Date.now().toString(36)}${accounts++}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const sent = await api.call('POST', `/common/code/REGISTER/${account}`, { from: newClientAddress() });
  if (sent.code !== 0) throw new Error(`code not sent: ${sent.message}`);
  const res = await api.call<{ token: string; user: { id: string } }>('POST', '/user/register', {
    body: { account, nickname, password: 'Secret123', code: await latestCode(account) },
  });
  if (res.code !== 0) throw new Error(`registration failed: ${res.message}`);
  return { account, token: res.data.token, userId: res.data.user.id };
}
