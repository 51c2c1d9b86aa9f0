/**
 * The providers' configuration in AWS (issue 25): one Secrets Manager secret, read on first use, kept
 * SECRET_LIFE_MS, then read again (a rotated or newly filled secret takes effect without a deploy); an unreadable
 * secret or a malformed entry offers that provider (or all) not at all, never an error.
 */
import { GetSecretValueCommand, ResourceNotFoundException, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

const SECRET = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:apiloom-third-party-AbCdEf';
const sm = mockClient(SecretsManagerClient);
const github = { clientId: 'gh-id', clientSecret: 'gh-secret' };
const weibo = { clientId: 'wb-id', clientSecret: 'wb-secret' };

/** The module fresh, as at a cold start, with this environment. */
async function load(vars: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({
    TABLE_NAME: 'apiloom-unit',
    LOG_LEVEL: 'silent',
    THIRD_PARTY_PROVIDERS: undefined,
    ...vars,
  })) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  return import('./config');
}

beforeEach(() => sm.reset());
afterAll(() => {
  sm.restore();
  delete process.env.THIRD_PARTY_SECRET_ARN;
  delete process.env.THIRD_PARTY_PROVIDERS;
});

describe('third-party provider configuration from Secrets Manager', () => {
  it('reads the secret once on first use and serves its providers until its life is over', async () => {
    sm.on(GetSecretValueCommand, { SecretId: SECRET }).resolves({ SecretString: JSON.stringify({ github }) });
    const config = await load({ THIRD_PARTY_SECRET_ARN: SECRET });
    const t0 = Date.now();
    // Requests at once share one read.
    const [a, b] = await Promise.all([config.configured(t0), config.configured(t0)]);
    expect(a).toEqual({ github });
    expect(b).toEqual({ github });
    expect(await config.configured(t0 + config.SECRET_LIFE_MS - 1)).toEqual({ github });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(sm.commandCalls(GetSecretValueCommand)[0]!.args[0].input).toEqual({ SecretId: SECRET });
  });

  it('reads it again once its life is over: a rotated or newly filled secret takes effect without a deploy', async () => {
    sm.on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ github }) })
      .resolvesOnce({ SecretString: JSON.stringify({ github: { ...github, clientSecret: 'rotated' }, weibo }) });
    const config = await load({ THIRD_PARTY_SECRET_ARN: SECRET });
    const t0 = Date.now();
    expect(await config.configured(t0)).toEqual({ github });
    const later = await config.configured(t0 + config.SECRET_LIFE_MS + 1);
    expect(later).toEqual({ github: { ...github, clientSecret: 'rotated' }, weibo });
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(2);
  });

  it('offers none when the secret cannot be read, and tries again after a short while', async () => {
    sm.on(GetSecretValueCommand)
      .rejectsOnce(new ResourceNotFoundException({ message: 'not found', $metadata: {} }))
      .resolves({ SecretString: JSON.stringify({ weibo }) });
    const config = await load({ THIRD_PARTY_SECRET_ARN: SECRET });
    const t0 = Date.now();
    expect(await config.configured(t0)).toEqual({});
    expect(await config.offeredProviders()).toEqual([]);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(await config.configured(t0 + config.SECRET_RETRY_MS + 1)).toEqual({ weibo });
  });

  it('leaves out a malformed entry, offers the rest, and offers none for a secret that is not JSON', async () => {
    sm.on(GetSecretValueCommand)
      .resolvesOnce({ SecretString: JSON.stringify({ github: { clientId: 'only-an-id' }, weibo, unknown: github }) })
      .resolvesOnce({ SecretString: 'not json' });
    const config = await load({ THIRD_PARTY_SECRET_ARN: SECRET });
    const t0 = Date.now();
    expect(await config.configured(t0)).toEqual({ weibo });
    expect(await config.configured(t0 + config.SECRET_LIFE_MS + 1)).toEqual({});
  });

  it('the placeholder the stack creates (`{}`) offers none, whatever THIRD_PARTY_PROVIDERS says', async () => {
    sm.on(GetSecretValueCommand).resolves({ SecretString: '{}' });
    const config = await load({ THIRD_PARTY_SECRET_ARN: SECRET, THIRD_PARTY_PROVIDERS: JSON.stringify({ github }) });
    expect(await config.offeredProviders()).toEqual([]);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    // Without a secret (the local stack), THIRD_PARTY_PROVIDERS configures them and Secrets Manager is never asked.
    sm.resetHistory();
    const local = await load({ THIRD_PARTY_SECRET_ARN: undefined, THIRD_PARTY_PROVIDERS: JSON.stringify({ github, weibo }) });
    expect(await local.offeredProviders()).toEqual(['github', 'weibo']);
    expect(sm.commandCalls(GetSecretValueCommand)).toHaveLength(0);
  });
});
