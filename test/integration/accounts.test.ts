import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../shared/errors';
import { latestCode, useLocalApi } from '../support/local-api';

const api = useLocalApi();
let n = 0;
const uniqueEmail = () => `user${Date.now().toString(36)}${n++}@example.com`;

async function register(account = uniqueEmail(), password = 'Secret123', nickname = 'Ada') {
  const sent = await api.call('POST', `/common/code/REGISTER/${encodeURIComponent(account)}`);
  expect(sent.code).toBe(0);
  const code = await latestCode(account);
  const res = await api.call<{ token: string; user: { id: string } }>('POST', '/user/register', {
    body: { account, nickname, password, code },
  });
  expect(res.code, res.message).toBe(0);
  return { account, password, token: res.data.token, userId: res.data.user.id, res };
}

const login = (username: string, password: string, headers?: Record<string, string>) =>
  api.call<{ token: string }>('POST', '/login', { form: { username, password }, headers });

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

  it('refuses a duplicate account, whatever the case of the email', async () => {
    const { account } = await register();
    const again = await api.call('POST', `/common/code/REGISTER/${encodeURIComponent(account.toUpperCase())}`);
    expect(again.code).toBe(ERRORS.accountExists.code);
  });

  it('refuses a wrong code, and a code used twice', async () => {
    const account = uniqueEmail();
    await api.call('POST', `/common/code/REGISTER/${account}`);
    const code = await latestCode(account);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await api.call('POST', '/user/register', { body: { account, nickname: 'A', password: 'Secret123', code: wrong } });
    expect(bad.code).toBe(ERRORS.badVerificationCode.code);
    const ok = await api.call('POST', '/user/register', { body: { account, nickname: 'A', password: 'Secret123', code } });
    expect(ok.code).toBe(0);
    const reuse = await api.call('POST', '/user/register', {
      body: { account: uniqueEmail(), nickname: 'A', password: 'Secret123', code },
    });
    expect(reuse.code).toBe(ERRORS.badVerificationCode.code);
  });

  it('limits code sending to one a minute per target', async () => {
    const account = uniqueEmail();
    expect((await api.call('POST', `/common/code/REGISTER/${account}`)).code).toBe(0);
    const second = await api.call('POST', `/common/code/REGISTER/${account}`, { headers: { 'accept-language': 'en' } });
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
    const res = await api.call<{ fields: Record<string, string> }>('POST', '/user/register', { body });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(res.data.fields[field]).toBe(message);
  });

  it('names every missing field, in English when asked', async () => {
    const res = await api.call<{ fields: Record<string, string> }>('POST', '/user/register', {
      body: {},
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.code).toBe(ERRORS.invalidInput.code);
    expect(res.message).toBe('Invalid input');
    expect(Object.keys(res.data.fields).sort()).toEqual(['account', 'code', 'nickname', 'password']);
    expect(res.data.fields.password).toBe('Password must be 8-64 characters with letters and digits');
  });
});

describe('sign-in and sessions', () => {
  it('signs in with a form body and reads the account', async () => {
    const { account, password } = await register();
    const res = await login(account, password);
    expect(res.code).toBe(0);
    const detail = await api.call<{ email: string }>('GET', '/user/detail', { token: res.data.token });
    expect(detail.code).toBe(0);
    expect(detail.data.email).toBe(account);
  });

  it('accepts the token from the cookie as well as the header', async () => {
    const { token } = await register();
    const res = await api.call('GET', '/user/detail', { headers: { cookie: `other=1; apiloom-token=${token}` } });
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

  it('throttles an account after five failures, even with the right password', async () => {
    const { account, password } = await register();
    for (let i = 0; i < 5; i++) expect((await login(account, 'Wrong1234')).code).toBe(ERRORS.badCredentials.code);
    const blocked = await login(account, password);
    expect(blocked.code).toBe(ERRORS.tooManyRequests.code);
  });

  it('throttles a client address after twenty failures across accounts', async () => {
    const address = { 'x-forwarded-for': 'ignored' };
    // The gateway takes the socket address, like API Gateway's sourceIp; all test calls share 127.0.0.1, so
    // this test runs in its own file's table and counts from zero.
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await login(uniqueEmail(), 'Wrong1234', address)).code;
    expect(last).toBe(ERRORS.tooManyRequests.code);
  });
});
