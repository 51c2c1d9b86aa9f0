/**
 * The proxy as the tests wire it: the same service the function deploys (functions/services/proxy), built with a
 * resolver the tests control and ONE admitted address, 127.0.0.3, where the tests' target servers listen. Every
 * other loopback address (127.0.0.1, ::1 and all their spellings), every private, link-local and metadata address
 * stays refused, so refusals are proved through it as through the deployed one. No traffic leaves the machine.
 *
 * Host names: `target.proxy.test` resolves to the admitted address; a test sets others in `testDns`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proxyRoutes } from '@shared/routes/proxy';
import type { ProxyGuard } from '../../functions/services/proxy/send';
import { proxyHandlers } from '../../functions/services/proxy/handlers';
import { createService } from '../../functions/runtime/service';

export const TARGET_ADDRESS = '127.0.0.3';
export const TARGET_HOST = 'target.proxy.test';

/** Answers by host name: a list, or a function for answers that change between lookups (rebinding). */
export const testDns = new Map<string, string[] | (() => string[])>([[TARGET_HOST, [TARGET_ADDRESS]]]);

export const testGuard: ProxyGuard = {
  resolve: async (hostname) => {
    const answer = testDns.get(hostname);
    return typeof answer === 'function' ? answer() : (answer ?? []);
  },
  admitForTests: new Set([TARGET_ADDRESS]),
};

export const handler = createService('proxy', proxyRoutes, proxyHandlers(testGuard));

/** What the echo target saw of each request. */
export interface Seen {
  method: string;
  url: string;
  /** In order, as sent. */
  headers: [string, string][];
  body: Buffer;
}

/** A server on the admitted address: `answer` handles a request, or the default echoes it back as JSON. */
export async function startTarget(
  answer?: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
  host = TARGET_ADDRESS,
  port = 0,
): Promise<{ server: Server; port: number; url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: [string, string][] = [];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers, body });
      if (answer) return answer(req, res, body);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ method: req.method, url: req.url, headers, body: body.toString('base64') }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    server,
    port: bound,
    url: `http://${TARGET_HOST}:${bound}`,
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

let echo: Awaited<ReturnType<typeof startTarget>> | undefined;
/** The shared echo target (the route walk's sample sends to it); started with the test API, unref'd. */
export async function startEchoTarget() {
  echo ??= await startTarget();
  echo.server.unref();
  return echo;
}
export function echoTargetUrl(): string {
  if (!echo) throw new Error('the echo target starts with useLocalApi()');
  return echo.url;
}
