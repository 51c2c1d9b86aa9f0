/**
 * The third-party providers (issue 25), each configured by its client id and secret; an unconfigured one is not
 * offered. Two kinds of adapter:
 * - OAuth 2 (GitHub; Gitee's API is the same shape) through openid-client, with a configuration we construct
 *   (GitHub publishes no discovery document), PKCE where the provider has it;
 * - our own small ones for WeChat's website QR login and Weibo, whose APIs answer errors as HTTP 200 with
 *   `errcode` (Weibo: `error_code`), and which have no PKCE: there the `state` and its browser cookie carry it.
 *
 * Configuration: ../user/third-party/config.ts. This service is apart from `user` so openid-client stays out of
 * the user bundle (400 KB budget).
 */
import * as z from 'zod';
import type { ThirdPartyProvider } from '@shared/constants';
import { configured, type ProviderConfig } from '../user/third-party/config';
import type { ProviderProfile } from '../../domain/identities';
import { AppError } from '../../core/app-error';

interface Endpoints {
  authorize: string;
  token: string;
  user: string;
}

const KINDS = { github: 'oauth2', gitee: 'oauth2', weibo: 'weibo', wechat: 'wechat' } as const satisfies Record<ThirdPartyProvider, string>;

/** The providers' real addresses. */
const REAL: Record<ThirdPartyProvider, Endpoints & { issuer: string; scope: string; pkce: boolean }> = {
  github: {
    issuer: 'https://github.com',
    authorize: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    user: 'https://api.github.com/user',
    scope: 'read:user',
    pkce: true,
  },
  gitee: {
    issuer: 'https://gitee.com',
    authorize: 'https://gitee.com/oauth/authorize',
    token: 'https://gitee.com/oauth/token',
    user: 'https://gitee.com/api/v5/user',
    scope: 'user_info',
    pkce: false,
  },
  weibo: {
    issuer: 'https://api.weibo.com',
    authorize: 'https://api.weibo.com/oauth2/authorize',
    token: 'https://api.weibo.com/oauth2/access_token',
    user: 'https://api.weibo.com/2/users/show.json',
    scope: '',
    pkce: false,
  },
  wechat: {
    issuer: 'https://open.weixin.qq.com',
    authorize: 'https://open.weixin.qq.com/connect/qrconnect',
    token: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    user: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_login',
    pkce: false,
  },
};

export interface Adapter {
  /** The provider's authorisation address for this state (and PKCE challenge). */
  authorizationUrl(input: { redirectUri: string; state: string; codeVerifier: string | null }): Promise<string>;
  /** Whether this provider takes PKCE (then a verifier is made and kept with the state). */
  pkce: boolean;
  /** The code exchanged and the person's profile read; any provider error is `thirdPartyRefused`. */
  profile(input: { redirectUri: string; code: string; state: string; codeVerifier: string | null }): Promise<ProviderProfile>;
}

export async function adapterFor(provider: ThirdPartyProvider): Promise<Adapter> {
  const config = (await configured())[provider];
  if (!config) throw new AppError('thirdPartyNotOffered');
  const real = REAL[provider];
  const endpoints = { ...real, ...config.endpoints };
  switch (KINDS[provider]) {
    case 'oauth2':
      return oauth2Adapter(config, endpoints, real);
    case 'weibo':
      return weiboAdapter(config, endpoints);
    case 'wechat':
      return wechatAdapter(config, endpoints);
  }
}

/**
 * What the providers answer for a code past its life, used already or never issued (none tells these apart):
 * GitHub `bad_verification_code` (with HTTP 200), OAuth 2 `invalid_grant`, WeChat 40029 and 40163, Weibo 21325.
 */
const CODE_SPENT = new Set(['bad_verification_code', 'invalid_grant', '40029', '40163', '21325']);

/** A provider's refusal: an expired or spent code is its own answer (sign in again); any other keeps its detail. */
function refused(detail: string, error?: string) {
  if (error !== undefined && CODE_SPENT.has(error)) return new AppError('thirdPartyCodeExpired', { detail: error });
  return new AppError('thirdPartyRefused', { detail: detail.slice(0, 120) });
}

// OAuth 2 through openid-client

function oauth2Adapter(config: ProviderConfig, endpoints: Endpoints, real: (typeof REAL)[ThirdPartyProvider]): Adapter {
  const load = async () => {
    const client = await import('openid-client');
    const configuration = new client.Configuration(
      { issuer: real.issuer, authorization_endpoint: endpoints.authorize, token_endpoint: endpoints.token },
      config.clientId,
      undefined,
      client.ClientSecretPost(config.clientSecret),
    );
    // The local fakes speak plain http on 127.0.0.1; real providers are https, which this never relaxes.
    if (config.endpoints && new URL(endpoints.token).protocol === 'http:') client.allowInsecureRequests(configuration);
    return { client, configuration };
  };
  return {
    pkce: real.pkce,
    async authorizationUrl({ redirectUri, state, codeVerifier }) {
      const { client, configuration } = await load();
      const params: Record<string, string> = { redirect_uri: redirectUri, scope: real.scope, state, response_type: 'code' };
      if (codeVerifier) {
        params.code_challenge = await client.calculatePKCECodeChallenge(codeVerifier);
        params.code_challenge_method = 'S256';
      }
      return client.buildAuthorizationUrl(configuration, params).href;
    },
    async profile({ redirectUri, code, state, codeVerifier }) {
      const { client, configuration } = await load();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(
          configuration,
          callback,
          { expectedState: state, ...(codeVerifier ? { pkceCodeVerifier: codeVerifier } : {}) },
          { redirect_uri: redirectUri },
        );
        accessToken = tokens.access_token;
      } catch (err) {
        const error = providerErrorOf(err);
        throw refused(error, error);
      }
      const res = await client.fetchProtectedResource(configuration, accessToken, new URL(endpoints.user), 'GET');
      const body = await jsonOf(res);
      const user = z
        .object({ id: z.union([z.number(), z.string()]), login: z.string(), name: z.string().nullish(), avatar_url: z.string().nullish() })
        .safeParse(body);
      if (!user.success) throw refused(`user ${res.status}`);
      return { subject: String(user.data.id), nickname: user.data.name || user.data.login, avatar: user.data.avatar_url ?? null };
    },
  };
}

