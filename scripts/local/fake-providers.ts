/**
 * Fake third-party providers on 127.0.0.1 (issue 25), so the local stack offers every provider kind with no
 * account anywhere, and the tests drive whole sign-ins:
 * - GitHub and Gitee (OAuth 2): one oauth2-mock-server each, taught GitHub's answers (no id_token, a `/user`
 *   profile), with codes good once;
 * - WeChat's website QR login and Weibo: a small server of our own speaking their quirks (errors as HTTP 200
 *   with `errcode` / `error_code`, WeChat's `#wechat_redirect`, Weibo's form POST for the token).
 * The authorisation step answers at once (no consent screen). Who signs in is the `login` parameter of the
 * authorisation address (GitHub has one of that name), `octocat` by default; `login=__deny__` answers as a
 * person who refused. `config` is what THIRD_PARTY_PROVIDERS takes.
 *
 * Codes live CODE_LIFE_MS and are good once, and a code past its life or used again is refused as each real
 * provider refuses it: GitHub with HTTP 200 and `error=bad_verification_code`, Gitee (plain OAuth 2) with 400
 * `invalid_grant`, WeChat with errcode 40029 (invalid or expired) or 40163 (already used), Weibo with error_code
 * 21325. The clock is injectable (`now`), so a test can age a code without waiting.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';

export const FAKE_CLIENT = { clientId: 'apiloom-local', clientSecret: 'local-secret' };
const DEFAULT_LOGIN = 'octocat';
const DENY = '__deny__';
/** How long an authorisation code lives: 10 minutes at GitHub and WeChat; we give Weibo and Gitee the same. */
export const CODE_LIFE_MS = 10 * 60_000;

interface FakeOptions {
  host?: string;
  /** The fakes' clock, in epoch milliseconds. */
  now?: () => number;
}
type Clock = () => number;

/** A stable numeric id for a login, as providers give. */
const idOf = (login: string) => Number.parseInt(createHash('sha256').update(login).digest('hex').slice(0, 10), 16);

function send(res: ServerResponse, body: unknown, status = 200, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(JSON.stringify(body));
}

const readForm = (req: IncomingMessage) =>
  new Promise<URLSearchParams>((resolve) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(new URLSearchParams(text)));
  });

