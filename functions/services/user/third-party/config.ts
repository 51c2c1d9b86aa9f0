/**
 * Which third-party providers this deployment offers (issue 25), each configured by its client id and secret, a
 * JSON object `{ "<provider>": { "clientId", "clientSecret", "endpoints"? } }` (`endpoints` replaces the
 * provider's real addresses: the local stack's fakes):
 * - in AWS, the Secrets Manager secret named by THIRD_PARTY_SECRET_ARN (the stack creates it holding `{}`; an
 *   operator fills it), read on first use and again once it is SECRET_LIFE_MS old, so a rotated or newly filled
 *   secret takes effect without a deploy;
 * - locally (and wherever that is unset), THIRD_PARTY_PROVIDERS, read once per cold start.
 * A provider whose entry is missing or malformed is not offered, and a secret that cannot be read offers none
 * (tried again after SECRET_RETRY_MS): the sign-in page never fails for it. Shared by the `oauth` service (the
 * sign-in itself, the only function granted the secret) and `user` (bound identities, the phone binding).
 */
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { THIRD_PARTY_PROVIDERS, type ThirdPartyProvider } from '@shared/constants';
import { lazy } from '@shared/lazy';
import { env } from '../../../env';
import { LIMITS } from '@shared/constants';
import { createSession } from '../../../domain/sessions';
import { getUser, isLeaving, toUserDetail } from '../../../domain/users';
import { AppError, fail } from '../../../core/app-error';
import { createLogger } from '../../../core/logger';
import type { RequestContext } from '../../../runtime/service';
import { sessionCookies } from '../../../runtime/session-cookie';

const providerSchema = lazy(() =>
  z.object({
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    endpoints: z.object({ authorize: z.url(), token: z.url(), user: z.url() }).optional(),
  }),
);
export type ProviderConfig = z.infer<typeof providerSchema>;
type Configured = Partial<Record<ThirdPartyProvider, ProviderConfig>>;

/** How long a read of the secret is used before it is read again. */
export const SECRET_LIFE_MS = 5 * 60_000;
/** After a failed read: none offered for this long, then another try. */
export const SECRET_RETRY_MS = 30_000;

/** Each provider's entry checked on its own: a malformed one is left out, the others still offered. */
function parseConfig(raw: string): Configured {
  const json: unknown = JSON.parse(raw);
  if (!json || typeof json !== 'object') return {};
  const out: Configured = {};
  for (const provider of THIRD_PARTY_PROVIDERS) {
    const entry = providerSchema.safeParse((json as Record<string, unknown>)[provider]);
    if (entry.success) out[provider] = entry.data;
  }
  return out;
}

async function readSecret(secretId: string): Promise<Configured> {
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  secretsClient ??= new SecretsManagerClient({ region: env().AWS_REGION });
  const { SecretString } = await secretsClient.send(new GetSecretValueCommand({ SecretId: secretId }));
  return parseConfig(SecretString ?? '{}');
}

let fromEnv: Configured | undefined;
let secretsClient: SecretsManagerClient | undefined;
let fromSecret: { value: Configured; until: number } | undefined;
let reading: Promise<Configured> | undefined;

export async function configured(now = Date.now()): Promise<Configured> {
  const secretId = env().THIRD_PARTY_SECRET_ARN;
  if (!secretId) {
    const raw = process.env.THIRD_PARTY_PROVIDERS;
    fromEnv ??= raw ? parseConfig(raw) : {};
    return fromEnv;
  }
  if (fromSecret && fromSecret.until > now) return fromSecret.value;
  // One read at a time: requests arriving meanwhile share it.
  reading ??= readSecret(secretId)
    .then(
      (value) => (fromSecret = { value, until: now + SECRET_LIFE_MS }),
      (err: unknown) => {
        // The error's name only: the secret's text never goes to the log.
        createLogger({ module: 'third-party-config' }).warn('third-party secret not read: no provider offered', {
          error: (err as { name?: string }).name,
        });
        return (fromSecret = { value: {}, until: now + SECRET_RETRY_MS });
      },
    )
    .then(({ value }) => value)
    .finally(() => (reading = undefined));
  return reading;
}

/** The providers this deployment offers, in the table's order. */
export async function offeredProviders(): Promise<ThirdPartyProvider[]> {
  const config = await configured();
  return THIRD_PARTY_PROVIDERS.filter((p) => config[p]);
}

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
