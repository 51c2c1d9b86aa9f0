/**
 * An in-process local gateway over the source handlers, and THE client integration tests call the API with: by
 * route id, the way the browser does (JSON or form bodies, the token header), so a renamed or removed route fails
 * the type check, not a test at run time.
 *
 *   const api = useLocalApi();
 *   const res = await api.call('project.create', { body: { name: 'Shop' }, token });
 *   const doc = await api.call('document.get', { params: { id }, token, headers: { 'accept-language': 'en' } });
 *   expect(res.code).toBe(0); expect(res.status).toBe(200); res.data; // the whole envelope and the HTTP status
 *
 * A call takes the route's own request (`params` by name, `query`, `body`: shared/routes `RouteRequest`, typed by
 * the route's zod input) and the caller's options (`token`, `headers`, `from`: another client's loopback address).
 * The path comes from the route table (`buildPath`, which encodes each parameter), the method too, and a route that
 * takes a form (POST /login) gets its body as a form. The answer is the whole envelope `{code, message, data}`
 * with `status` and `headers`, refusals included; `data` is typed as the route's success.
 *
 * `callAny(id, request)` is the same call for an id held in a variable over several routes (a walk over the
 * table, a helper that adds the caller); its request is typed where it is made. A helper of a test file:
 *
 *   const call = <Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>) =>
 *     api.callAny(id, { token: user.token, ...request }) as Promise<ApiResponse<RouteResponse<Id>>>;
 *
 * A request that is wrong on purpose (a field of the wrong type, to see it refused) says so with `invalid(value)`.
 * `rawCall(method, path, opts)` is the ONE escape hatch for what is not a route of the table: hostile paths, 404s,
 * hand-made bodies (a raw string, a wrong content type). test/lint/api-paths.test.ts fails when cli/ or
 * test/integration/ writes an API path by hand anywhere else.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Envelope } from '@shared/errors';
import { buildPath, routes, SERVICES, type RouteDef, type RouteId, type RouteRequest, type RouteResponse } from '@shared/routes';
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
import { runLocalWorker, settledWorkers, type WorkerPlacement } from '../../scripts/local/workers';
import { startEchoTarget } from './proxy-target';

/** Each service's handler from its source (scripts/local/service-sources.ts), but the proxy's and the channels'. */
const sources: ServiceSources = {
  ...serviceSources,
  // The proxy with a resolver the tests control and one admitted loopback address for their targets (proxy-target.ts).
  proxy: () => import('./proxy-target'),
  // Channels with the fake notification providers' address admitted, as the local stack wires them (channels-service.ts).
  channels: () => import('./channels-service'),
};

/** Who calls, beside what the route takes: a session, headers, another client's address. */
export interface CallerOptions {
  token?: string;
  headers?: Record<string, string>;
  /** Connect from this loopback address (127.0.0.x): another client, as the gateway sees the socket. */
  from?: string;
}

/** A request whose parts that may be empty (a query of optional fields) may be left out. */
type Relaxed<R> = { [K in keyof R as Record<string, never> extends R[K] ? K : never]?: R[K] } & {
  [K in keyof R as Record<string, never> extends R[K] ? never : K]: R[K];
};

/** A call of a route by id: its request (params, query, body) and the caller. */
export type RouteCall<Id extends RouteId> = Relaxed<RouteRequest<Id>> & CallerOptions;

/** A route's request as a walk over the table holds it: any route's. */
export interface LooseRequest extends CallerOptions {
  params?: Readonly<Record<string, string | number>>;
  query?: Record<string, string>;
  body?: unknown;
}

/** What `call` takes after a route's id: its request, which may be left out when the route needs nothing. */
export type RouteArgs<Id extends RouteId> =
  Record<string, never> extends Relaxed<RouteRequest<Id>> ? [request?: RouteCall<Id>] : [request: RouteCall<Id>];

/** A hand-made request for `rawCall`: a body as given (a string is sent as it is) or a form. */
export interface RawCallOptions extends CallerOptions {
  body?: unknown;
  form?: Record<string, string>;
  query?: Record<string, string>;
}

/** The per-field messages of an invalid-input refusal (`data.fields`), whatever the route answers on success. */
export const refusedFields = (res: { data: unknown }) => (res.data as { fields: Record<string, string> }).fields;

/** A value sent wrong on purpose (a field of another type, to see it refused): the type check lets it through. */
export const invalid = (value: unknown): never => value as never;

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

export interface ApiResponse<T = unknown> extends Envelope<T> {
  status: number;
  headers: Headers;
}

/**
 * `sources`: a service's handler other than the tests' usual one (the deployed proxy, say); `lambdaTimeoutMs`: the
 * functions' time-out as their Lambda context tells it (a short one to see what a request past it answers);
 * `workers`: where workers run, in this process (the default: a test can plant faults in their clients) or each in
 * a process of its own, as the local stack runs them (scripts/local/workers.ts).
 */
export function useLocalApi(opts: { sources?: Partial<typeof sources>; lambdaTimeoutMs?: number; workers?: WorkerPlacement } = {}) {
  let base = '';
  const s3Endpoint = process.env.S3_ENDPOINT ?? '';
  const server = createGateway({
    ...(opts.lambdaTimeoutMs ? { lambdaTimeoutMs: opts.lambdaTimeoutMs } : {}),
    loadHandler: async (s) => (await (opts.sources?.[s] ?? sources[s])()).handler as LambdaHandler,
    securityHeaders: securityHeaders(s3Endpoint, 'http://127.0.0.1:9'),
    files: fileServer(s3Endpoint, process.env.FILES_BUCKET ?? ''),
  });
  beforeAll(async () => {
    // Workers (import and export jobs) run after the request that started them is answered, as locally.
    registerLocalWorkers((name, event) => runLocalWorker(name, event, 'source', console.error, opts.workers ?? 'inProcess'));
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

  /**
   * The escape hatch: a method and a path written by hand, for what is NOT a route of the table (hostile input,
   * unknown paths) or a request the typed call cannot make. Everything else goes through `call`.
   */
  async function rawCall<T = unknown>(method: string, path: string, opts: RawCallOptions = {}): Promise<ApiResponse<T>> {
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

  /** A route of the table by id: its method and path from the table, its request typed by its schemas. */
  function call<Id extends RouteId>(id: Id, ...[request]: RouteArgs<Id>): Promise<ApiResponse<RouteResponse<Id>>> {
    return callAny(id, request) as Promise<ApiResponse<RouteResponse<Id>>>;
  }

  /**
   * A route whose id is a variable over several: a walk over the table (the access walk, whose samples are typed
   * per route in test/support/samples.ts), or a test's helper that adds the caller to a typed request of its own.
   */
  function callAny(id: RouteId, request: LooseRequest = {}): Promise<ApiResponse> {
    const route: RouteDef = routes[id];
    const { params, query, body, ...caller } = request;
    const form = route.bodyType === 'form' && body !== undefined ? { form: body as Record<string, string> } : { body };
    return rawCall(route.method, buildPath(route, params), { ...caller, ...(query ? { query } : {}), ...form });
  }

  return { call, callAny, rawCall, url: () => base, services: SERVICES };
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