const listenOn = (server: Server, host: string) =>
  new Promise<string>((resolve) => server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`)));

const closeServer = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

interface Issued {
  login: string;
  redirectUri: string;
  issuedAt: number;
  used: boolean;
}

/** GitHub answers every token error with HTTP 200 and an `error`; Gitee, like plain OAuth 2, with HTTP 400. */
async function fakeOAuth2(host: string, flavour: 'github' | 'gitee', now: Clock) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const codes = new Map<string, Issued>();
  const tokens = new Map<string, string>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage & { query: Record<string, string> }) => {
    const login = typeof req.query.login === 'string' && req.query.login ? req.query.login : DEFAULT_LOGIN;
    if (login === DENY) {
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
      return;
    }
    const code = redirect.url.searchParams.get('code')!;
    codes.set(code, { login, redirectUri: req.query.redirect_uri ?? '', issuedAt: now(), used: false });
  });
  server.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage & { body: Record<string, string> }) => {
      // The code is live and now spent (the token endpoint in front checked it); the redirect must be the same.
      const issued = codes.get(req.body.code ?? '');
      if (!issued || issued.redirectUri !== req.body.redirect_uri) {
        if (flavour === 'github') {
          response.statusCode = 200;
          response.body = { error: 'redirect_uri_mismatch', error_description: 'The redirect_uri MUST match the registered callback URL.' };
        } else {
          response.statusCode = 400;
          response.body = { error: 'invalid_grant', error_description: 'The redirect_uri does not match' };
        }
        return;
      }
      // GitHub is not OpenID Connect: an access token and nothing else.
      delete response.body.id_token;
      delete response.body.refresh_token;
      tokens.set(response.body.access_token as string, issued.login);
    },
  );
  server.service.on('beforeUserinfo', (response: { body: unknown; statusCode: number }, req: IncomingMessage) => {
    const token = req.headers.authorization?.replace(/^Bearer /i, '') ?? '';
    const login = tokens.get(token);
    if (!login) {
      response.statusCode = 401;
      response.body = { message: 'Bad credentials' };
      return;
    }
    response.body = { id: idOf(login), login, name: `${login} (fake)`, avatar_url: null };
  });
  await server.start(0, host);
  const base = server.issuer.url!;
  // The token endpoint, in front of the mock's: the mock checks PKCE before any hook runs and so answers a spent
  // code with an `invalid_request` of its own, where the real providers answer as below.
  const front = createServer((req, res) => {
    void (async () => {
      const form = await readForm(req);
      const issued = codes.get(form.get('code') ?? '');
      if (form.get('grant_type') !== 'authorization_code' || !issued || issued.used || now() - issued.issuedAt > CODE_LIFE_MS) {
        if (flavour === 'github')
          return send(res, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
        return send(res, { error: 'invalid_grant', error_description: 'The code is unknown, expired or used' }, 400);
      }
      issued.used = true;
      const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
      if (req.headers.authorization) headers.authorization = req.headers.authorization;
      const answer = await fetch(`${base}/token`, { method: 'POST', headers, body: form });
      res.writeHead(answer.status, {
        'content-type': answer.headers.get('content-type') ?? 'application/json',
        'cache-control': 'no-store',
      });
      res.end(await answer.text());
    })();
  });
  const frontUrl = await listenOn(front, host);
  return {
    endpoints: { authorize: `${base}/authorize`, token: `${frontUrl}/token`, user: `${base}/userinfo` },
    stop: async () => {
      await Promise.all([server.stop(), closeServer(front)]);
    },
  };
}

/** WeChat and Weibo, on one server of our own. */
async function fakeQuirks(host: string, now: Clock) {
  const codes = new Map<string, { login: string; provider: 'wechat' | 'weibo'; issuedAt: number; used: boolean }>();
  const tokens = new Map<string, string>();
  const authorize = (provider: 'wechat' | 'weibo', q: URLSearchParams, res: ServerResponse) => {
    const clientId = q.get(provider === 'wechat' ? 'appid' : 'client_id');
    const redirect = q.get('redirect_uri');
    if (clientId !== FAKE_CLIENT.clientId || !redirect) {
      send(
        res,
        provider === 'wechat'
          ? { errcode: 10016, errmsg: 'appid or redirect_uri invalid' }
          : { error: 'invalid_client', error_code: 21324 },
      );
      return;
    }
    const url = new URL(redirect);
    const login = q.get('login') || DEFAULT_LOGIN;
    if (login === DENY) {
      // WeChat sends the person back without a code when they refuse.
      if (provider === 'weibo') url.searchParams.set('error', 'access_denied');
    } else {
      const code = randomUUID();
      codes.set(code, { login, provider, issuedAt: now(), used: false });
      url.searchParams.set('code', code);
    }
    if (q.get('state')) url.searchParams.set('state', q.get('state')!);
    res.writeHead(302, { location: url.href });
    res.end();
  };
  /** The code exchanged for a token, or why not: unknown (or expired), or used already. */
  const spendCode = (provider: 'wechat' | 'weibo', code: string | null) => {
    const issued = code ? codes.get(code) : undefined;
    if (!issued || issued.provider !== provider || now() - issued.issuedAt > CODE_LIFE_MS) return 'invalid' as const;
    if (issued.used) return 'used' as const;
    issued.used = true;
    const token = randomUUID();
    tokens.set(token, issued.login);
    return { token, login: issued.login };
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const q = url.searchParams;
      switch (`${req.method} ${url.pathname}`) {
        case 'GET /wechat/connect/qrconnect':
          return authorize('wechat', q, res);
        case 'GET /wechat/sns/oauth2/access_token': {
          if (q.get('appid') !== FAKE_CLIENT.clientId || q.get('secret') !== FAKE_CLIENT.clientSecret) {
            return send(res, { errcode: 40125, errmsg: 'invalid appsecret' }, 200, 'text/plain');
          }
          const spent = spendCode('wechat', q.get('code'));
          if (spent === 'invalid') return send(res, { errcode: 40029, errmsg: 'invalid code' }, 200, 'text/plain');
          if (spent === 'used') return send(res, { errcode: 40163, errmsg: 'code been used' }, 200, 'text/plain');
          return send(
            res,
            {
              access_token: spent.token,
              expires_in: 7200,
              refresh_token: randomUUID(),
              openid: `o-${idOf(spent.login)}`,
              scope: 'snsapi_login',
              unionid: `u-${idOf(spent.login)}`,
            },
            200,
            'text/plain',
          );
        }
        case 'GET /wechat/sns/userinfo': {
          const login = tokens.get(q.get('access_token') ?? '');
          if (!login) return send(res, { errcode: 40001, errmsg: 'invalid credential, access_token is invalid' }, 200, 'text/plain');
          return send(
            res,
            { openid: `o-${idOf(login)}`, nickname: `${login} (fake WeChat)`, headimgurl: '', unionid: `u-${idOf(login)}` },
            200,
            'text/plain',
          );
        }
        case 'GET /weibo/oauth2/authorize':
          return authorize('weibo', q, res);
        case 'POST /weibo/oauth2/access_token': {
          const form = await readForm(req);
          if (form.get('client_id') !== FAKE_CLIENT.clientId || form.get('client_secret') !== FAKE_CLIENT.clientSecret) {
            return send(res, { error: 'invalid_client', error_code: 21324, request: '/oauth2/access_token' });
          }
          const spent = spendCode('weibo', form.get('code'));
          if (typeof spent === 'string') return send(res, { error: 'invalid_grant', error_code: 21325, request: '/oauth2/access_token' });
          return send(res, { access_token: spent.token, expires_in: 157679999, uid: String(idOf(spent.login)) });
        }
        case 'GET /weibo/2/users/show.json': {
          const login = tokens.get(q.get('access_token') ?? '');
          if (!login || q.get('uid') !== String(idOf(login))) return send(res, { error: 'invalid_access_token', error_code: 21332 });
          return send(res, { id: idOf(login), idstr: String(idOf(login)), screen_name: `${login} (fake Weibo)`, avatar_large: '' });
        }
        default:
          return send(res, { error: 'not found' }, 404);
      }
    })();
  });
  const base = await listenOn(server, host);
  return {
    wechat: {
      authorize: `${base}/wechat/connect/qrconnect`,
      token: `${base}/wechat/sns/oauth2/access_token`,
      user: `${base}/wechat/sns/userinfo`,
    },
    weibo: {
      authorize: `${base}/weibo/oauth2/authorize`,
      token: `${base}/weibo/oauth2/access_token`,
      user: `${base}/weibo/2/users/show.json`,
    },
    stop: () => closeServer(server),
  };
}

export interface FakeProviders {
  /** The value for THIRD_PARTY_PROVIDERS: every provider, pointed at its fake. */
  config: string;
  stop(): Promise<void>;
}

export async function startFakeProviders({ host = '127.0.0.1', now = Date.now }: FakeOptions = {}): Promise<FakeProviders> {
  const [github, gitee, quirks] = await Promise.all([
    fakeOAuth2(host, 'github', now),
    fakeOAuth2(host, 'gitee', now),
    fakeQuirks(host, now),
  ]);
  const config = {
    github: { ...FAKE_CLIENT, endpoints: github.endpoints },
    gitee: { ...FAKE_CLIENT, endpoints: gitee.endpoints },
    weibo: { ...FAKE_CLIENT, endpoints: quirks.weibo },
    wechat: { ...FAKE_CLIENT, endpoints: quirks.wechat },
  };
  return {
    config: JSON.stringify(config),
    stop: async () => {
      await Promise.all([github.stop(), gitee.stop(), quirks.stop()]);
    },
  };
}
