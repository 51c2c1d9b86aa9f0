import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { latestCode, newClientAddress, refusedFields, useLocalApi } from '../support/local-api';

const api = useLocalApi();
let n = 0;

async function newAccount() {
  const account = `s${Date.now().toString(36)}${n++}@example.com`;
  await api.call('code.register', { params: { target: account }, from: newClientAddress() });
  const res = await api.call('user.register', {
    body: { account, nickname: 'Grace', password: 'Secret123', code: await latestCode(account) },
  });
  expect(res.code).toBe(0);
  return { account, token: res.data.token };
}

const signIn = async (account: string, password: string) =>
  (await api.call('login.create', { body: { username: account, password } })).data.token;

describe('sessions', () => {
  it('logout revokes the token server-side and clears the cookie', async () => {
    const { token } = await newAccount();
    const out = await api.call('login.delete', { token });
    expect(out.code).toBe(0);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    const after = await api.call('user.detail', { token });
    expect(after.code).toBe(ERRORS.sessionExpired.code);
  });

  it('no token is "not signed in", an unknown token is "session expired"', async () => {
    expect((await api.call('user.detail')).code).toBe(41000);
    expect((await api.call('user.detail', { token: 'x'.repeat(43) })).code).toBe(41001);
  });

  it('a password change revokes the other sessions and keeps the current one', async () => {
    const { account, token: first } = await newAccount();
    const second = await signIn(account, 'Secret123');
    const changed = await api.call('user.updatePassword', {
      token: second,
      body: { oldPassword: 'Secret123', newPassword: 'Better456', confirmPassword: 'Better456' },
    });
    expect(changed.code).toBe(0);
    expect((await api.call('user.detail', { token: first })).code).toBe(ERRORS.sessionExpired.code);
    expect((await api.call('user.detail', { token: second })).code).toBe(0);
    expect((await api.call('login.create', { body: { username: account, password: 'Secret123' } })).code).toBe(ERRORS.badCredentials.code);
    expect(await signIn(account, 'Better456')).toBeTruthy();
  });

  it('refuses a wrong old password and a mismatched confirmation', async () => {
    const { token } = await newAccount();
    const wrongOld = await api.call('user.updatePassword', {
      token,
      body: { oldPassword: 'Nope12345', newPassword: 'Better456', confirmPassword: 'Better456' },
    });
    expect(wrongOld.code).toBe(ERRORS.wrongOldPassword.code);
    const mismatch = await api.call('user.updatePassword', {
      token,
      body: { oldPassword: 'Secret123', newPassword: 'Better456', confirmPassword: 'Better457' },
    });
    expect(mismatch.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(mismatch).confirmPassword).toBe('两次输入的密码不一致');
  });

  it('updates nickname and avatar, and validates them', async () => {
    const { token } = await newAccount();
    const ok = await api.call('user.update', {
      token,
      body: { nickname: 'Hopper', avatar: 'https://cdn.example.com/a.png' },
    });
    expect(ok.code).toBe(0);
    expect(ok.data).toMatchObject({ nickname: 'Hopper', avatar: 'https://cdn.example.com/a.png' });
    const bad = await api.call('user.update', {
      token,
      body: { avatar: 'javascript:alert(1)' },
    });
    expect(bad.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(bad).avatar).toBeDefined();
  });
});

describe('catalogued errors', () => {
  it('an unknown route answers 404 with code 43001 and no stack', async () => {
    const res = await api.rawCall('GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.code).toBe(ERRORS.routeNotFound.code);
    expect(res.message).toContain('/no/such/thing');
    expect(JSON.stringify(res)).not.toMatch(/at \w+ \(|node_modules|\.ts:/);
  });

  it('a malformed JSON body answers 45002 in the caller language', async () => {
    const res = await api.rawCall('POST', '/user/register', { body: '{"account": ', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(200);
    expect(res.code).toBe(ERRORS.malformedBody.code);
    expect(res.message).toBe('The request body is malformed');
  });

  it('a GET that carries a JSON content type but no body is served normally', async () => {
    const { token } = await newAccount();
    const res = await api.call('user.detail', { token, headers: { 'content-type': 'application/json' } });
    expect(res.code).toBe(0);
  });

  it('a body that is not an object is invalid input, not a crash', async () => {
    const res = await api.rawCall('POST', '/user/register', { body: '[1,2,3]' });
    expect(res.code).toBe(ERRORS.invalidInput.code);
  });

  it('a request over 10 MB is refused by the gateway like API Gateway does', async () => {
    const res = await api.rawCall('POST', '/user/register', { body: JSON.stringify({ pad: 'x'.repeat(10 * 1024 * 1024) }) });
    expect(res.status).toBe(413);
  });
});
