/** Signing in and out. */
import { createSession, revokeSession } from '../../domain/sessions';
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '@shared/constants';
import { assertUnderLimits, clearCounter, consume, countEvent, overLimit, type Subject } from '../../domain/throttles';
import { checkCodeToSpend, issueCode } from '../../domain/verification-codes';
import { sendWithoutTelling } from './code-sender';
import { findUserIdByAccount, getUser, isLeaving, toUserDetail } from '../../domain/users';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { decoyHash, verifyPassword } from '../../domain/passwords';
import { clearedSessionCookies, sessionCookies } from '../../runtime/session-cookie';

const normalAccount = (username: string) => (username.includes('@') ? username.toLowerCase() : username);

export const signInHandlers = defineHandlers({
  /**
   * Guessing is slowed per address (per account and address, and across accounts), which a stranger cannot turn
   * against the owner. Past many failures on the account from anywhere, the password alone no longer signs in:
   * a code sent to the account (code.login) must come with it. That step-up is asked for before any password is
   * checked, so a guesser without the owner's mailbox or phone learns nothing more, and the owner is never locked
   * out.
   */
  'login.create': async ({ body }, ctx) => {
    const account = normalAccount(body.username);
    const pair: Subject = ['loginPair', `${account}|${ctx.sourceIp}`];
    const perAccount: Subject = ['loginAccount', account];
    const subjects: Subject[] = [pair, perAccount, ['loginAddress', ctx.sourceIp]];
    await assertUnderLimits([pair, ['loginAddress', ctx.sourceIp]]);
    let spendCode: (() => Promise<void>) | undefined;
    if (await overLimit(perAccount)) {
      if (!body.code) throw new AppError('stepUpRequired');
      spendCode = await checkCodeToSpend('LOGIN', account, body.code);
    }
    const userId = await findUserIdByAccount(account);
    const user = userId ? await getUser(userId) : undefined;
    // Unknown account and wrong password take the same time and give the same answer.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await countEvent(subjects);
      throw new AppError('badCredentials');
    }
    // An account being deleted right now gets no new session (a deletion stopped long ago does: it can be retried).
    if (isLeaving(user)) throw new AppError('accountLeaving');
    // A code is good for one sign-in.
    if (spendCode) await spendCode();
    // The account-wide count stays: whoever signs in next this hour steps up too.
    await clearCounter(pair);
    const { token } = await createSession(user.id);
    for (const cookie of sessionCookies(token, ctx.event)) ctx.setCookie(cookie);
    return { token, user: toUserDetail(user) };
  },

  /**
   * Sends the step-up code to the account itself. Answers the same whether or not the account exists, after
   * the same limits as registration codes (per target and per address).
   */
  'code.login': async ({ params }, ctx) => {
    await consume(['codeAddress', ctx.sourceIp]);
    const account = normalAccount(params.target);
    const [existing, code] = await Promise.all([findUserIdByAccount(account), issueCode('LOGIN', account)]);
    if (existing) await sendWithoutTelling({ target: account, purpose: 'LOGIN', code, locale: ctx.locale }, ctx.log);
    return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  },

  'login.delete': async (_input, ctx) => {
    if (ctx.caller) await revokeSession(ctx.caller.session.tokenHash);
    for (const cookie of clearedSessionCookies(ctx.event)) ctx.setCookie(cookie);
    return null;
  },
});
