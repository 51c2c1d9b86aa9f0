/** Password recovery for a person who cannot sign in: a code to the account's address, then a new password. */
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '@shared/constants';
import { hashPassword } from '../../domain/passwords';
import { revokeSessionsOf } from '../../domain/sessions';
import { consume } from '../../domain/throttles';
import { findUserIdByAccount, getUser, resetPasswordHash } from '../../domain/users';
import { checkCode, issueCode } from '../../domain/verification-codes';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { sendWithoutTelling } from './code-sender';

export const recoveryHandlers = defineHandlers({
  /**
   * The same answer, the same limits and the same writes whether or not the account exists: a code is issued
   * either way (one that reaches nobody can reset nothing) and sent only to an account's own address.
   */
  'code.resetPassword': async ({ params }, ctx) => {
    await consume(['codeAddress', ctx.sourceIp]);
    const [userId, code] = await Promise.all([findUserIdByAccount(params.target), issueCode('RESET_PWD', params.target)]);
    if (userId) await sendWithoutTelling({ target: params.target, purpose: 'RESET_PWD', code, locale: ctx.locale }, ctx.log);
    return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  },

  /** The code is checked before the account is looked up, so a wrong code says nothing about the account. */
  'user.resetPassword': async ({ body }, ctx) => {
    const consumeCode = await checkCode('RESET_PWD', body.account, body.code);
    const userId = await findUserIdByAccount(body.account);
    const user = userId ? await getUser(userId) : undefined;
    if (!user) throw new AppError('badVerificationCode');
    await resetPasswordHash(user, await hashPassword(body.password), [consumeCode]);
    // Whoever held a session (perhaps the reason for the reset) is out.
    const revoked = await revokeSessionsOf(user.id);
    ctx.log.info('password reset', { userId: user.id, revokedSessions: revoked });
    return null;
  },
});
