/**
 * Run secrets of environments (issue 36): values that only server and scheduled runs use, one item each in the
 * project's partition (scenarioKeys.runSecret), the value sealed, never answered to any client and never logged.
 *
 * Sealing: in AWS with KMS (`Encrypt` under RUN_SECRETS_KEY_ARN, a value being at most 4 KB), locally with
 * AES-256-GCM under a key kept in a file (RUN_SECRETS_KEY_FILE, under the local stack's data dir; created on
 * first use). Either way the secret's project, environment and name are bound to its sealed value (KMS's
 * encryption context, GCM's additional data), so a sealed value copied to another item does not open there.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { KMSClient } from '@aws-sdk/client-kms';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { RUN_SECRET_LIMITS, type RunSecretView } from '@shared/schemas/run-secret';
import { deleteItem, exists, getItem, queryAll, transact } from '../data/db';
import { defineEntity } from '../data/entity';
import { scenarioKeys } from '../data/keys';
import { env } from '../env';
import { AppError } from '../core/app-error';
import type { Editor } from './documents';
import { getEnvironment, runSecretWriteOp } from './environments';

const runSecretRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    envId: z.string(),
    name: z.string(),
    /** `kms:` or `local:` and the sealed value, base64. */
    sealed: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    updatedByName: z.string(),
  }),
);
type RunSecretRecord = z.infer<typeof runSecretRecord>;
const runSecretEntity = defineEntity({
  name: 'runSecret',
  schema: runSecretRecord,
  key: (s: Pick<RunSecretRecord, 'projectId' | 'envId' | 'name'>) => scenarioKeys.runSecret(s.projectId, s.envId, s.name),
});

interface SecretPlace {
  projectId: string;
  envId: string;
  name: string;
}
const contextOf = (p: SecretPlace) => ({ project: p.projectId, environment: p.envId, name: p.name });

// ---- Sealing ----

let localKey: Buffer | undefined;
/** The local key, from its file, made on first use (mode 0600; a second process racing to make it reads the first's). */
function readLocalKey(): Buffer {
  if (localKey) return localKey;
  const file = env().RUN_SECRETS_KEY_FILE ?? join(tmpdir(), `apiloom-${env().STAGE}-run-secrets.key`);
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  localKey = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (localKey.length !== 32) throw new Error(`the run secrets' key in ${file} is not a 256-bit key`);
  return localKey;
}

let kms: Promise<KMSClient> | undefined;
const kmsClient = () => (kms ??= import('@aws-sdk/client-kms').then(({ KMSClient }) => new KMSClient({ region: env().AWS_REGION })));
const kmsKey = () => {
  const arn = env().RUN_SECRETS_KEY_ARN;
  if (!arn) throw new Error('no KMS key for run secrets (RUN_SECRETS_KEY_ARN)');
  return arn;
};

async function seal(place: SecretPlace, value: string): Promise<string> {
  if (env().STAGE === 'aws') {
    const { EncryptCommand } = await import('@aws-sdk/client-kms');
    const out = await (
      await kmsClient()
    ).send(new EncryptCommand({ KeyId: kmsKey(), Plaintext: Buffer.from(value, 'utf8'), EncryptionContext: contextOf(place) }));
    return `kms:${Buffer.from(out.CiphertextBlob!).toString('base64')}`;
  }
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', readLocalKey(), iv);
  cipher.setAAD(Buffer.from(JSON.stringify(contextOf(place))));
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return `local:${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64')}`;
}

async function open(place: SecretPlace, sealed: string): Promise<string> {
  const [kind, data] = [sealed.slice(0, sealed.indexOf(':')), Buffer.from(sealed.slice(sealed.indexOf(':') + 1), 'base64')];
  if (kind === 'kms') {
    const { DecryptCommand } = await import('@aws-sdk/client-kms');
    const out = await (
      await kmsClient()
    ).send(new DecryptCommand({ KeyId: kmsKey(), CiphertextBlob: data, EncryptionContext: contextOf(place) }));
    return Buffer.from(out.Plaintext!).toString('utf8');
  }
  const decipher = createDecipheriv('aes-256-gcm', readLocalKey(), data.subarray(0, 12));
  decipher.setAAD(Buffer.from(JSON.stringify(contextOf(place))));
  decipher.setAuthTag(data.subarray(12, 28));
  return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
}

// ---- Secrets ----

const toView = (s: RunSecretRecord): RunSecretView => ({ name: s.name, set: true, updatedAt: s.updatedAt, updatedByName: s.updatedByName });

const secretsOf = async (projectId: string, envId: string) =>
  runSecretEntity.parseAll(await queryAll(scenarioKeys.runSecretsOf(projectId, envId))).sort((a, b) => a.name.localeCompare(b.name));

async function requireEnvironment(envId: string) {
  const projectId = envId.slice(0, envId.lastIndexOf('_'));
  if (!(await getEnvironment(projectId, envId))) throw new AppError('notFound');
  return projectId;
}

/** An environment's run secrets, by name: what every client sees of them. */
export async function listRunSecrets(envId: string): Promise<RunSecretView[]> {
  return (await secretsOf(await requireEnvironment(envId), envId)).map(toView);
}

/** Sets a run secret (or replaces its value): sealed before it is written. */
export async function setRunSecret(envId: string, name: string, value: string, editor: Editor): Promise<RunSecretView> {
  const projectId = await requireEnvironment(envId);
  const existing = await getItem(scenarioKeys.runSecret(projectId, envId, name), { consistent: true });
  if (!existing && (await secretsOf(projectId, envId)).length >= RUN_SECRET_LIMITS.perEnvironment) {
    throw new AppError('runSecretLimit', { max: RUN_SECRET_LIMITS.perEnvironment });
  }
  const record = await sealedRunSecret({ projectId, envId, name }, value, editor);
  // With the environment's mark, so a deletion of the environment running meanwhile takes this secret too.
  await transact([runSecretWriteOp(projectId, envId), runSecretEntity.putOp(record)]);
  return toView(record);
}

/** A run secret's record, its value sealed (setRunSecret writes it; fixtures seed it). */
export const sealedRunSecret = async (place: SecretPlace, value: string, editor: Editor): Promise<RunSecretRecord> => ({
  ...place,
  sealed: await seal(place, value),
  updatedAt: new Date().toISOString(),
  updatedBy: editor.id,
  updatedByName: editor.name,
});
export const runSecretItem = (record: RunSecretRecord) => runSecretEntity.item(record);

export async function deleteRunSecret(envId: string, name: string): Promise<void> {
  const projectId = await requireEnvironment(envId);
  await deleteItem(scenarioKeys.runSecret(projectId, envId, name), { when: exists(), failure: () => new AppError('notFound') });
}

/** The values of an environment's run secrets, opened: for server and scheduled runs only, never for an answer. */
export async function openRunSecrets(projectId: string, envId: string): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const s of await secretsOf(projectId, envId)) values[s.name] = await open(s, s.sealed);
  return values;
}

/** Test and tooling: a secret's item as stored (its value sealed). */
export const storedRunSecret = async (projectId: string, envId: string, name: string) =>
  runSecretEntity.parse(await getItem(scenarioKeys.runSecret(projectId, envId, name), { consistent: true }));
