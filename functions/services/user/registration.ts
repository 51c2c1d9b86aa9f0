/** Registration: verification codes, and the account they let someone create. */
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '@shared/constants';
import { createSession } from '../../domain/sessions';
import { consume } from '../../domain/throttles';
import { findUserIdByAccount, registerUser, toUserDetail } from '../../domain/users';
import { checkCode, issueCode } from '../../domain/verification-codes';
import { env } from '../../env';
import { fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { codeSender } from './code-sender';
import { hashPassword } from '../../domain/passwords';
import { sessionCookies } from '../../runtime/session-cookie';

const refuseWhenOffline = () => {
  if (env().OFFLINE) fail('registrationDisabled');
};

export const registrationHandlers = defineHandlers({
  /**
   * Answers the same whether or not the account exists, so nobody can test who has one: an existing account's
   * owner gets a notice instead of a code. Both count against the same limits (per target and per address).
   */
  'code.register': async ({ params }, ctx) => {
    refuseWhenOffline();
    await consume(['codeAddress', ctx.sourceIp]);
    const [existing, code] = await Promise.all([findUserIdByAccount(params.target), issueCode('REGISTER', params.target)]);
    await codeSender().send(
      existing
        ? { target: params.target, purpose: 'REGISTER', notice: 'accountExists', locale: ctx.locale }
        : { target: params.target, purpose: 'REGISTER', code, locale: ctx.locale },
      ctx.log,
    );
    return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  },

  'user.register': async ({ body }, ctx) => {
    refuseWhenOffline();
    const consumeCode = await checkCode('REGISTER', body.account, body.code);
    const user = await registerUser(
      { account: body.account, nickname: body.nickname, passwordHash: await hashPassword(body.password) },
      [consumeCode],
      'badVerificationCode',
    );
    const { token } = await createSession(user.id);
    for (const cookie of sessionCookies(token, ctx.event)) ctx.setCookie(cookie);
    ctx.log.info('user registered', { userId: user.id });
    return { token, user: toUserDetail(user) };
  },
});
