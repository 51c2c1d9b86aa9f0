/**
 * Codes and notices in AWS (issue 25, CODE_SENDER=aws): mail through SES v2, text messages through End User
 * Messaging SMS, in the request's language, through the real user service and its table. The two SDK clients are
 * replaced by aws-sdk-client-mock; everything else is real. A send that fails answers `codeNotSent` and leaves no
 * live code behind (nor the resend wait); no code is ever written to the log.
 */
import { PinpointSMSVoiceV2Client, SendTextMessageCommand } from '@aws-sdk/client-pinpoint-sms-voice-v2';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@shared/errors';
import { translate } from '@shared/messages';
import { newClientAddress, signUp, useLocalApi } from '../support/local-api';
import { uniquePhone } from '../support/unique-phone';

// Set before the first request loads the handler, which parses its environment once, as at a cold start.
Object.assign(process.env, {
  CODE_SENDER: 'aws',
  MAIL_FROM: 'no-reply@mail.apiloom.example',
  SMS_ORIGINATION_IDENTITY: 'pool-0123456789abcdef',
  // Everything the functions log, down to debug, is watched for codes.
  LOG_LEVEL: 'debug',
});
const api = useLocalApi();
const ses = mockClient(SESv2Client);
const sms = mockClient(PinpointSMSVoiceV2Client);

let written = '';
beforeEach(() => {
  ses.reset();
  sms.reset();
  ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
  sms.on(SendTextMessageCommand).resolves({ MessageId: 's-1' });
  written = '';
  for (const stream of [process.stdout, process.stderr]) {
    // Kept, not printed: debug logging of every request would bury the test's own output.
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written += String(chunk);
      return true;
    });
  }
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  ses.restore();
  sms.restore();
});

let n = 0;
const newEmail = () => `aws${Date.now().toString(36)}${n++}@example.com`;
const askRegisterCode = (target: string, lang?: string) =>
  api.call('code.register', {
    params: { target },
    from: newClientAddress(),
    headers: lang ? { 'accept-language': lang } : {},
  });
const register = (account: string, code: string) =>
  api.call('user.register', { body: { account, nickname: 'Aws', password: 'Secret123', code }, from: newClientAddress() });
const sixDigits = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1] ?? '';

