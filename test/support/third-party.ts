/**
 * Third-party sign-ins driven as a browser does, against the fake providers (scripts/local/fake-providers.ts):
 * start (our API answers the provider's address and sets the state cookie), the provider's authorisation step
 * (answered at once with a code for the chosen `login`), then our callback with the code, the state and the cookie.
 */
import { THIRD_PARTY_STATE_COOKIE, type ThirdPartyProvider } from '@shared/constants';
import type { useLocalApi } from './local-api';

type Api = ReturnType<typeof useLocalApi>;

export interface Started {
  /** The browser's state cookie, as a Cookie header. */
  cookie: string;
  url: string;
}

/** The Cookie header value carrying the state cookie a response set. */
export function stateCookieOf(headers: Headers): string {
  const set = headers.getSetCookie().find((c) => c.startsWith(`${THIRD_PARTY_STATE_COOKIE}=`));
  if (!set) throw new Error('no state cookie was set');
  return set.split(';')[0]!;
}

export async function start(
  api: Api,
  provider: ThirdPartyProvider,
  opts: { type?: 'login' | 'bind'; token?: string; f?: string; lang?: string } = {},
) {
  const res = await api.call('login.thirdPart', {
    query: { provider, type: opts.type ?? 'login', ...(opts.f ? { f: opts.f } : {}) },
    ...(opts.token ? { token: opts.token } : {}),
    ...(opts.lang ? { headers: { 'accept-language': opts.lang } } : {}),
  });
  return res;
}

/** The provider's authorisation step for `login`: what it hands back to our callback page. */
export async function authorize(url: string, login: string): Promise<{ code: string | null; state: string | null; error: string | null }> {
  const address = new URL(url);
  address.searchParams.set('login', login);
  const res = await fetch(address, { redirect: 'manual' });
  const location = res.headers.get('location');
  if (!location) throw new Error(`the provider did not redirect: ${res.status} ${await res.text()}`);
  const back = new URL(location);
  return { code: back.searchParams.get('code'), state: back.searchParams.get('state'), error: back.searchParams.get('error') };
}

export function callback(
  api: Api,
  provider: ThirdPartyProvider,
  mode: 'LOGIN' | 'BIND',
  input: { code?: string | null; state?: string | null; error?: string | null; cookie?: string; token?: string; lang?: string },
) {
  const query: Record<string, string> = {};
  if (input.code) query.code = input.code;
  if (input.state) query.state = input.state;
  if (input.error) query.error = input.error;
  return api.call(mode === 'LOGIN' ? 'login.thirdPartLogin' : 'login.thirdPartBind', {
    params: { x: provider },
    // A callback may come without its state, on purpose (a forged or broken redirect).
    query: query as { state: string },
    headers: { ...(input.cookie ? { cookie: input.cookie } : {}), ...(input.lang ? { 'accept-language': input.lang } : {}) },
    ...(input.token ? { token: input.token } : {}),
  });
}

/** A whole flow up to our callback's answer. */
export async function signInWith(
  api: Api,
  provider: ThirdPartyProvider,
  login: string,
  opts: { type?: 'login' | 'bind'; token?: string } = {},
) {
  const started = await start(api, provider, opts);
  if (started.code !== 0 || !started.data.url) throw new Error(`start failed: ${started.code} ${started.message}`);
  const cookie = stateCookieOf(started.headers);
  const back = await authorize(started.data.url, login);
  const res = await callback(api, provider, opts.type === 'bind' ? 'BIND' : 'LOGIN', {
    ...back,
    cookie,
    ...(opts.token ? { token: opts.token } : {}),
  });
  return { res, cookie, back, url: started.data.url };
}

export interface ThirdPartyIds {
  /** A started sign-in (GitHub, with PKCE) and the code the fake provider gave for it, with its browser cookie. */
  loginState: string;
  loginCode: string;
  loginCookie: string;
  /** A started bind for the fixture's creator, its code and cookie. */
  bindState: string;
  bindCode: string;
  bindCookie: string;
  /** A provider identity waiting for a phone, a phone nobody has, and its BIND_PHONE code. */
  bindTicket: string;
  bindPhone: string;
  bindPhoneCode: string;
}

/**
 * What the access walk needs of third-party sign-in, made through the domain and the fake providers (only when
 * THIRD_PARTY_PROVIDERS points at them): the creator gets a Gitee identity bound (the unbind's sample).
 */
export async function thirdPartyIds(creatorId: string, phone: string): Promise<ThirdPartyIds | undefined> {
  if (!process.env.THIRD_PARTY_PROVIDERS) return undefined;
  const [{ adapterFor }, identities, { issueCode }] = await Promise.all([
    import('../../functions/services/oauth/providers'),
    import('../../functions/domain/identities'),
    import('../../functions/domain/verification-codes'),
  ]);
  const { randomBytes, randomUUID } = await import('node:crypto');
  const begin = async (mode: 'login' | 'bind') => {
    const adapter = await adapterFor('github');
    const redirectUri = `http://localhost/login/callback/github/${mode}`;
    const codeVerifier = randomBytes(32).toString('base64url');
    const { state, nonce } = await identities.startState({
      provider: 'github',
      mode,
      userId: mode === 'bind' ? creatorId : null,
      redirectUri,
      codeVerifier,
      f: null,
    });
    const back = await authorize(await adapter.authorizationUrl({ redirectUri, state, codeVerifier }), `walk-${randomUUID()}`);
    return { state, code: back.code!, cookie: `${THIRD_PARTY_STATE_COOKIE}=${nonce}` };
  };
  const [login, bind, bindTicket, bindPhoneCode] = await Promise.all([
    begin('login'),
    begin('bind'),
    identities.issueBindTicket('weibo', { subject: randomUUID(), nickname: 'Walker', avatar: null }),
    issueCode('BIND_PHONE', phone),
    // Fixtures of project routes share their people: the creator's identity is bound by the first of them.
    identities.bindIdentity(creatorId, 'gitee', { subject: randomUUID(), nickname: 'Creator', avatar: null }).catch((err: unknown) => {
      if ((err as { key?: string }).key !== 'providerAlreadyBound') throw err;
    }),
  ]);
  return {
    loginState: login.state,
    loginCode: login.code,
    loginCookie: login.cookie,
    bindState: bind.state,
    bindCode: bind.code,
    bindCookie: bind.cookie,
    bindTicket,
    bindPhone: phone,
    bindPhoneCode,
  };
}
