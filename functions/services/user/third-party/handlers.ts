/**
 * Third-party sign-in and the account's bound identities (issue 25). A sign-in starts at `login.thirdPart`, which
 * stores a one-time `state` (with the PKCE verifier and the redirect address) and sets a short-lived HttpOnly
 * cookie holding a nonce whose hash is stored with it; the provider sends the browser to our callback page, which
 * hands code and state to `login.thirdPartLogin` or `login.thirdPartBind`. There the state is spent (a replay
 * finds nothing), checked against the provider, the kind and this browser's nonce, and only then is the code
 * exchanged. A provider identity sits on one account only (its guard item): a bind never moves it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { LIMITS, THIRD_PARTY_STATE_COOKIE, THIRD_PARTY_STATE_TTL_SECONDS, type ThirdPartyProvider } from '@shared/constants';
import {
  bindIdentity,
  bindIdentityOps,
  bindIdentityWith,
  findIdentityOwner,
  identitiesOf,
  issueBindTicket,
  readBindTicket,
  spendState,
  startState,
  toBoundIdentity,
  unbindIdentity,
} from '../../../domain/identities';
import { createSession } from '../../../domain/sessions';
import { findUserIdByAccount, getUser, hasPassword, NO_PASSWORD, registerUser, toUserDetail } from '../../../domain/users';
import { checkCode } from '../../../domain/verification-codes';
import { env } from '../../../env';
import { AppError, fail } from '../../../runtime/app-error';
import { defineHandlers, type RequestContext } from '../../../runtime/service';
import { servedOverHttps, sessionCookies } from '../../../runtime/session-cookie';
import { adapterFor, offeredProviders } from './providers';

export const refuseThirdPartyWhenOffline = () => {
  if (env().OFFLINE) fail('thirdPartyDisabled');
};

/** Our own origin: the configured one, else the host the request came to (as the request-origin check does). */
function siteOrigin(event: APIGatewayProxyEventV2) {
  const configured = env().SITE_ORIGIN;
  if (configured) return new URL(configured).origin;
  const host = event.headers?.['x-forwarded-host'] ?? event.headers?.host ?? 'localhost';
  return `${servedOverHttps(event) ? 'https' : 'http'}://${host}`;
}

/**
 * Where the provider sends the browser back: the web app's callback page for the provider and kind (a path
 * without a query: openid-client sends the callback address stripped of its query as `redirect_uri`).
 */
const redirectUriOf = (event: APIGatewayProxyEventV2, provider: ThirdPartyProvider, mode: 'login' | 'bind') =>
  `${siteOrigin(event)}/login/callback/${provider}/${mode}`;

const stateCookie = (event: APIGatewayProxyEventV2, value: string, maxAge: number) =>
  `${THIRD_PARTY_STATE_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; SameSite=Lax; HttpOnly${servedOverHttps(event) ? '; Secure' : ''}`;

function stateNonceOf(event: APIGatewayProxyEventV2): string | undefined {
  const cookies = event.cookies ?? event.headers?.cookie?.split(';') ?? [];
  for (const cookie of cookies) {
    const [name, ...rest] = cookie.trim().split('=');
    if (name === THIRD_PARTY_STATE_COOKIE) return rest.join('=') || undefined;
  }
  return undefined;
}

/** The callback's state spent and checked, the cookie cleared, then the code exchanged for the person's profile. */
async function finish(
  provider: ThirdPartyProvider,
  mode: 'login' | 'bind',
  query: { code?: string | undefined; state: string; error?: string | undefined },
  ctx: RequestContext,
) {
  refuseThirdPartyWhenOffline();
  const adapter = adapterFor(provider);
  const record = await spendState(query.state, {
    provider,
    mode,
    nonce: stateNonceOf(ctx.event),
    ...(ctx.caller ? { userId: ctx.caller.userId } : {}),
  });
  ctx.setCookie(stateCookie(ctx.event, '', 0));
  if (query.error || !query.code) throw new AppError('thirdPartyRefused', { detail: query.error ?? 'no code' });
  const profile = await adapter.profile({
    redirectUri: record.redirectUri,
    code: query.code,
    state: query.state,
    codeVerifier: record.codeVerifier,
  });
  return { record, profile };
}

async function signIn(userId: string, ctx: RequestContext) {
  const user = await getUser(userId);
  if (!user) throw new AppError('notFound');
  const { token } = await createSession(user.id);
  for (const cookie of sessionCookies(token, ctx.event)) ctx.setCookie(cookie);
  return { token, user: toUserDetail(user) };
}

const nicknameOf = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, LIMITS.nickname) || 'user';

export const thirdPartyHandlers = defineHandlers({
  'login.thirdPart': async ({ query }, ctx) => {
    refuseThirdPartyWhenOffline();
    const providers = offeredProviders();
    if (!query.provider) return { providers };
    if (!providers.includes(query.provider)) fail('thirdPartyNotOffered');
    if (query.type === 'bind' && !ctx.caller) fail('notLoggedIn');
    const provider = query.provider;
    const adapter = adapterFor(provider);
    const redirectUri = redirectUriOf(ctx.event, provider, query.type);
    const codeVerifier = adapter.pkce ? randomBytes(32).toString('base64url') : null;
    const { state, nonce } = await startState({
      provider,
      mode: query.type,
      userId: query.type === 'bind' ? ctx.caller!.userId : null,
      redirectUri,
      codeVerifier,
      f: query.f ?? null,
    });
    ctx.setCookie(stateCookie(ctx.event, nonce, THIRD_PARTY_STATE_TTL_SECONDS));
    return { providers, url: await adapter.authorizationUrl({ redirectUri, state, codeVerifier }) };
  },

  'login.thirdPartLogin': async ({ params, query }, ctx) => {
    const { record, profile } = await finish(params.x, 'login', query, ctx);
    const owner = await findIdentityOwner(params.x, profile.subject);
    if (owner) {
      ctx.log.info('third-party sign-in', { userId: owner, provider: params.x });
      return { result: 'signedIn' as const, ...(await signIn(owner, ctx)), f: record.f };
    }
    const ticket = await issueBindTicket(params.x, { ...profile, nickname: nicknameOf(profile.nickname) });
    return { result: 'bindNeeded' as const, ticket, provider: params.x, nickname: nicknameOf(profile.nickname), f: record.f };
  },

  'login.thirdPartBind': async ({ params, query }, ctx) => {
    // A state started for another account (its browser, another session since) binds nothing: checked in spendState.
    const { record, profile } = await finish(params.x, 'bind', query, ctx);
    const owner = await findIdentityOwner(params.x, profile.subject);
    if (owner && owner !== ctx.caller.userId) fail('identityTaken');
    if (owner) {
      const existing = (await identitiesOf(owner)).find((i) => i.provider === params.x);
      if (existing) return { bound: toBoundIdentity(existing), f: record.f };
    }
    const bound = await bindIdentity(ctx.caller.userId, params.x, { ...profile, nickname: nicknameOf(profile.nickname) });
    ctx.log.info('third-party identity bound', { userId: ctx.caller.userId, provider: params.x });
    return { bound: toBoundIdentity(bound), f: record.f };
  },

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
    return { bound: bound.map(toBoundIdentity), available: env().OFFLINE ? [] : offeredProviders(), hasPassword: hasPassword(user) };
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
