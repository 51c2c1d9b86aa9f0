/**
 * Third-party sign-in (issue 25). A sign-in starts at `login.thirdPart`, which stores a one-time `state` (with the
 * PKCE verifier and the redirect address) and sets a short-lived HttpOnly cookie holding a nonce whose hash is
 * stored with it; the provider sends the browser to our callback page, which hands code and state to
 * `login.thirdPartLogin` or `login.thirdPartBind`. There the state is checked against the provider, the kind (a
 * bind: the account) and this browser's nonce, spent (a replay finds nothing), and only then is the code
 * exchanged. A provider identity sits on one account only (its guard item): a bind never moves it.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { THIRD_PARTY_STATE_COOKIE, THIRD_PARTY_STATE_TTL_SECONDS, type ThirdPartyProvider } from '@shared/constants';
import {
  bindIdentity,
  findIdentityOwner,
  identitiesOf,
  issueBindTicket,
  spendState,
  startState,
  toBoundIdentity,
} from '../../domain/identities';
import { env } from '../../env';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers, type RequestContext } from '../../runtime/service';
import { servedOverHttps } from '../../runtime/session-cookie';
import { nicknameOf, offeredProviders, refuseThirdPartyWhenOffline, signIn } from '../user/third-party/config';
import { adapterFor } from './providers';

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
  const adapter = await adapterFor(provider);
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

export const thirdPartyHandlers = defineHandlers({
  'login.thirdPart': async ({ query }, ctx) => {
    refuseThirdPartyWhenOffline();
    const providers = await offeredProviders();
    if (!query.provider) return { providers };
    if (!providers.includes(query.provider)) fail('thirdPartyNotOffered');
    if (query.type === 'bind' && !ctx.caller) fail('notLoggedIn');
    const provider = query.provider;
    const adapter = await adapterFor(provider);
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
});
