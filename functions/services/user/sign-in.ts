/** Signing in and out. */
import { createSession, revokeSession } from '../../domain/sessions';
import { assertUnderLimits, clearCounter, countEvent, type Subject } from '../../domain/throttles';
import { findUserIdByAccount, getUser, toUserDetail } from '../../domain/users';
import { AppError } from '../../runtime/app-error';
import { defineHandlers } from '../../runtime/service';
import { decoyHash, verifyPassword } from './passwords';
import { clearedSessionCookie, sessionCookie } from './session-cookie';

export const signInHandlers = defineHandlers({
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
});
