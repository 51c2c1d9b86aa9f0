/**
 * A signed-in account's email and phone: a code to the new address, then the change with it. An address that is
 * already someone's account gets a notice instead of a code (so the asker learns nothing and cannot finish), and
 * the old email is told of a change. An offline deployment sends no codes to new addresses: both are refused.
 */
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS, type CodePurpose } from '@shared/constants';
import { verifyPassword } from '../../domain/passwords';
import { consume } from '../../domain/throttles';
import { changeAddress, findUserIdByAccount, getUser, toUserDetail } from '../../domain/users';
import { checkCode, issueCode } from '../../domain/verification-codes';
import { env } from '../../env';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers, type RequestContext } from '../../runtime/service';
import { codeSender } from './code-sender';

const refuseWhenOffline = () => {
  if (env().OFFLINE) fail('addressChangeDisabled');
};

export async function sendAddressCode(purpose: Extract<CodePurpose, 'EMAIL_UPDATE' | 'PHONE_UPDATE'>, target: string, ctx: RequestContext) {
  refuseWhenOffline();
  await consume(['codeAddress', ctx.sourceIp]);
  const [owner, code] = await Promise.all([findUserIdByAccount(target), issueCode(purpose, target)]);
  await codeSender().send(
    owner ? { target, purpose, notice: 'addressTaken', locale: ctx.locale } : { target, purpose, code, locale: ctx.locale },
    ctx.log,
  );
  return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
}

async function caller(ctx: RequestContext) {
  const user = ctx.caller && (await getUser(ctx.caller.userId));
  if (!user) throw new AppError('sessionExpired');
  return user;
}

export const addressHandlers = defineHandlers({
  'code.emailUpdate': ({ params }, ctx) => sendAddressCode('EMAIL_UPDATE', params.target, ctx),
  'code.phoneUpdate': ({ params }, ctx) => sendAddressCode('PHONE_UPDATE', params.target, ctx),

  'user.email': async ({ body }, ctx) => {
    refuseWhenOffline();
    const user = await caller(ctx);
    if (!(await verifyPassword(body.password, user.passwordHash))) fail('wrongOldPassword');
    const spend = await checkCode('EMAIL_UPDATE', body.email, body.code);
    const changed = await changeAddress(user, 'email', body.email, [spend]);
    if (user.email && user.email !== body.email) {
      // The change is made: a notice that could not go out (logged by the sender) does not turn it into an error.
      await codeSender()
        .send(
          { target: user.email, purpose: 'EMAIL_UPDATE', notice: 'emailChanged', locale: ctx.locale, params: { email: body.email } },
          ctx.log,
        )
        .catch(() => undefined);
    }
    ctx.log.info('email changed', { userId: user.id });
    return toUserDetail(changed);
  },

  'user.phone': async ({ body }, ctx) => {
    refuseWhenOffline();
    const user = await caller(ctx);
    const spend = await checkCode('PHONE_UPDATE', body.phone, body.code);
    const changed = await changeAddress(user, 'phone', body.phone, [spend]);
    ctx.log.info('phone changed', { userId: user.id });
    return toUserDetail(changed);
  },
});
