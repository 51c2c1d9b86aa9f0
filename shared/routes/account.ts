/** Accounts: registration, verification codes, sign-in and sign-out, the account itself (spec section 7). */
import {
  codeSent,
  loginBody,
  loginResult,
  registerBody,
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
