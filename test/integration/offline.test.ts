/** An offline deployment (OFFLINE=true) refuses registration and its codes; sign-in still works. */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { signUp, useLocalApi } from '../support/local-api';

// Set before the first request loads the handler, which parses its environment once, as at a cold start.
process.env.OFFLINE = 'true';
const api = useLocalApi();

describe('offline deployment', () => {
  it('refuses to send registration codes', async () => {
    const res = await api.call('code.register', { params: { target: 'someone@example.com' }, headers: { 'accept-language': 'en' } });
    expect(res.code).toBe(ERRORS.registrationDisabled.code);
    expect(res.message).toBe('Registration is disabled in an offline deployment');
  });

  it('refuses registration', async () => {
    const res = await api.call('user.register', {
      body: { account: 'someone@example.com', nickname: 'A', password: 'Secret123', code: '123456' },
    });
    expect(res.code).toBe(ERRORS.registrationDisabled.code);
  });

  it('refuses codes to new addresses and changing the email or phone, in either language', async () => {
    const person = await signUp('Offline');
    const code = await api.call('code.emailUpdate', {
      params: { target: 'new@example.com' },
      token: person.token,
      headers: { 'accept-language': 'en' },
    });
    expect(code.code).toBe(ERRORS.addressChangeDisabled.code);
    expect(code.message).toBe('Changing the email or phone is disabled in an offline deployment');
    const phone = await api.call('user.phone', { token: person.token, body: { phone: '13700000000', code: '123456' } });
    expect(phone.code).toBe(ERRORS.addressChangeDisabled.code);
    expect(phone.message).toBe('离线部署不支持修改邮箱或手机号');
    const email = await api.call('user.email', {
      token: person.token,
      body: { email: 'new@example.com', code: '123456', password: 'Secret123' },
    });
    expect(email.code).toBe(ERRORS.addressChangeDisabled.code);
  });

  it('still signs people in (the answer is about credentials, not the mode)', async () => {
    const res = await api.call('login.create', { body: { username: 'nobody@example.com', password: 'Secret123' } });
    expect(res.code).toBe(ERRORS.badCredentials.code);
  });

  it('refuses third-party sign-in, its callbacks and its phone binding, in either language (issue 25)', async () => {
    // Configured or not, an offline deployment offers none.
    process.env.THIRD_PARTY_PROVIDERS = JSON.stringify({ github: { clientId: 'id', clientSecret: 'secret' } });
    const list = await api.call('login.thirdPart', { headers: { 'accept-language': 'en' } });
    expect(list.code).toBe(ERRORS.thirdPartyDisabled.code);
    expect(list.message).toBe('Third-party sign-in is disabled in an offline deployment');
    const start = await api.call('login.thirdPart', { query: { provider: 'github' } });
    expect(start.code).toBe(ERRORS.thirdPartyDisabled.code);
    expect(start.message).toBe('离线部署不支持第三方登录');
    const back = await api.call('login.thirdPartLogin', { params: { x: 'github' }, query: { code: 'c', state: 's' } });
    expect(back.code).toBe(ERRORS.thirdPartyDisabled.code);
    const code = await api.call('code.send', { body: { purpose: 'BIND_PHONE', target: '13700000001' } });
    expect(code.code).toBe(ERRORS.thirdPartyDisabled.code);
    const bind = await api.call('user.phoneNotLogin', {
      body: { ticket: 'x'.repeat(32), phone: '13700000001', code: '123456' },
    });
    expect(bind.code).toBe(ERRORS.thirdPartyDisabled.code);
    const person = await signUp('Offline');
    // The account page still reads its bound identities; the offered list it would bind from (GET /login/third-part,
    // above) is refused.
    const info = await api.call('user.boundInfo', { token: person.token });
    expect(info.code, info.message).toBe(0);
    expect(info.data.bound).toEqual([]);
  });
});
