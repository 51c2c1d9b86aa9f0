/** Leaving the product (issue 25): what stands in the way, and the deletion of the signed-in account. */
import { isQuitPhrase } from '@shared/accounts';
import { planQuit, quitAccount } from '../../domain/account-removal';
import { verifyPassword } from '../../domain/passwords';
import { getUser, hasPassword } from '../../domain/users';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { clearedSessionCookies } from '../../runtime/session-cookie';

export const quitHandlers = defineHandlers({
  'user.quitCheck': async (_input, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    const { teams, projects } = await planQuit(user.id);
    return { teams, projects, hasPassword: hasPassword(user) };
  },

  /**
   * The typed phrase and the password (when the account has one) are checked before anything is read or written;
   * then the blockers, then the deletion. The session cookies are cleared: the caller lands signed out.
   */
  'user.quit': async ({ body }, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    if (!isQuitPhrase(body.confirmation)) fail('quitConfirmation');
    if (hasPassword(user) && !(await verifyPassword(body.password ?? '', user.passwordHash))) fail('wrongPassword');
    await quitAccount(user, ctx.caller.session.tokenHash, ctx.log);
    for (const cookie of clearedSessionCookies(ctx.event)) ctx.setCookie(cookie);
    return null;
  },
});
