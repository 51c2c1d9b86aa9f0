/**
 * Third-party sign-in (issue 25) against the fake providers of each kind: a new person is sent to bind a phone
 * (a new account, or the one that phone has), a bound one signs in; and the attacks on callbacks: a wrong or
 * replayed state, a state from another browser or for another provider, a reused, unknown or expired code (the
 * fakes' clock is moved past a code's life), a provider's error (WeChat's and Weibo's as HTTP 200), and a provider
 * identity already bound to someone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THIRD_PARTY_PROVIDERS, TOKEN_COOKIE } from '@shared/constants';
import { ERRORS } from '@shared/errors';
import { CODE_LIFE_MS, startFakeProviders, type FakeProviders } from '../../scripts/local/fake-providers';
import { latestCode, newClientAddress, signUp, useLocalApi } from '../support/local-api';
import { uniquePhone } from '../support/unique-phone';
import { authorize, callback, signInWith, start, stateCookieOf } from '../support/third-party';

let fakes: FakeProviders;
/** How far the fakes' clock runs ahead of ours. */
let skew = 0;
beforeAll(async () => {
  fakes = await startFakeProviders({ now: () => Date.now() + skew });
  // Read by the handler at its first use, as at a cold start.
  process.env.THIRD_PARTY_PROVIDERS = fakes.config;
});
afterAll(() => fakes.stop());
const api = useLocalApi();

let n = 0;
const someone = () => `person${Date.now().toString(36)}${n++}`;

async function bindPhone(ticket: string, phone = uniquePhone('136')) {
  const sent = await api.call('code.send', { body: { purpose: 'BIND_PHONE', target: phone }, from: newClientAddress() });
  expect(sent.code, sent.message).toBe(0);
  const res = await api.call('user.phoneNotLogin', {
    body: { ticket, phone, code: await latestCode(phone) },
  });
  return { res, phone };
}

