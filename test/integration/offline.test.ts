/** An offline deployment (OFFLINE=true) refuses registration and its codes; sign-in still works. */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { signUp, useLocalApi } from '../support/local-api';

// Set before the first request loads the handler, which parses its environment once, as at a cold start.
process.env.OFFLINE = 'true';
const api = useLocalApi();

describe('offline deployment', () => {
  it('refuses to send registration codes', async () => {
    const res = await api.call('POST', '/common/code/REGISTER/someone@example.com', { headers: { 'accept-language': 'en' } });
    expect(res.code).toBe(ERRORS.registrationDisabled.code);
    expect(res.message).toBe('Registration is disabled in an offline deployment');
  });

  it('refuses registration', async () => {
    const res = await api.call('POST', '/user/register', {
      body: { account: 'someone@example.com', nickname: 'A', password: 'Secret123', code: '123456' },
    });
    expect(res.code).toBe(ERRORS.registrationDisabled.code);
  });

  it('refuses codes to new addresses and changing the email or phone, in either language', async () => {
    const person = await signUp('Offline');
    const code = await api.call('POST', '/common/code/EMAIL_UPDATE/new@example.com', {
      token: person.token,
      headers: { 'accept-language': 'en' },
    });
    expect(code.code).toBe(ERRORS.addressChangeDisabled.code);
    expect(code.message).toBe('Changing the email or phone is disabled in an offline deployment');
    const phone = await api.call('POST', '/user/phone', { token: person.token, body: { phone: '13700000000', code: '123456' } });
    expect(phone.code).toBe(ERRORS.addressChangeDisabled.code);
    expect(phone.message).toBe('离线部署不支持修改邮箱或手机号');
    const email = await api.call('POST', '/user/email', {
      token: person.token,
      body: { email: 'new@example.com', code: '123456', password: 'Secret123' },
    });
    expect(email.code).toBe(ERRORS.addressChangeDisabled.code);
  });

  it('still signs people in (the answer is about credentials, not the mode)', async () => {
    const res = await api.call('POST', '/login', { form: { username: 'nobody@example.com', password: 'Secret123' } });
    expect(res.code).toBe(ERRORS.badCredentials.code);
  });

  it('refuses third-party sign-in, its callbacks and its phone binding, in either language (issue 25)', async () => {
    // Configured or not, an offline deployment offers none.
    process.env.THIRD_PARTY_PROVIDERS = JSON.stringify({ github: { clientId: 'id', clientSecret: 'secret' } });
    const list = await api.call('GET', '/login/third-part', { headers: { 'accept-language': 'en' } });
    expect(list.code).toBe(ERRORS.thirdPartyDisabled.code);
    expect(list.message).toBe('Third-party sign-in is disabled in an offline deployment');
    const start = await api.call('GET', '/login/third-part', { query: { provider: 'github' } });
    expect(start.code).toBe(ERRORS.thirdPartyDisabled.code);
    expect(start.message).toBe('离线部署不支持第三方登录');
    const back = await api.call('GET', '/login/third-part/redirect/LOGIN/github', { query: { code: 'c', state: 's' } });
    expect(back.code).toBe(ERRORS.thirdPartyDisabled.code);
    const code = await api.call('POST', '/common/code', { body: { purpose: 'BIND_PHONE', target: '13700000001' } });
    expect(code.code).toBe(ERRORS.thirdPartyDisabled.code);
    const bind = await api.call('POST', '/user/phone-not-login', {
      body: { ticket: 'x'.repeat(32), phone: '13700000001', code: '123456' },
    });
    expect(bind.code).toBe(ERRORS.thirdPartyDisabled.code);
    const person = await signUp('Offline');
    // The account page still reads its bound identities; the offered list it would bind from (GET /login/third-part,
    // above) is refused.
    const info = await api.call<{ bound: unknown[] }>('GET', '/user/bound-info', { token: person.token });
    expect(info.code, info.message).toBe(0);
    expect(info.data.bound).toEqual([]);
  });
});
