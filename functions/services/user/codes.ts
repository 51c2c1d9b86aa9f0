/** The spec's generic `POST /common/code`: each purpose answered by its own call's handler, with its own rules. */
import { VERIFICATION_CODE_RESEND_SECONDS, VERIFICATION_CODE_TTL_SECONDS } from '@shared/constants';
import { consume } from '../../domain/throttles';
import { issueCode } from '../../domain/verification-codes';
import { codeSender } from './code-sender';
import { refuseThirdPartyWhenOffline } from './third-party/config';
import { emailTargetParams, phoneTargetParams } from '@shared/schemas/account';
import { fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { parseWith } from '../../runtime/validation';
import { sendAddressCode } from './addresses';
import { recoveryHandlers } from './recovery';
import { registrationHandlers } from './registration';
import { signInHandlers } from './sign-in';

export const codeHandlers = defineHandlers({
  'code.send': async ({ body }, ctx) => {
    const params = { target: body.target };
    const input = { params, query: undefined, body: undefined };
    switch (body.purpose) {
      case 'REGISTER':
        return registrationHandlers['code.register'](input, ctx);
      case 'RESET_PWD':
        return recoveryHandlers['code.resetPassword'](input, ctx);
      case 'LOGIN':
        return signInHandlers['code.login'](input, ctx);
      case 'EMAIL_UPDATE':
      case 'PHONE_UPDATE': {
        // Their own calls need a session: so does this one for them.
        if (!ctx.caller) fail('notLoggedIn');
        const schema = body.purpose === 'EMAIL_UPDATE' ? emailTargetParams : phoneTargetParams;
        const { target } = parseWith(schema, params, ctx.locale, ['target']);
        return sendAddressCode(body.purpose, target, ctx);
      }
      case 'BIND_PHONE': {
        // A phone for a third-party sign-in (POST /user/phone-not-login): to any phone, as REGISTER is.
        refuseThirdPartyWhenOffline();
        const { target } = parseWith(phoneTargetParams, params, ctx.locale, ['target']);
        await consume(['codeAddress', ctx.sourceIp]);
        const code = await issueCode('BIND_PHONE', target);
        await codeSender().send({ target, purpose: 'BIND_PHONE', code, locale: ctx.locale }, ctx.log);
        return { expiresInSeconds: VERIFICATION_CODE_TTL_SECONDS, resendInSeconds: VERIFICATION_CODE_RESEND_SECONDS };
      }
    }
  },
});
