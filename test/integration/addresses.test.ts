/**
 * A signed-in account's email and phone (issue 25): a code to the new address, then the change with it. An
 * address that is someone's account gets a notice, never a code; the old email is told; guards keep addresses
 * unique; the generic POST /common/code answers each purpose by that purpose's rules.
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { latestCode, newClientAddress, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
let n = 0;
const freshEmail = () => `moved${Date.now().toString(36)}${n++}@example.com`;
const freshPhone = () => `136${String(Date.now() + n++).slice(-8)}`;
const outbox = () => queryAll<{ target: string; purpose: string; code?: string; notice?: string }>(keys.outbox());

const codeRoutes = { EMAIL_UPDATE: 'code.emailUpdate', PHONE_UPDATE: 'code.phoneUpdate' } as const;
const sendCode = (token: string, purpose: keyof typeof codeRoutes, target: string) =>
  api.call(codeRoutes[purpose], { params: { target }, token, from: newClientAddress() });
const login = (username: string, password = 'Secret123') =>
  api.call('login.create', { body: { username, password }, from: newClientAddress() });

describe('changing the email', { timeout: 120_000 }, () => {
  it('moves the account to a new email with its code and the password; the old address is told and freed', async () => {
    const person = await signUp('Mover');
    const next = freshEmail();
    expect((await sendCode(person.token, 'EMAIL_UPDATE', next)).code).toBe(0);
    const code = await latestCode(next);

    const wrongPassword = await api.call('user.email', {
      token: person.token,
      body: { email: next, code, password: 'Wrong1234' },
    });
    expect(wrongPassword.code).toBe(ERRORS.wrongOldPassword.code);

    const moved = await api.call('user.email', {
      token: person.token,
      body: { email: next.toUpperCase(), code, password: 'Secret123' },
    });
    expect(moved.code, moved.message).toBe(0);
    expect(moved.data.email).toBe(next);
    expect((await api.call('user.detail', { token: person.token })).data.email).toBe(next);

    expect((await login(next)).code).toBe(0);
    expect((await login(person.account)).code).toBe(ERRORS.badCredentials.code);
    const told = (await outbox()).find((e) => e.target === person.account && e.purpose === 'EMAIL_UPDATE');
    expect(told?.code).toBeUndefined();
    expect(told?.notice).toContain(next);

    // The old address is free again: registering it gets a code, not the "already has an account" notice.
    await api.call('code.register', { params: { target: person.account }, from: newClientAddress() });
    expect((await outbox()).find((e) => e.target === person.account && e.purpose === 'REGISTER')?.code).toMatch(/^\d{6}$/);
    // The code is spent.
    const again = await api.call('user.email', { token: person.token, body: { email: next, code, password: 'Secret123' } });
    expect(again.code).toBe(ERRORS.badVerificationCode.code);
  });

  it("answers a code request for someone else's address like any other, sends its owner a notice, and never moves it", async () => {
    const [owner, taker] = await Promise.all([signUp('Owner'), signUp('Taker')]);
    const free = freshEmail();
    const [taken, open] = await Promise.all([
      sendCode(taker.token, 'EMAIL_UPDATE', owner.account),
      sendCode(taker.token, 'EMAIL_UPDATE', free),
    ]);
    expect({ code: taken.code, message: taken.message, data: taken.data }).toEqual({
      code: open.code,
      message: open.message,
      data: open.data,
    });
    const toOwner = (await outbox()).find((e) => e.target === owner.account && e.purpose === 'EMAIL_UPDATE');
    expect(toOwner?.code).toBeUndefined();
    expect(toOwner?.notice).toMatch(/未发验证码/);
    const guessed = await api.call('user.email', {
      token: taker.token,
      body: { email: owner.account, code: '123456', password: 'Secret123' },
    });
    expect(guessed.code).toBe(ERRORS.badVerificationCode.code);
    expect((await login(owner.account)).code).toBe(0);
  });

  it('refuses a code for an email on the phone call and the other way round, and needs a session', async () => {
    const person = await signUp('Strict');
    expect((await sendCode(person.token, 'EMAIL_UPDATE', freshPhone())).code).toBe(ERRORS.invalidInput.code);
    expect((await sendCode(person.token, 'PHONE_UPDATE', freshEmail())).code).toBe(ERRORS.invalidInput.code);
    const stranger = await api.call('code.emailUpdate', { params: { target: freshEmail() } });
    expect(stranger.code).toBe(ERRORS.notLoggedIn.code);
  });
});

describe('changing the phone', { timeout: 120_000 }, () => {
  it('adds a phone with its code; the account then signs in by it, and nobody else can take it', async () => {
    const [person, other] = await Promise.all([signUp('Caller'), signUp('Other')]);
    const phone = freshPhone();
    await sendCode(person.token, 'PHONE_UPDATE', phone);
    const set = await api.call('user.phone', {
      token: person.token,
      body: { phone, code: await latestCode(phone) },
    });
    expect(set.code, set.message).toBe(0);
    expect(set.data).toMatchObject({ phone, email: person.account });
    expect((await login(phone)).code).toBe(0);
    expect((await login(person.account)).code).toBe(0);

    await sendCode(other.token, 'PHONE_UPDATE', phone);
    expect((await outbox()).filter((e) => e.target === phone && e.notice).length).toBe(1);
  });
});

describe('POST /common/code', () => {
  it('sends each purpose by its own rules', async () => {
    const account = freshEmail();
    const register = await api.call('code.send', { body: { purpose: 'REGISTER', target: account }, from: newClientAddress() });
    expect(register.code, register.message).toBe(0);
    expect(await latestCode(account)).toMatch(/^\d{6}$/);

    const anonymous = await api.call('code.send', {
      body: { purpose: 'EMAIL_UPDATE', target: freshEmail() },
      from: newClientAddress(),
    });
    expect(anonymous.code).toBe(ERRORS.notLoggedIn.code);

    const person = await signUp('Generic');
    const phoneAsEmail = await api.call('code.send', {
      token: person.token,
      body: { purpose: 'EMAIL_UPDATE', target: freshPhone() },
      from: newClientAddress(),
    });
    expect(phoneAsEmail.code).toBe(ERRORS.invalidInput.code);
    const next = freshEmail();
    const update = await api.call('code.send', {
      token: person.token,
      body: { purpose: 'EMAIL_UPDATE', target: next },
      from: newClientAddress(),
    });
    expect(update.code, update.message).toBe(0);
    expect(await latestCode(next)).toMatch(/^\d{6}$/);
  });
});