describe('codes and notices through SES and End User Messaging SMS', { timeout: 120_000 }, () => {
  it('mails a code from MAIL_FROM with subject and body in the request language, and that code registers', async () => {
    for (const lang of ['zh', 'en'] as const) {
      ses.resetHistory();
      const to = newEmail();
      const asked = await askRegisterCode(to, lang === 'en' ? 'en' : undefined);
      expect(asked.code, asked.message).toBe(0);
      expect(sms.commandCalls(SendTextMessageCommand)).toHaveLength(0);
      const [call] = ses.commandCalls(SendEmailCommand);
      const input = call!.args[0].input;
      const code = sixDigits(input.Content?.Simple?.Body?.Text?.Data);
      expect(input).toEqual({
        FromEmailAddress: 'no-reply@mail.apiloom.example',
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: translate(lang, 'text.codeSubject', { code }), Charset: 'UTF-8' },
            Body: { Text: { Data: translate(lang, 'text.codeBody', { code, minutes: '10' }), Charset: 'UTF-8' } },
          },
        },
      });
      expect(input.Content?.Simple?.Subject?.Data).toContain(lang === 'en' ? 'verification code' : '验证码');
      expect(written.includes(code), 'the code is not in the log').toBe(false);
      const done = await register(to, code);
      expect(done.code, done.message).toBe(0);
    }
  });

  it('texts a code to a phone in E.164 from the origination identity, in the request language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      sms.resetHistory();
      const phone = uniquePhone();
      const asked = await askRegisterCode(phone, lang === 'en' ? 'en-GB,en;q=0.9' : 'zh-CN');
      expect(asked.code, asked.message).toBe(0);
      expect(ses.commandCalls(SendEmailCommand)).toHaveLength(0);
      const [call] = sms.commandCalls(SendTextMessageCommand);
      const input = call!.args[0].input;
      const code = sixDigits(input.MessageBody);
      expect(input).toEqual({
        DestinationPhoneNumber: `+86${phone}`,
        OriginationIdentity: 'pool-0123456789abcdef',
        MessageBody: translate(lang, 'text.codeBody', { code, minutes: '10' }),
        MessageType: 'TRANSACTIONAL',
      });
      expect(written.includes(code), 'the code is not in the log').toBe(false);
      const done = await register(phone, code);
      expect(done.code, done.message).toBe(0);
    }
    // A number written with its country code keeps it.
    sms.resetHistory();
    expect((await askRegisterCode('+4479460' + String(Date.now()).slice(-5))).code).toBe(0);
    expect(sms.commandCalls(SendTextMessageCommand)[0]!.args[0].input.DestinationPhoneNumber).toMatch(/^\+44\d+$/);
  });

  it('mails a notice, not a code, to an address that already has an account, in the request language', async () => {
    const person = await signUp('Existing');
    for (const lang of ['zh', 'en'] as const) {
      ses.resetHistory();
      // The per-target resend wait does not apply across languages here: a new purpose keeps them apart.
      const res = await api.call(lang === 'zh' ? 'code.register' : 'code.emailUpdate', {
        params: { target: person.account },
        from: newClientAddress(),
        token: person.token,
        headers: { 'accept-language': lang },
      });
      expect(res.code, res.message).toBe(0);
      const input = ses.commandCalls(SendEmailCommand)[0]!.args[0].input;
      expect(input.Destination).toEqual({ ToAddresses: [person.account] });
      expect(input.Content?.Simple?.Subject?.Data).toBe(translate(lang, 'text.noticeSubject'));
      expect(input.Content?.Simple?.Body?.Text?.Data).toBe(
        translate(lang, lang === 'zh' ? 'text.accountExistsNotice' : 'text.addressTakenNotice'),
      );
      expect(sixDigits(input.Content?.Simple?.Body?.Text?.Data)).toBe('');
    }
  });

  it('answers codeNotSent in either language when SES or SMS fails, and leaves no live code nor the resend wait', async () => {
    for (const [lang, target] of [
      ['zh', newEmail()],
      ['en', uniquePhone()],
    ] as const) {
      ses.on(SendEmailCommand).rejectsOnce(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
      sms.on(SendTextMessageCommand).rejectsOnce(Object.assign(new Error('opted out'), { name: 'ValidationException' }));
      const failed = await askRegisterCode(target, lang);
      expect(failed.code).toBe(ERRORS.codeNotSent.code);
      expect(failed.message).toBe(translate(lang, 'error.codeNotSent'));
      const sent = (kind: 'first' | 'last') => {
        const calls = target.includes('@')
          ? ses.commandCalls(SendEmailCommand).map((c) => c.args[0].input.Content?.Simple?.Body?.Text?.Data)
          : sms.commandCalls(SendTextMessageCommand).map((c) => c.args[0].input.MessageBody);
        return sixDigits(kind === 'first' ? calls[0] : calls.at(-1));
      };
      const lost = sent('first');
      expect(lost).toMatch(/^\d{6}$/);
      expect(written.includes(lost), 'the unsent code is not in the log').toBe(false);
      // The code nobody got is void.
      expect((await register(target, lost)).code).toBe(ERRORS.badVerificationCode.code);
      // And asking again works at once (no resend wait for a message that never went), with a code that registers.
      const again = await askRegisterCode(target, lang);
      expect(again.code, again.message).toBe(0);
      const code = sent('last');
      expect(code).not.toBe('');
      expect((await register(target, code)).code).toBe(0);
    }
  });

  it('answers a recovery or step-up code for an account whose mail fails exactly as for no account, in either language', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const account = newEmail();
      const code = await askRegisterCode(account, lang);
      expect(code.code, code.message).toBe(0);
      expect(
        (await register(account, sixDigits(ses.commandCalls(SendEmailCommand).at(-1)?.args[0].input.Content?.Simple?.Body?.Text?.Data)))
          .code,
      ).toBe(0);
      for (const purpose of ['code.resetPassword', 'code.login'] as const) {
        const ask = (target: string) =>
          api.call(purpose, {
            params: { target },
            from: newClientAddress(),
            headers: { 'accept-language': lang },
          });
        // From now on every mail fails (a "once" rule would count from the mock's first call, long past).
        ses.on(SendEmailCommand).rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
        const before = ses.commandCalls(SendEmailCommand).length;
        const [failed, nobody] = [await ask(account), await ask(newEmail())];
        ses.on(SendEmailCommand).resolves({ MessageId: 'm-2' });
        expect(ses.commandCalls(SendEmailCommand).length, 'the account was mailed').toBe(before + 1);
        expect({ code: failed.code, data: failed.data }, purpose).toEqual({ code: nobody.code, data: nobody.data });
        expect(failed.code).toBe(0);
      }
    }
  });
});
