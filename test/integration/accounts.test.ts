import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { putItem, queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { invalid, latestCode, newClientAddress, refusedFields, useLocalApi } from '../support/local-api';

const api = useLocalApi();
let n = 0;
const uniqueEmail = () => `user${Date.now().toString(36)}${n++}@example.com`;

async function register(account = uniqueEmail(), password = 'Secret123', nickname = 'Ada') {
  const sent = await api.call('code.register', { params: { target: account }, from: newClientAddress() });
  expect(sent.code).toBe(0);
  const code = await latestCode(account);
  const res = await api.call('user.register', {
    body: { account, nickname, password, code },
  });
  expect(res.code, res.message).toBe(0);
  return { account, password, token: res.data.token, userId: res.data.user.id, res };
}

const login = (username: string, password: string, opts: { headers?: Record<string, string>; from?: string; code?: string } = {}) => {
  const { code, ...rest } = opts;
  return api.call('login.create', { body: { username, password, ...(code ? { code } : {}) }, ...rest });
};

describe('registration', () => {
  it('registers with an emailed code, returns a session and sets the 7-day cookie', async () => {
    const { res, account } = await register();
    expect(res.data.user).toMatchObject({ email: account, nickname: 'Ada', phone: null });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^apiloom-token=[\w-]{40,};/);
    expect(cookie).toContain('Max-Age=604800');
    expect(cookie).toContain('Path=/');
    expect(res.headers.get('x-request-id')).toMatch(/[0-9a-f-]{36}/);
  });

  it('registers with a phone number', async () => {
    const phone = `138${String(Date.now()).slice(-8)}`;
    const { res } = await register(phone);
    expect(res.data.user).toMatchObject({ phone, email: null });
  });

  it('answers a code request for an existing account exactly like a new one, and tells the owner instead', async () => {
    const { account } = await register();
    const fresh = uniqueEmail();
    const [taken, free] = await Promise.all([
      api.call('code.register', { params: { target: account.toUpperCase() }, from: newClientAddress() }),
      api.call('code.register', { params: { target: fresh }, from: newClientAddress() }),
    ]);
    expect({ code: taken.code, message: taken.message, data: taken.data }).toEqual({
      code: free.code,
      message: free.message,
      data: free.data,
    });
    expect(taken.code).toBe(0);
    const outbox = await queryAll<{ target: string; code?: string; notice?: string }>(keys.outbox());
    const toOwner = outbox.find((e) => e.target === account);
    expect(toOwner?.code).toBeUndefined();
    expect(toOwner?.notice).toMatch(/已有账号/);
    expect(outbox.find((e) => e.target === fresh)?.code).toMatch(/^\d{6}$/);
    // Whatever code is tried, the existing account is never registered again.
    const retry = await api.call('user.register', {
      body: { account, nickname: 'Mallory', password: 'Secret123', code: '123456' },
    });
    expect(retry.code).toBe(ERRORS.badVerificationCode.code);
  });

  it('limits code requests per client address, for new and existing accounts alike', async () => {
    const { account } = await register();
    const from = newClientAddress();
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      answers.push((await api.call('code.register', { params: { target: i % 2 ? account : uniqueEmail() }, from })).code);
    }
    // One a minute per target: the existing account answers "too many" on its second request, like any target.
    expect(answers.filter((c) => c === 0).length).toBeGreaterThanOrEqual(11);
    const past = await api.call('code.register', { params: { target: uniqueEmail() }, from, headers: { 'accept-language': 'en' } });
    expect(past.code).toBe(ERRORS.tooManyRequests.code);
    expect(past.message).toMatch(/try again in \d+ seconds/);
    expect((await api.call('code.register', { params: { target: uniqueEmail() }, from: newClientAddress() })).code).toBe(0);
  });

  it('refuses a wrong code, and a code used twice', async () => {
    const account = uniqueEmail();
    await api.call('code.register', { params: { target: account } });
    const code = await latestCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await api.call('user.register', { body: { account, nickname: 'A', password: 'Secret123', code: wrong } });
    expect(bad.code).toBe(ERRORS.badVerificationCode.code);
    const ok = await api.call('user.register', { body: { account, nickname: 'A', password: 'Secret123', code } });
    expect(ok.code).toBe(0);
    const reuse = await api.call('user.register', {
      body: { account: uniqueEmail(), nickname: 'A', password: 'Secret123', code },
    });
    expect(reuse.code).toBe(ERRORS.badVerificationCode.code);
  });

  it('limits code sending to one a minute per target', async () => {
    const account = uniqueEmail();
    expect((await api.call('code.register', { params: { target: account }, from: newClientAddress() })).code).toBe(0);
    const second = await api.call('code.register', {
      params: { target: account },
      from: newClientAddress(),
      headers: { 'accept-language': 'en' },
    });
    expect(second.code).toBe(ERRORS.tooManyRequests.code);
    expect(second.message).toMatch(/try again in \d+ seconds/);
  });

  it.each([
    ['account', { account: 'not-an-address' }, '请输入正确的邮箱或手机号'],
    ['nickname', { nickname: '' }, '昵称长度 1-32 个字符'],
    ['nickname', { nickname: 'x'.repeat(33) }, '昵称长度 1-32 个字符'],
    ['password', { password: 'short1' }, '密码长度 8-64 个字符，需同时包含字母和数字'],
    ['password', { password: 'onlyletters' }, '密码长度 8-64 个字符，需同时包含字母和数字'],
    ['code', { code: '12ab56' }, '验证码为 6 位数字'],
  ])('rejects a bad %s with a localised per-field message', async (field, override, message) => {
    const body = { account: uniqueEmail(), nickname: 'Ada', password: 'Secret123', code: '123456', ...override };
    const res = await api.call('user.register', { body });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(res)[field]).toBe(message);
  });

  it('names every missing field, in English when asked', async () => {
    const res = await api.call('user.register', {
      body: invalid({}),
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(res.message).toBe('Invalid input');
    expect(Object.keys(refusedFields(res)).sort()).toEqual(['account', 'code', 'nickname', 'password']);
    expect(refusedFields(res).password).toBe('Password must be 8-64 characters with letters and digits');
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a form body and reads the account', async () => {
    const { account, password } = await register();
    const res = await login(account, password);
    expect(res.code).toBe(0);
    const detail = await api.call('user.detail', { token: res.data.token });
    expect(detail.code).toBe(0);
    expect(detail.data.email).toBe(account);
  });

  it('accepts the token from the cookie as well as the header', async () => {
    const { token } = await register();
    const res = await api.call('user.detail', { headers: { cookie: `other=1; apiloom-token=${token}` } });
    expect(res.code).toBe(0);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const { account } = await register();
    const wrongPassword = await login(account, 'Wrong1234');
    const unknown = await login(uniqueEmail(), 'Wrong1234');
    expect(wrongPassword.code).toBe(ERRORS.badCredentials.code);
    expect(unknown.code).toBe(wrongPassword.code);
    expect(unknown.message).toBe(wrongPassword.message);
    expect(unknown.data).toEqual(wrongPassword.data);
  });

  it('locks an account for the address that failed five times, even with the right password, but not its owner elsewhere', async () => {
    const { account, password } = await register();
    const attacker = newClientAddress();
    for (let i = 0; i < 5; i++) expect((await login(account, 'Wrong1234', { from: attacker })).code).toBe(ERRORS.badCredentials.code);
    expect((await login(account, password, { from: attacker })).code).toBe(ERRORS.tooManyRequests.code);
    expect((await login(account, password, { from: newClientAddress() })).code, 'the owner from another address').toBe(0);
  });

  it('past 100 failures on an account from many addresses, asks for a code sent to the account instead of locking the owner out', async () => {
    const { account, password } = await register();
    // 90 failures from 18 addresses happened this hour (a hundred real scrypt checks would take a minute); the
    // last ten come through the API, five from each of two more addresses.
    await putItem({ ...keys.throttle('loginAccount', account), count: 90, expiresAt: Math.floor(Date.now() / 1000) + 3600 });
    const guessers = [newClientAddress(), newClientAddress()];
    for (const from of guessers) {
      for (let i = 0; i < 5; i++) expect((await login(account, 'Wrong1234', { from })).code).toBe(ERRORS.badCredentials.code);
      // Each guesser's own address stays slowed.
      expect((await login(account, 'Wrong1234', { from })).code).toBe(ERRORS.tooManyRequests.code);
    }

    // The owner, from a new address: not 42900, a step-up, in both languages.
    const owner = newClientAddress();
    const asked = await login(account, password, { from: owner });
    expect(asked.code).toBe(ERRORS.stepUpRequired.code);
    expect(asked.message).toContain('验证码');
    const askedEn = await login(account, password, { from: owner, headers: { 'accept-language': 'en' } });
    expect(askedEn.message).toContain('code sent to');

    // A guesser from a fresh address gets the same step-up (no password is checked without a code), and a
    // guessed code is refused even with the right password.
    const guesser = newClientAddress();
    expect((await login(account, 'Wrong1234', { from: guesser })).code).toBe(ERRORS.stepUpRequired.code);
    expect((await api.call('code.login', { params: { target: account }, from: guesser })).code).toBe(0);
    const sent = await latestCode(account);
    const wrongCode = sent === '000000' ? '000001' : '000000';
    expect((await login(account, password, { from: guesser, code: wrongCode })).code).toBe(ERRORS.badVerificationCode.code);

    // The owner reads the code in their mailbox (the local outbox) and signs in with it.
    const signedIn = await login(account, password, { from: owner, code: sent });
    expect(signedIn.code, signedIn.message).toBe(0);
    expect((await api.call('user.detail', { token: signedIn.data.token })).code).toBe(0);
    // A code is good for one sign-in.
    expect((await login(account, password, { from: owner, code: sent })).code).toBe(ERRORS.badVerificationCode.code);
  });

  it('sends a step-up code only to an account that exists, answering alike either way', async () => {
    const { account } = await register();
    const stranger = uniqueEmail();
    const [known, unknown] = await Promise.all([
      api.call('code.login', { params: { target: account }, from: newClientAddress() }),
      api.call('code.login', { params: { target: stranger }, from: newClientAddress() }),
    ]);
    expect(known.code).toBe(0);
    expect({ code: unknown.code, data: unknown.data }).toEqual({ code: known.code, data: known.data });
    const loginCodes = (await queryAll<{ target: string; purpose: string; code?: string }>(keys.outbox())).filter(
      (e) => e.purpose === 'LOGIN',
    );
    expect(loginCodes.find((e) => e.target === account)?.code).toMatch(/^\d{6}$/);
    expect(loginCodes.find((e) => e.target === stranger)).toBeUndefined();
  });

  it('throttles a client address after twenty failures across accounts', { timeout: 90_000 }, async () => {
    const from = newClientAddress();
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await login(uniqueEmail(), 'Wrong1234', { from })).code;
    expect(last).toBe(ERRORS.tooManyRequests.code);
  });
});
