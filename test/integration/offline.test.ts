/** An offline deployment (OFFLINE=true) refuses registration and its codes; sign-in still works. */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { useLocalApi } from '../support/local-api';

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

  it('still signs people in (the answer is about credentials, not the mode)', async () => {
    const res = await api.call('POST', '/login', { form: { username: 'nobody@example.com', password: 'Secret123' } });
    expect(res.code).toBe(ERRORS.badCredentials.code);
  });
});
