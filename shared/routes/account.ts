/** Accounts: registration, verification codes, sign-in and sign-out, the account itself (spec section 7). */
import {
  changeEmailBody,
  changePhoneBody,
  codeSent,
  emailTargetParams,
  phoneTargetParams,
  sendCodeBody,
  loginBody,
  loginResult,
  registerBody,
  resetPasswordBody,
  sendCodeParams,
  updatePasswordBody,
  updateUserBody,
  userDetail,
  boundInfo,
  phoneNotLoginBody,
  thirdPartyRedirectParams,
  quitBody,
  quitCheck,
} from '../schemas/account';
import { storedFile, ownUploadFinishParams, uploadFinishBody, uploadRequestBody, uploadTicket } from '../schemas/file';
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
  /** A code to a new email or phone of the signed-in account; an address that is someone's account gets a notice. */
  'code.emailUpdate': route({
    method: 'POST',
    path: '/common/code/EMAIL_UPDATE/{target}',
    service: 'user',
    access: SIGNED_IN,
    params: emailTargetParams,
    response: codeSent,
  }),
  'code.phoneUpdate': route({
    method: 'POST',
    path: '/common/code/PHONE_UPDATE/{target}',
    service: 'user',
    access: SIGNED_IN,
    params: phoneTargetParams,
    response: codeSent,
  }),
  /**
   * Any purpose's code by the body: the same rules as that purpose's own call, which it answers through. Open to
   * anyone because REGISTER, RESET_PWD and LOGIN are; the address changes still need a session, checked inside.
   */
  'code.send': route({
    method: 'POST',
    path: '/common/code',
    service: 'user',
    access: ANYONE,
    body: sendCodeBody,
    response: codeSent,
  }),
  /** The account's email changes, its code spent in the same transaction; the old address is told. */
  'user.email': route({
    method: 'POST',
    path: '/user/email',
    service: 'user',
    access: SIGNED_IN,
    body: changeEmailBody,
    response: userDetail,
  }),
  'user.phone': route({
    method: 'POST',
    path: '/user/phone',
    service: 'user',
    access: SIGNED_IN,
    body: changePhoneBody,
    response: userDetail,
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
  /**
   * A phone bound during a third-party sign-in, before any session: with the ticket of the LOGIN callback and a
   * BIND_PHONE code, the identity joins the account that phone has, or a new account made for it; signed in.
   */
  'user.phoneNotLogin': route({
    method: 'POST',
    path: '/user/phone-not-login',
    service: 'user',
    access: ANYONE,
    body: phoneNotLoginBody,
    response: loginResult,
  }),
  'user.boundInfo': route({ method: 'GET', path: '/user/bound-info', service: 'user', access: SIGNED_IN, response: boundInfo }),
  /** Refused when it would leave the account no way to sign in (no password and no other provider). */
  'user.thirdPartUnbind': route({
    method: 'POST',
    path: '/user/third-part/unbind/{x}',
    service: 'user',
    access: SIGNED_IN,
    params: thirdPartyRedirectParams,
    response: nothing,
  }),
  /** What keeps the account from leaving the product (the quit page shows it with links to hand things over). */
  'user.quitCheck': route({ method: 'GET', path: '/user/quit', service: 'user', access: SIGNED_IN, response: quitCheck }),
  /**
   * Leaves the product: refused while the account owns a team or projects others use; otherwise every session,
   * the account with its guards and bindings, its personal projects and its memberships go.
   */
  'user.quit': route({ method: 'POST', path: '/user/quit', service: 'user', access: SIGNED_IN, body: quitBody, response: nothing }),
  /**
   * The account's own image (its avatar), uploaded like a document's: a presigned PUT, then a check of the bytes
   * that arrived. Kept with the account, not in a project, so it needs none and outlives any project.
   */
  'user.avatarUpload': route({
    method: 'POST',
    path: '/user/avatar',
    service: 'user',
    access: SIGNED_IN,
    body: uploadRequestBody,
    response: uploadTicket,
  }),
  'user.avatarUploadFinish': route({
    method: 'POST',
    path: '/user/avatar/{fileId}',
    service: 'user',
    access: SIGNED_IN,
    params: ownUploadFinishParams,
    body: uploadFinishBody,
    response: storedFile,
  }),
} as const;
