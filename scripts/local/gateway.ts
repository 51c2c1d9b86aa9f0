/**
 * The local gateway: plays API Gateway (HTTP API, payload 2.0) and CloudFront on one port. Requests under
 * /api are matched against the route table, turned into the same event API Gateway would send (routeKey,
 * pathParameters, cookies, base64 bodies), and handed to the very handler code that runs in Lambda. /files/ are
 * uploaded files; everything else is the built web app with SPA fallback, like the CloudFront distribution.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { FileServer } from './files';
import { ERRORS, type Envelope, type ErrorKey } from '@shared/errors';
import { httpStatus } from '@shared/http-status';
import { pickLocale, translate } from '@shared/messages';
import { CATCH_ALL_ROUTE_KEY, FALLBACK_SERVICE, routeEntries, routeKey, type ServiceName } from '@shared/routes';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

interface GatewayOptions {
  loadHandler: (service: ServiceName) => Promise<LambdaHandler>;
  /** Built web app (dist/web); when absent only the API is served. */
  webDir?: string;
  /** Body of /config.js, the window-level config override. */
  configScript?: string;
  /** Extra local-only pages (the dev outbox); return true when handled. */
  devRoutes?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean>;
  apiPrefix?: string;
  /** Headers of every page (the CSP names the upload origin, which differs per stack). */
  securityHeaders: Record<string, string>;
  /** Uploaded files under /files/, as CloudFront serves them from the files bucket. */
  files?: FileServer;
  /** The functions' time-out, as the Lambda context tells it (infra: 29 s, API Gateway's integration limit). */
  lambdaTimeoutMs?: number;
}

const MAX_BODY_BYTES = 10 * 1024 * 1024; // API Gateway's payload limit
const LAMBDA_TIMEOUT_MS = 29_000;

/**
 * A refusal of the gateway's own, in the envelope every answer carries and in the caller's language (API Gateway
 * itself answers a bare `{"message"}`: in front of it, CloudFront is where that is for us to shape).
 */
export function gatewayRefusal(req: IncomingMessage, key: ErrorKey, params: Record<string, string | number> = {}) {
  const locale = pickLocale(req.headers['accept-language']);
  const envelope: Envelope = { code: ERRORS[key].code, message: translate(locale, `error.${key}`, params), data: null };
  return { status: httpStatus(key), body: JSON.stringify(envelope) };
}

/** Answers a refusal of the gateway's own (a body past the limit, a handler that failed to answer at all). */
export function refuse(req: IncomingMessage, res: ServerResponse, key: ErrorKey, extraHeaders: Record<string, string> = {}) {
  const tooLarge = key === 'requestTooLarge';
  const { status, body } = gatewayRefusal(req, key, tooLarge ? { mb: MAX_BODY_BYTES / 1024 / 1024 } : {});
  // A client still sending a body past the limit: the connection closes once answered rather than read the rest.
  const headers = { 'content-type': 'application/json; charset=utf-8', ...(tooLarge ? { connection: 'close' } : {}), ...extraHeaders };
  if (!res.headersSent) res.writeHead(status, headers);
  res.end(body);
}

interface Matcher {
  key: string;
  service: ServiceName;
  regex: RegExp;
  names: string[];
  literals: number;
}

const escape = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/** API Gateway prefers the route with the most literal segments; static routes sort first. */
const matchers: Matcher[] = routeEntries
  .map(([, route]) => {
    const names: string[] = [];
    const pattern = route.path
      .split('/')
      .map((segment) =>
        segment.replace(/\{(\w+)\}|[^{}]+/g, (part, name: string | undefined) => {
          if (name) {
            names.push(name);
            return '([^/]+)';
          }
          return escape(part);
        }),
      )
      .join('/');
    return {
      key: routeKey(route),
      service: route.service,
      regex: new RegExp(`^(?:${route.method}) ${pattern}/?$`),
      names,
      literals: route.path.split('/').filter((s) => s && !s.includes('{')).length,
    };
  })
  .sort((a, b) => a.names.length - b.names.length || b.literals - a.literals);

