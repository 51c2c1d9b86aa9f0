/** The signed-in user's own account. */
import { revokeSessionsOf } from '../../domain/sessions';
import { changePasswordHash, getUser, toUserDetail, updateProfile } from '../../domain/users';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { hashPassword, verifyPassword } from '../../domain/passwords';

export const profileHandlers = defineHandlers({
  'user.detail': async (_input, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    return toUserDetail(user);
  },

  'user.update': async ({ body }, ctx) =>
    toUserDetail(await updateProfile(ctx.caller.userId, { nickname: body.nickname, avatar: body.avatar === '' ? null : body.avatar })),

  /** A new password signs the account out everywhere else. */
  'user.updatePassword': async ({ body }, ctx) => {
    const user = await getUser(ctx.caller.userId);
    if (!user) throw new AppError('sessionExpired');
    if (!(await verifyPassword(body.oldPassword, user.passwordHash))) fail('wrongOldPassword');
    await changePasswordHash(user, await hashPassword(body.newPassword));
    const revoked = await revokeSessionsOf(user.id, ctx.caller.session.tokenHash);
    ctx.log.info('password changed', { userId: user.id, revokedSessions: revoked });
    return null;
  },
});
