/** Accounts: registration, verification codes, sign-in and sign-out, the account itself (spec section 7). */
import {
  codeSent,
  loginBody,
  loginResult,
  registerBody,
  resetPasswordBody,
  sendCodeParams,
  updatePasswordBody,
  updateUserBody,
  userDetail,
} from '../schemas/account';
import { ANYONE, route, SIGNED_IN } from './define';
import { nothing } from './responses';

export const accountRoutes = {
  'user.register': route({
    method: 'POST',
    path: '/user/register',
    service: 'user',
    access: ANYONE,
    body: registerBody,
    response: loginResult,
  }),
  'code.register': route({
    method: 'POST',
    path: '/common/code/REGISTER/{target}',
    service: 'user',
    access: ANYONE,
    params: sendCodeParams,
    response: codeSent,
  }),
  /** The code a sign-in needs past many failures on the account (the step-up), sent to the account itself. */
  'code.login': route({
    method: 'POST',
    path: '/common/code/LOGIN/{target}',
    service: 'user',
    access: ANYONE,
    params: sendCodeParams,
    response: codeSent,
  }),
  /**
   * A password-recovery code, sent only when the account exists; the answer (and its limits) are the same either
   * way, so nobody learns who has an account.
   */
  'code.resetPassword': route({
    method: 'POST',
    path: '/common/code/RESET_PWD/{target}',
    service: 'user',
    access: ANYONE,
    params: sendCodeParams,
    response: codeSent,
  }),
  /** A new password with the recovery code: every session of the account ends. */
  'user.resetPassword': route({
    method: 'POST',
    path: '/user/reset-password',
    service: 'user',
    access: ANYONE,
    body: resetPasswordBody,
    response: nothing,
  }),
  'login.create': route({
    method: 'POST',
    path: '/login',
    service: 'user',
    access: ANYONE,
    bodyType: 'form',
    body: loginBody,
    response: loginResult,
  }),
  'login.delete': route({ method: 'DELETE', path: '/login', service: 'user', access: ANYONE, response: nothing }),
  'user.detail': route({ method: 'GET', path: '/user/detail', service: 'user', access: SIGNED_IN, response: userDetail }),
  'user.update': route({ method: 'POST', path: '/user', service: 'user', access: SIGNED_IN, body: updateUserBody, response: userDetail }),
  'user.updatePassword': route({
    method: 'POST',
    path: '/user/update-password',
    service: 'user',
    access: SIGNED_IN,
    body: updatePasswordBody,
    response: nothing,
  }),
} as const;
