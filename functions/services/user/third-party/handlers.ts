/**
 * The account's third-party identities (issue 25): binding a phone for a person new to us (a new account, or the
 * one that phone has), the identities bound, and unbinding one (never the last way to sign in). The sign-in
 * itself is the `oauth` service's (functions/services/oauth).
 */
import { randomUUID } from 'node:crypto';
import {
  bindIdentityOps,
  bindIdentityWith,
  identitiesOf,
  readBindTicket,
  toBoundIdentity,
  unbindIdentity,
} from '../../../domain/identities';
import { findUserIdByAccount, getUser, hasPassword, NO_PASSWORD, registerUser } from '../../../domain/users';
import { checkCode } from '../../../domain/verification-codes';
import { AppError, fail } from '../../../core/app-error';
import { defineHandlers } from '../../../runtime/service';
import { nicknameOf, refuseThirdPartyWhenOffline, signIn } from './config';

export const identityHandlers = defineHandlers({
  /**
   * The phone's code proves the person holds it: the identity joins the account of that phone (as its owner
   * could recover it with the same code anyway), or a new account made with it, which has no password yet.
   */
  'user.phoneNotLogin': async ({ body }, ctx) => {
    refuseThirdPartyWhenOffline();
    const { record, spend } = await readBindTicket(body.ticket);
    const spendCode = await checkCode('BIND_PHONE', body.phone, body.code);
    const owner = await findUserIdByAccount(body.phone);
    const profile = { subject: record.subject, nickname: record.nickname, avatar: record.avatar };
    if (owner) {
      await bindIdentityWith(owner, record.provider, profile, [spend, spendCode]);
      ctx.log.info('third-party identity bound by phone', { userId: owner, provider: record.provider });
      return signIn(owner, ctx);
    }
    const id = randomUUID();
    await registerUser(
      { id, account: body.phone, nickname: nicknameOf(record.nickname), passwordHash: NO_PASSWORD, avatar: record.avatar },
      [...bindIdentityOps(id, record.provider, profile), spend, spendCode],
      'badVerificationCode',
    );
    ctx.log.info('user registered by third-party sign-in', { userId: id, provider: record.provider });
    return signIn(id, ctx);
  },

  'user.boundInfo': async (_input, ctx) => {
    const [user, bound] = await Promise.all([getUser(ctx.caller.userId), identitiesOf(ctx.caller.userId)]);
    if (!user) throw new AppError('sessionExpired');
    // Which providers are offered is the oauth service's to say (GET /login/third-part): in AWS only its function
    // may read the providers' secret.
    return { bound: bound.map(toBoundIdentity), hasPassword: hasPassword(user) };
  },

  /** The user item's revision is bumped with the unbind (domain), so two unbinds at once cannot both pass the check. */
  'user.thirdPartUnbind': async ({ params }, ctx) => {
    const [user, bound] = await Promise.all([getUser(ctx.caller.userId), identitiesOf(ctx.caller.userId)]);
    if (!user) throw new AppError('sessionExpired');
    const identity = bound.find((i) => i.provider === params.x);
    if (!identity) fail('notFound');
    if (!hasPassword(user) && bound.length <= 1) fail('lastSignInWay');
    await unbindIdentity(user, identity!);
    ctx.log.info('third-party identity unbound', { userId: user.id, provider: params.x });
    return null;
  },
});
