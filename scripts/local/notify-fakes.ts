/**
 * Fake notification providers on 127.0.0.1 (issue 38), started by `npm start`: a DingTalk robot, a Feishu bot, a
 * WeCom group robot, a Slack incoming webhook and a generic webhook receiver, each checking the signature exactly
 * as its provider documents it and answering as the provider answers (the Chinese robots with HTTP 200 and an
 * error code when the signature is wrong). What they received is listed at GET /messages (JSON) and GET / (a
 * page), like the code outbox.
 *
 * Each fake's secret is fixed (FAKE_SECRETS): a channel configured with it verifies, one with another does not.
 * A path with `/fail` answers 500 (a provider that is down), one with `/redirect` redirects to a loopback address
 * the guard must refuse.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_SECRETS = {
  dingtalk: 'SEC-local-dingtalk-secret',
  feishu: 'local-feishu-secret',
  webhook: 'local-webhook-secret',
} as const;

/** The generic webhook's replay window, as the README documents it for receivers. */
const REPLAY_WINDOW_SECONDS = 300;
/** DingTalk and Feishu refuse a timestamp more than an hour off. */
const PROVIDER_WINDOW_MS = 3_600_000;

export type FakeProvider = 'dingtalk' | 'feishu' | 'wecom' | 'slack' | 'webhook';

export interface ReceivedMessage {
  provider: FakeProvider;
  at: string;
  path: string;
  verified: boolean;
  body: unknown;
  headers: Record<string, string>;
}

export interface NotifyFakes {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The exact addresses the delivery handler is to admit (the guard's test-only parameter). */
  addresses: ReadonlySet<string>;
  /** Addresses of each provider's fake, to configure channels with. */
  urls: Record<FakeProvider, string>;
  received: ReceivedMessage[];
  stop(): Promise<void>;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const hmacBase64 = (key: string, message: string) => createHmac('sha256', key).update(message, 'utf8').digest('base64');

function verifyDingtalk(url: URL, now: number): boolean {
  const timestamp = url.searchParams.get('timestamp') ?? '';
  const sign = url.searchParams.get('sign') ?? '';
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp)) > PROVIDER_WINDOW_MS) return false;
  // searchParams has decoded the urlencoding the sender applied.
  return same(sign, hmacBase64(FAKE_SECRETS.dingtalk, `${timestamp}\n${FAKE_SECRETS.dingtalk}`));
}

function verifyFeishu(body: { timestamp?: string; sign?: string }, now: number): boolean {
  const { timestamp = '', sign = '' } = body;
  if (!/^\d+$/.test(timestamp) || Math.abs(now - Number(timestamp) * 1000) > PROVIDER_WINDOW_MS) return false;
  return same(sign, createHmac('sha256', `${timestamp}\n${FAKE_SECRETS.feishu}`).update('').digest('base64'));
}

function verifyWebhook(headers: IncomingMessage['headers'], raw: string, now: number): boolean {
  const timestamp = String(headers['x-apiloom-timestamp'] ?? '');
  const signature = String(headers['x-apiloom-signature'] ?? '');
  if (!/^\d+$/.test(timestamp) || Math.abs(now / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS) return false;
  const expected = `sha256=${createHmac('sha256', FAKE_SECRETS.webhook).update(`${timestamp}.${raw}`, 'utf8').digest('hex')}`;
  return same(signature, expected);
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startNotifyFakes(opts: { now?: () => number } = {}): Promise<NotifyFakes> {
  const now = opts.now ?? Date.now;
  const received: ReceivedMessage[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/messages') return answer(res, 200, received);
      if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const rows = received
          .map(
            (m) =>
              `<li><b>${m.provider}</b> ${m.at} ${m.verified ? '✔ signature verified' : '✘ signature refused'}<pre>${escapeHtml(JSON.stringify(m.body, null, 2))}</pre></li>`,
          )
          .reverse()
          .join('');
        return res.end(`<!doctype html><title>Notification fakes</title><h1>Messages received</h1><ol>${rows}</ol>`);
      }
      const provider = url.pathname.split('/')[1] as FakeProvider;
      if (req.method !== 'POST' || !['dingtalk', 'feishu', 'wecom', 'slack', 'webhook'].includes(provider))
        return answer(res, 404, 'not found');
      const raw = await readBody(req);
      if (url.pathname.includes('/redirect')) {
        res.writeHead(302, { location: 'http://127.0.0.2:9/internal' });
        return res.end();
      }
      if (url.pathname.includes('/fail')) return answer(res, 500, 'provider down');
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(res, 400, 'not json');
      }
      const t = now();
      const verified =
        provider === 'dingtalk'
          ? verifyDingtalk(url, t)
          : provider === 'feishu'
            ? verifyFeishu(body as { timestamp?: string; sign?: string }, t)
            : provider === 'webhook'
              ? verifyWebhook(req.headers, raw, t)
              : true; // WeCom and Slack: the address is the secret
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ provider, at: new Date(t).toISOString(), path: url.pathname, verified, body, headers });
      switch (provider) {
        case 'dingtalk':
          return answer(res, 200, verified ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' });
        case 'feishu':
          return answer(
            res,
            200,
            verified
              ? { code: 0, msg: 'success', data: {} }
              : { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' },
          );
        case 'wecom':
          return answer(res, 200, { errcode: 0, errmsg: 'ok' });
        case 'slack':
          return answer(res, 200, 'ok');
        case 'webhook':
          return verified ? answer(res, 200, { ok: true }) : answer(res, 401, 'bad signature');
      }
    })().catch(() => answer(res, 500, 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    addresses: new Set(['127.0.0.1']),
    urls: {
      dingtalk: `${url}/dingtalk/robot/send?access_token=local`,
      feishu: `${url}/feishu/open-apis/bot/v2/hook/local`,
      wecom: `${url}/wecom/cgi-bin/webhook/send?key=local`,
      slack: `${url}/slack/services/T000/B000/local`,
      webhook: `${url}/webhook/apiloom`,
    },
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * /__dev/notify: where the fakes listen and what they received, served by the local gateway beside the code
 * outbox (a page for people, `/__dev/notify.json` for tests): a channel is pointed at `urls[provider]`.
 */
export const notifyFakesRoutes =
  (fakes: NotifyFakes) =>
  async (_req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname === '/__dev/notify.json') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ url: fakes.url, urls: fakes.urls, received: fakes.received }));
      return true;
    }
    if (url.pathname !== '/__dev/notify') return false;
    res.writeHead(302, { location: `${fakes.url}/`, 'cache-control': 'no-store' });
    res.end();
    return true;
  };
