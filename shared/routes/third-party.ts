/**
 * Third-party sign-in (issue 25): a service of its own (`oauth`), so the OAuth 2 client (openid-client) stays out
 * of the user bundle, which is near its 400 KB budget. The account's bound identities stay with `user`.
 */
import {
  thirdPartyBindResult,
  thirdPartyLoginResult,
  thirdPartyRedirectParams,
  thirdPartyRedirectQuery,
  thirdPartyStart,
  thirdPartyStartQuery,
} from '../schemas/account';
import { ANYONE, route, SIGNED_IN } from './define';

export const thirdPartyRoutes = {
  /**
   * Third-party sign-in (issue 25). The providers offered, or one's authorisation address with a one-time `state`
   * (and PKCE where the provider has it) tied to this browser by a short-lived HttpOnly cookie. Open to anyone
   * because signing in is; `bind` needs a session, checked inside. Refused offline.
   */
  'login.thirdPart': route({
    method: 'GET',
    path: '/login/third-part',
    service: 'oauth',
    access: ANYONE,
    query: thirdPartyStartQuery,
    response: thirdPartyStart,
  }),
  /** The provider's answer to a sign-in: the state checked and spent, the code exchanged; signed in or sent to bind. */
  'login.thirdPartLogin': route({
    method: 'GET',
    path: '/login/third-part/redirect/LOGIN/{x}',
    service: 'oauth',
    access: ANYONE,
    params: thirdPartyRedirectParams,
    query: thirdPartyRedirectQuery,
    response: thirdPartyLoginResult,
  }),
  /** The provider's answer to a bind from /relation: the identity joins the signed-in account unless someone has it. */
  'login.thirdPartBind': route({
    method: 'GET',
    path: '/login/third-part/redirect/BIND/{x}',
    service: 'oauth',
    access: SIGNED_IN,
    params: thirdPartyRedirectParams,
    query: thirdPartyRedirectQuery,
    response: thirdPartyBindResult,
  }),
} as const;