export function matchRoute(method: string, path: string) {
  const probe = `${method} ${path}`;
  for (const m of matchers) {
    const found = m.regex.exec(probe);
    if (found) {
      const pathParameters = Object.fromEntries(m.names.map((n, i) => [n, found[i + 1] ?? '']));
      return { routeKey: m.key, service: m.service, pathParameters };
    }
  }
  return { routeKey: CATCH_ALL_ROUTE_KEY, service: FALLBACK_SERVICE, pathParameters: { proxy: path.replace(/^\//, '') } };
}

const TEXTUAL = /^(application\/(json|x-www-form-urlencoded|xml|javascript)|text\/)/i;

export async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The event API Gateway would send for this request, with the route of the table it matches. */
function toEvent(req: IncomingMessage, url: URL, path: string, body: Buffer) {
  const match = matchRoute((req.method ?? 'GET').toUpperCase(), path);
  return { event: apiGatewayEvent(req, url, path, body, match), service: match.service };
}

/** The event API Gateway sends for a request it routed to `match.routeKey`. */
export function apiGatewayEvent(
  req: IncomingMessage,
  url: URL,
  path: string,
  body: Buffer,
  match: { routeKey: string; pathParameters: Record<string, string> },
) {
  const method = (req.method ?? 'GET').toUpperCase();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = req.headers.cookie
    ?.split(';')
    .map((c) => c.trim())
    .filter(Boolean);
  const query: Record<string, string> = {};
  for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const contentType = req.headers['content-type'] ?? '';
  const textual = !contentType || TEXTUAL.test(contentType);
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: match.routeKey,
    rawPath: path,
    rawQueryString: url.search.replace(/^\?/, ''),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    pathParameters: match.pathParameters,
    ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: req.headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method,
        path,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: req.headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: match.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
  };
  return event;
}

export function lambdaContext(service: string, requestId: string, timeoutMs = LAMBDA_TIMEOUT_MS): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `apiloom-${service}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:apiloom-${service}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/apiloom-${service}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.zip': 'application/zip',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
};

/** A path's decoded form, or undefined when it is not valid percent-encoding (then it names no file). */
function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/**
 * A build's hashed assets never change under their name, so each is read from disk once and then answered from
 * memory, as CloudFront's edge would: a page asks for dozens at once, and on a small machine the gateway's disk
 * round trips held them back behind each other.
 */
const assetCache = new Map<string, Buffer>();

function serveStatic(webDir: string, path: string, res: ServerResponse, securityHeaders: Record<string, string>) {
  const root = resolve(webDir);
  const decoded = decodedPath(path);
  const candidate = decoded === undefined ? undefined : normalize(join(root, decoded));
  const immutable = !!candidate?.startsWith(join(root, 'assets') + sep);
  const headers = (file: string) => ({
    ...securityHeaders,
    'content-type': MIME[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable && file === candidate ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  const cached = immutable ? assetCache.get(candidate!) : undefined;
  if (cached) {
    res.writeHead(200, headers(candidate!)).end(cached);
    return;
  }
  // Anything that is not a file of the build (including a malformed path) gets the app, which shows its 404 page.
  const file = candidate?.startsWith(root) && existsSync(candidate) && statSync(candidate).isFile() ? candidate : join(root, 'index.html');
  if (!existsSync(file)) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('web app not built');
    return;
  }
  if (immutable && file === candidate) {
    const body = readFileSync(file);
    assetCache.set(file, body);
    res.writeHead(200, headers(file)).end(body);
    return;
  }
  res.writeHead(200, headers(file));
  createReadStream(file).pipe(res);
}

export function createGateway(opts: GatewayOptions): Server {
  const prefix = opts.apiPrefix ?? '/api';
  const handlers = new Map<ServiceName, Promise<LambdaHandler>>();
  const handlerOf = (service: ServiceName) => {
    let h = handlers.get(service);
    if (!h) handlers.set(service, (h = opts.loadHandler(service)));
    return h;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
        const body = await readBody(req);
        if (body === null) return refuse(req, res, 'requestTooLarge');
        const path = url.pathname.slice(prefix.length) || '/';
        const { event, service } = toEvent(req, url, path, body);
        const context = lambdaContext(service, event.requestContext.requestId, opts.lambdaTimeoutMs);
        const result = await (await handlerOf(service))(event, context);
        const headers: Record<string, string | string[]> = { ...(result.headers as Record<string, string>) };
        if (result.cookies?.length) headers['set-cookie'] = result.cookies;
        res.writeHead(result.statusCode ?? 200, headers);
        res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
        return;
      }
      if (opts.devRoutes && (await opts.devRoutes(req, res, url))) return;
      if (url.pathname === '/config.js' && opts.configScript !== undefined) {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }).end(opts.configScript);
        return;
      }
      if (opts.files && (await opts.files((req.method ?? 'GET').toUpperCase(), url.pathname, res))) return;
      if (opts.webDir) return serveStatic(opts.webDir, url.pathname, res, opts.securityHeaders);
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    })().catch((err: unknown) => {
      process.stderr.write(`gateway error: ${(err as Error).stack ?? String(err)}\n`);
      refuse(req, res, 'system');
    });
  });
  // Node closes an idle kept-alive connection after 5 s, and a client that reuses it at that moment reads
  // ECONNRESET (an e2e test's API calls, then a few seconds in the browser, then its next call). Like the load
  // balancers in front of Lambda, the gateway keeps idle connections for a minute; headers must wait longer still.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