describe('third-party sign-in', { timeout: 60_000 }, () => {
  it('offers the configured providers, each with its authorisation address, state and (GitHub) PKCE', async () => {
    const list = await api.call('login.thirdPart');
    expect(list.code, list.message).toBe(0);
    expect(list.data.providers).toEqual([...THIRD_PARTY_PROVIDERS]);
    const github = new URL((await start(api, 'github')).data.url!);
    expect(github.searchParams.get('state')).toMatch(/^[\w-]{32}$/);
    expect(github.searchParams.get('code_challenge_method')).toBe('S256');
    expect(github.searchParams.get('redirect_uri')).toMatch(/\/login\/callback\/github\/login$/);
    const started = await start(api, 'wechat');
    const wechat = new URL(started.data.url!);
    expect(wechat.hash).toBe('#wechat_redirect');
    expect(wechat.searchParams.get('code_challenge')).toBeNull();
    // The state's browser cookie: HttpOnly, short-lived.
    const set = started.headers.getSetCookie().find((c) => c.startsWith('apiloom-oauth='))!;
    expect(set).toMatch(/HttpOnly/);
    expect(set).toMatch(/Max-Age=600/);
  });

  it.each(THIRD_PARTY_PROVIDERS)(
    '%s: a new person binds a phone and is signed in; next time the identity signs in directly',
    async (provider) => {
      const login = someone();
      const first = await signInWith(api, provider, login);
      expect(first.res.code, first.res.message).toBe(0);
      expect(first.res.data).toMatchObject({ result: 'bindNeeded', provider, nickname: expect.stringContaining(login) as string });
      const { res, phone } = await bindPhone((first.res.data as { ticket: string }).ticket);
      expect(res.code, res.message).toBe(0);
      expect(res.data.user.phone).toBe(phone);
      const info = await api.call('user.boundInfo', {
        token: res.data.token,
      });
      expect(info.data.bound.map((b) => b.provider)).toEqual([provider]);
      expect(info.data.hasPassword).toBe(false);

      const again = await signInWith(api, provider, login);
      expect(again.res.code, again.res.message).toBe(0);
      expect(again.res.data).toMatchObject({ result: 'signedIn', user: { id: res.data.user.id } });
      const detail = await api.call('user.detail', { token: (again.res.data as { token: string }).token });
      expect(detail.code).toBe(0);
    },
  );

  it('binds the identity to the account a phone already has, and a ticket is good once', async () => {
    const login = someone();
    const phone = uniquePhone('135');
    const first = await signInWith(api, 'github', someone());
    const made = await bindPhone((first.res.data as { ticket: string }).ticket, phone);
    expect(made.res.code).toBe(0);
    // Another identity, the same phone (its code proves the person holds it): the same account.
    const second = await signInWith(api, 'gitee', login);
    const joined = await bindPhone((second.res.data as { ticket: string }).ticket, phone);
    expect(joined.res.code, joined.res.message).toBe(0);
    expect(joined.res.data.user.id).toBe(made.res.data.user.id);
    const again = await bindPhone((second.res.data as { ticket: string }).ticket, uniquePhone('135'));
    expect(again.res.code).toBe(ERRORS.bindTicketInvalid.code);
  });

  it('refuses a replayed state, a wrong one, one without or with another browser cookie, and one for another provider', async () => {
    const login = someone();
    const done = await signInWith(api, 'github', login);
    expect(done.res.code).toBe(0);
    // The same callback again: the state is spent.
    const replay = await callback(api, 'github', 'LOGIN', { ...done.back, cookie: done.cookie, lang: 'en' });
    expect(replay.code).toBe(ERRORS.thirdPartyStateInvalid.code);
    expect(replay.message).toBe('This sign-in has expired or was not started in this browser; please sign in again');

    const started = await start(api, 'github');
    const cookie = stateCookieOf(started.headers);
    const back = await authorize(started.data.url!, login);
    const wrong = await callback(api, 'github', 'LOGIN', { ...back, state: 'x'.repeat(32), cookie });
    expect(wrong.code).toBe(ERRORS.thirdPartyStateInvalid.code);
    expect(wrong.message).toBe('登录请求已失效或不是从本浏览器发起的，请重新登录');
    const noCookie = await callback(api, 'github', 'LOGIN', back);
    expect(noCookie.code).toBe(ERRORS.thirdPartyStateInvalid.code);
    const otherBrowser = stateCookieOf((await start(api, 'github')).headers);
    expect((await callback(api, 'github', 'LOGIN', { ...back, cookie: otherBrowser })).code).toBe(ERRORS.thirdPartyStateInvalid.code);
    expect((await callback(api, 'gitee', 'LOGIN', { ...back, cookie })).code).toBe(ERRORS.thirdPartyStateInvalid.code);
    expect((await callback(api, 'github', 'BIND', { ...back, cookie, token: (await signUp()).token })).code).toBe(
      ERRORS.thirdPartyStateInvalid.code,
    );
    // None of those spent it: the right browser still finishes.
    const right = await callback(api, 'github', 'LOGIN', { ...back, cookie });
    expect(right.code, right.message).toBe(0);
  });

  it.each(THIRD_PARTY_PROVIDERS)(
    '%s: a used or unknown code is refused by the provider, and the sign-in ends as expired',
    async (provider) => {
      const first = await signInWith(api, provider, someone());
      expect(first.res.code, first.res.message).toBe(0);
      // A fresh state, the old (spent) code.
      const started = await start(api, provider, { lang: 'en' });
      const cookie = stateCookieOf(started.headers);
      const state = new URL(started.data.url!).searchParams.get('state');
      const reused = await callback(api, provider, 'LOGIN', { code: first.back.code, state, cookie, lang: 'en' });
      expect(reused.code, reused.message).toBe(ERRORS.thirdPartyCodeExpired.code);
      expect(reused.message).toBe('The provider says this sign-in has expired or was already used; please try again');
      const unknown = await start(api, provider);
      const unknownState = new URL(unknown.data.url!).searchParams.get('state');
      const res = await callback(api, provider, 'LOGIN', {
        code: 'never-issued',
        state: unknownState,
        cookie: stateCookieOf(unknown.headers),
      });
      expect(res.code, res.message).toBe(ERRORS.thirdPartyCodeExpired.code);
      expect(res.message).toBe('第三方授权已过期或已使用，请重新登录');
    },
  );

  it.each(THIRD_PARTY_PROVIDERS)(
    '%s: a code past its life ends the sign-in or bind as expired (zh and en), with no session and no binding',
    async (provider) => {
      const person = await signUp('Binder');
      const login = someone();
      // Both codes issued now, both used after their life.
      const signing = await start(api, provider);
      const signingBack = await authorize(signing.data.url!, login);
      const binding = await start(api, provider, { type: 'bind', token: person.token });
      const bindingBack = await authorize(binding.data.url!, login);
      skew = CODE_LIFE_MS + 60_000;
      try {
        const signIn = await callback(api, provider, 'LOGIN', { ...signingBack, cookie: stateCookieOf(signing.headers) });
        expect(signIn.code, signIn.message).toBe(ERRORS.thirdPartyCodeExpired.code);
        expect(signIn.message).toBe('第三方授权已过期或已使用，请重新登录');
        expect(signIn.data).toBeNull();
        expect(signIn.headers.getSetCookie().filter((c) => c.includes(TOKEN_COOKIE))).toEqual([]);
        const bind = await callback(api, provider, 'BIND', {
          ...bindingBack,
          cookie: stateCookieOf(binding.headers),
          token: person.token,
          lang: 'en',
        });
        expect(bind.code, bind.message).toBe(ERRORS.thirdPartyCodeExpired.code);
        expect(bind.message).toBe('The provider says this sign-in has expired or was already used; please try again');
      } finally {
        skew = 0;
      }
      const info = await api.call('user.boundInfo', { token: person.token });
      expect(info.data.bound).toEqual([]);
      // The identity is bound to no one: signing in with it now is a new person's.
      expect((await signInWith(api, provider, login)).res.data).toMatchObject({ result: 'bindNeeded' });
    },
  );

  it('refuses a sign-in the person declined at the provider', async () => {
    for (const provider of ['github', 'weibo', 'wechat'] as const) {
      const declined = await signInWith(api, provider, '__deny__');
      expect(declined.res.code, provider).toBe(ERRORS.thirdPartyRefused.code);
    }
  });

  it('binds an identity from the account page, never one bound to someone else, and unbinds it', async () => {
    const owner = someone();
    const first = await signInWith(api, 'github', owner);
    const made = await bindPhone((first.res.data as { ticket: string }).ticket);
    expect(made.res.code).toBe(0);

    const other = await signUp('Other');
    // The owner's GitHub identity, bound by someone else: refused, and the owner still signs in with it.
    const takeover = await signInWith(api, 'github', owner, { type: 'bind', token: other.token });
    expect(takeover.res.code, takeover.res.message).toBe(ERRORS.identityTaken.code);
    const still = await signInWith(api, 'github', owner);
    expect(still.res.data).toMatchObject({ result: 'signedIn', user: { id: made.res.data.user.id } });

    const mine = someone();
    const bound = await signInWith(api, 'weibo', mine, { type: 'bind', token: other.token });
    expect(bound.res.code, bound.res.message).toBe(0);
    expect(bound.res.data).toMatchObject({ bound: { provider: 'weibo' } });
    const info = await api.call('user.boundInfo', { token: other.token });
    expect(info.data.bound.map((b) => b.provider)).toEqual(['weibo']);
    // Which providers are offered is the oauth service's answer alone (in AWS only its function reads the secret).
    expect(Object.keys(info.data).sort()).toEqual(['bound', 'hasPassword']);
    // A second Weibo identity on the same account: refused.
    const second = await signInWith(api, 'weibo', someone(), { type: 'bind', token: other.token });
    expect(second.res.code).toBe(ERRORS.providerAlreadyBound.code);
    // Binding needs a session.
    expect((await start(api, 'weibo', { type: 'bind' })).code).toBe(ERRORS.notLoggedIn.code);

    expect((await api.call('user.thirdPartUnbind', { params: { x: 'weibo' }, token: other.token })).code).toBe(0);
    expect((await api.call('user.thirdPartUnbind', { params: { x: 'weibo' }, token: other.token })).code).toBe(ERRORS.notFound.code);
    // Unbound, the identity is a new person again.
    expect((await signInWith(api, 'weibo', mine)).res.data).toMatchObject({ result: 'bindNeeded' });
  });

  it('refuses to unbind the only way a password-less account signs in', async () => {
    const first = await signInWith(api, 'gitee', someone());
    const made = await bindPhone((first.res.data as { ticket: string }).ticket);
    const token = (made.res.data as { token: string }).token;
    const refused = await api.call('user.thirdPartUnbind', { params: { x: 'gitee' }, token, headers: { 'accept-language': 'en' } });
    expect(refused.code).toBe(ERRORS.lastSignInWay.code);
    expect(refused.message).toBe('You could not sign in after this: set a password or bind another provider first');
    const zh = await api.call('user.thirdPartUnbind', { params: { x: 'gitee' }, token });
    expect(zh.message).toBe('解绑后将无法登录：请先设置密码或绑定其他第三方账号');
    // With a second provider bound, one may go.
    expect((await signInWith(api, 'wechat', someone(), { type: 'bind', token })).res.code).toBe(0);
    expect((await api.call('user.thirdPartUnbind', { params: { x: 'gitee' }, token })).code).toBe(0);
    expect((await api.call('user.thirdPartUnbind', { params: { x: 'wechat' }, token })).code).toBe(ERRORS.lastSignInWay.code);
  });

  it('hands `f` back untouched for the page to check', async () => {
    const started = await start(api, 'github', { f: 'https://evil.example/steal' });
    const back = await authorize(started.data.url!, someone());
    const res = await callback(api, 'github', 'LOGIN', { ...back, cookie: stateCookieOf(started.headers) });
    expect(res.data).toMatchObject({ result: 'bindNeeded', f: 'https://evil.example/steal' });
  });
});
