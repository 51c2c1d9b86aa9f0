/** The user service: registration, verification codes, sign-in and sign-out, the account itself. */
import { ConditionFailed, transact } from '../../data/db';
import { createSession, revokeSession, revokeSessionsOf } from '../../data/sessions';
import { env } from '../../env';
import { AppError, fail } from '../../runtime/app-error';
import { createService } from '../../runtime/service';
import { getUser, toUserDetail } from '../../data/users';
import { findUserIdByAccount, newUserOps, updateUser } from './accounts';
import { codeSender } from './code-sender';
import { checkCode, issueCode } from './codes';
import { decoyHash, hashPassword, verifyPassword } from './passwords';
import { clearedSessionCookie, sessionCookie } from './session-cookie';
import { assertUnderLimits, clearCounter, consume, countEvent, type Subject } from './throttle';
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '../../../shared/constants';

const refuseWhenOffline = () => {
  if (env().OFFLINE) fail('registrationDisabled');
};

export const handler = createService('user', {
  /**
   * Answers the same whether or not the account exists, so nobody can test who has one: an existing account's
   * owner gets a notice instead of a code. Both count against the same limits (per target and per address).
   */
  'code.register': async ({ params }, ctx) => {
    refuseWhenOffline();
    await consume(['codeAddress', ctx.sourceIp]);
    const [existing, code] = await Promise.all([findUserIdByAccount(params.target), issueCode('REGISTER', params.target)]);
    await codeSender().send(
      existing ? { target: params.target, purpose: 'REGISTER', notice: 'accountExists', locale: ctx.locale } : { target: params.target, purpose: 'REGISTER', code },
      ctx.log,
    );
    return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
  },

  'user.register': async ({ body }, ctx) => {
    refuseWhenOffline();
    const consumeCode = await checkCode('REGISTER', body.account, body.code);
    const { user, ops, guardIndex } = newUserOps({
      account: body.account,
      nickname: body.nickname,
      passwordHash: await hashPassword(body.password),
    });
    try {
      await transact([...ops, consumeCode]);
    } catch (err) {
      if (err instanceof ConditionFailed) fail(err.index === guardIndex ? 'accountExists' : 'badVerificationCode');
      throw err;
    }
    const { token } = await createSession(user.id);
    ctx.setCookie(sessionCookie(token));
    ctx.log.info('user registered', { userId: user.id });
    return { token, user: toUserDetail(user) };
  },

  'login.create': async ({ body }, ctx) => {
    const account = body.username.includes('@') ? body.username.toLowerCase() : body.username;
    const pair: Subject = ['loginPair', `${account}|${ctx.sourceIp}`];
    const subjects: Subject[] = [pair, ['loginAccount', account], ['loginAddress', ctx.sourceIp]];
    await assertUnderLimits(subjects);
    const userId = await findUserIdByAccount(account);
    const user = userId ? await getUser(userId) : undefined;
    // Unknown account and wrong password take the same time and give the same answer.
    const ok = await verifyPassword(body.password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !ok) {
      await countEvent(subjects);
      throw new AppError('badCredentials');
    }
    // The account-wide count stays: it caps guessing per hour whoever signs in meanwhile.
    await clearCounter(pair);
    const { token } = await createSession(user.id);
    ctx.setCookie(sessionCookie(token));
    return { token, user: toUserDetail(user) };
  },

  'login.delete': async (_input, ctx) => {
    if (ctx.caller) await revokeSession(ctx.caller.session.tokenHash);
    ctx.setCookie(clearedSessionCookie());
    return null;
  },

  'user.detail': async (_input, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    return toUserDetail(user);
  },

  'user.update': async ({ body }, ctx) => {
    const avatar = body.avatar === '' ? null : body.avatar;
    try {
      return toUserDetail(await updateUser(ctx.caller.userId, { nickname: body.nickname, avatar }));
    } catch (err) {
      if (err instanceof ConditionFailed) fail('notFound');
      throw err;
    }
  },

  'user.updatePassword': async ({ body }, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) fail('wrongOldPassword');
    try {
      await updateUser(user.id, { passwordHash: await hashPassword(body.newPassword) }, user.rev);
    } catch (err) {
      if (err instanceof ConditionFailed) fail('conflict');
      throw err;
    }
    const revoked = await revokeSessionsOf(user.id, ctx.caller.session.tokenHash);
    ctx.log.info('password changed', { userId: user.id, revokedSessions: revoked });
    return null;
  },
});