/**
 * openid-client's errors carry the provider's `error` (ResponseBodyError, for an HTTP error status) or a code of
 * their own; GitHub's errors come with HTTP 200, so the `error` is in the body of the response found invalid
 * (its cause, or its cause's cause).
 */
function providerErrorOf(err: unknown): string {
  const e = err as { error?: unknown; code?: string; message?: string };
  if (typeof e.error === 'string') return e.error;
  for (let cause = (err as { cause?: unknown }).cause, depth = 0; cause && depth < 3; depth++) {
    const c = cause as { error?: unknown; body?: { error?: unknown }; cause?: unknown };
    const found = c.error ?? c.body?.error;
    if (typeof found === 'string') return found;
    cause = c.cause;
  }
  return e.code ?? e.message ?? 'error';
}

// Our own adapters: WeChat and Weibo

const TIMEOUT_MS = 10_000;

async function jsonOf(res: Response): Promise<unknown> {
  // WeChat answers JSON as text/plain.
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw refused(`HTTP ${res.status}`);
  }
}

/** The error in a WeChat or Weibo answer, whatever its HTTP status (they use 200 for errors): its code and detail. */
function quirkError(body: unknown, status: number): { code: string; detail: string } | undefined {
  const b = (body ?? {}) as { errcode?: number; errmsg?: string; error_code?: number; error?: string };
  if (b.errcode) return { code: String(b.errcode), detail: `${b.errcode} ${b.errmsg ?? ''}`.trim() };
  if (b.error_code) return { code: String(b.error_code), detail: `${b.error_code} ${b.error ?? ''}`.trim() };
  if (b.error) return { code: b.error, detail: b.error };
  if (status >= 400) return { code: `HTTP ${status}`, detail: `HTTP ${status}` };
  return undefined;
}

async function call(url: string, init: RequestInit = {}): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw refused('unreachable');
  }
  const body = await jsonOf(res);
  const error = quirkError(body, res.status);
  if (error) throw refused(error.detail, error.code);
  return body;
}

function wechatAdapter(config: ProviderConfig, endpoints: Endpoints): Adapter {
  return {
    pkce: false,
    authorizationUrl({ redirectUri, state }) {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({
        appid: config.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      }).toString();
      url.hash = 'wechat_redirect';
      return Promise.resolve(url.href);
    },
    async profile({ code }) {
      const tokenUrl = new URL(endpoints.token);
      tokenUrl.search = new URLSearchParams({
        appid: config.clientId,
        secret: config.clientSecret,
        code,
        grant_type: 'authorization_code',
      }).toString();
      const token = z
        .object({ access_token: z.string(), openid: z.string(), unionid: z.string().optional() })
        .safeParse(await call(tokenUrl.href));
      if (!token.success) throw refused('token');
      const userUrl = new URL(endpoints.user);
      userUrl.search = new URLSearchParams({ access_token: token.data.access_token, openid: token.data.openid }).toString();
      const user = z
        .object({ openid: z.string(), nickname: z.string(), headimgurl: z.string().optional(), unionid: z.string().optional() })
        .safeParse(await call(userUrl.href));
      if (!user.success) throw refused('userinfo');
      return {
        subject: user.data.unionid ?? token.data.unionid ?? user.data.openid,
        nickname: user.data.nickname,
        avatar: user.data.headimgurl || null,
      };
    },
  };
}

function weiboAdapter(config: ProviderConfig, endpoints: Endpoints): Adapter {
  return {
    pkce: false,
    authorizationUrl({ redirectUri, state }) {
      const url = new URL(endpoints.authorize);
      url.search = new URLSearchParams({ client_id: config.clientId, redirect_uri: redirectUri, response_type: 'code', state }).toString();
      return Promise.resolve(url.href);
    },
    async profile({ code, redirectUri }) {
      const form = new URLSearchParams({
        client_id: config.clientId,
        client_secret: config.clientSecret,
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      const token = z
        .object({ access_token: z.string(), uid: z.union([z.string(), z.number()]) })
        .safeParse(
          await call(endpoints.token, { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
        );
      if (!token.success) throw refused('token');
      const userUrl = new URL(endpoints.user);
      userUrl.search = new URLSearchParams({ access_token: token.data.access_token, uid: String(token.data.uid) }).toString();
      const user = z
        .object({
          idstr: z.string(),
          screen_name: z.string(),
          avatar_large: z.string().optional(),
          profile_image_url: z.string().optional(),
        })
        .safeParse(await call(userUrl.href));
      if (!user.success) throw refused('users/show');
      return {
        subject: user.data.idstr,
        nickname: user.data.screen_name,
        avatar: user.data.avatar_large ?? user.data.profile_image_url ?? null,
      };
    },
  };
}
