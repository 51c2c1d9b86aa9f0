/**
 * Which third-party providers this deployment offers (issue 25), each configured by its client id and secret:
 * THIRD_PARTY_PROVIDERS, a JSON object `{ "<provider>": { "clientId", "clientSecret", "endpoints"? } }`
 * (`endpoints` replaces the provider's real addresses: the local stack's fakes). Read once per cold start. Shared
 * by the `oauth` service (the sign-in itself) and `user` (bound identities, the phone binding).
 */
import * as z from 'zod';
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@shared/constants';
import { env } from '../../../env';
import { LIMITS } from '@shared/constants';
import { createSession } from '../../../domain/sessions';
import { getUser, isLeaving, toUserDetail } from '../../../domain/users';
import { AppError, fail } from '../../../runtime/app-error';
import type { RequestContext } from '../../../runtime/service';
import { sessionCookies } from '../../../runtime/session-cookie';

const configSchema = z.partialRecord(
  z.enum(THIRD_PARTY_PROVIDERS),
  z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    endpoints: z.object({ authorize: z.url(), token: z.url(), user: z.url() }).optional(),
  }),
);
export type ProviderConfig = NonNullable<z.infer<typeof configSchema>[ThirdPartyProvider]>;

let cached: Partial<Record<ThirdPartyProvider, ProviderConfig>> | undefined;
export function configured() {
  if (!cached) {
    const raw = process.env.THIRD_PARTY_PROVIDERS;
    cached = raw ? configSchema.parse(JSON.parse(raw)) : {};
  }
  return cached;
}

/** The providers this deployment offers, in the table's order. */
export const offeredProviders = (): ThirdPartyProvider[] => THIRD_PARTY_PROVIDERS.filter((p) => configured()[p]);

export const refuseThirdPartyWhenOffline = () => {
  if (env().OFFLINE) fail('thirdPartyDisabled');
};

/** A provider's display name as a nickname: no control or format characters, within the nickname limit. */
export const nicknameOf = (name: string) =>
  name
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, LIMITS.nickname) || 'user';

/** A session for the account, its cookies set: what a finished third-party sign-in answers. */
export async function signIn(userId: string, ctx: RequestContext) {
  const user = await getUser(userId);
  if (!user) throw new AppError('notFound');
  if (isLeaving(user)) throw new AppError('accountLeaving');
  const { token } = await createSession(user.id);
  for (const cookie of sessionCookies(token, ctx.event)) ctx.setCookie(cookie);
  return { token, user: toUserDetail(user) };
}
