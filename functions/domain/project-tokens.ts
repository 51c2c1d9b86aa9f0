/**
 * Project tokens (issue 26): what CI and tools call the open API (/open/v1) with. A random 256-bit secret goes to
 * its maker once, as `apl_<base64url>`; only its SHA-256 is stored, so a leaked table holds no usable token. A
 * token names one project, its scopes (`import`, `read`), an expiry, its maker; revoking keeps it listed (marked)
 * until it would have expired. Its last use is written at most once a minute, so a busy CI costs one write a minute.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { PROJECT_TOKEN_PATTERN, PROJECT_TOKEN_PREFIX, PROJECT_TOKEN_SCOPES, PROJECT_TOKENS_MAX } from '@shared/constants';
import { lazy } from '@shared/lazy';
import type { ProjectTokenView } from '@shared/schemas/open';
import { conditionsOn, getItem, or, queryAll, skip } from '../data/db';
import { defineEntity } from '../data/entity';
import { tokenKeys } from '../data/keys';
import { AppError } from '../core/app-error';
import { newDocumentId } from './documents';
import { hashToken } from './sessions';

/** Last use is written when the one stored is older than this. */
export const TOKEN_USE_WRITE_MS = 60_000;
/** A token stays listed (as expired) this long past its expiry; then TTL removes it. */
const KEPT_AFTER_EXPIRY_SECONDS = 30 * 86_400;

export const projectTokenRecord = lazy(() =>
  z.object({
    /** `<projectId>_<suffix>`: routes about a token find its project in its id. */
    id: z.string(),
    projectId: z.string(),
    tokenHash: z.string(),
    name: z.string(),
    scopes: z.array(z.enum(PROJECT_TOKEN_SCOPES)),
    hint: z.string(),
    createdAt: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    /** When it stops working (ISO 8601). */
    expiresOn: z.string(),
    lastUsedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
    /** TTL (epoch seconds): some time past `expiresOn`, so the list still shows it expired for a while. */
    expiresAt: z.number(),
  }),
);
export type ProjectTokenRecord = z.infer<typeof projectTokenRecord>;

const tokenEntity = defineEntity({
  name: 'projectToken',
  schema: projectTokenRecord,
  key: (t: Pick<ProjectTokenRecord, 'tokenHash'>) => tokenKeys.token(t.tokenHash),
  indexes: (index) => ({ gsi1: index(['projectId', 'createdAt'], (t) => tokenKeys.ofProject(t.projectId, t.createdAt)) }),
});
const where = conditionsOn<ProjectTokenRecord>();

export const tokenState = (t: ProjectTokenRecord, now = Date.now()): ProjectTokenView['state'] =>
  t.revokedAt ? 'revoked' : Date.parse(t.expiresOn) <= now ? 'expired' : 'active';

export const toTokenView = (t: ProjectTokenRecord, now = Date.now()): ProjectTokenView => ({
  id: t.id,
  name: t.name,
  scopes: t.scopes,
  hint: t.hint,
  state: tokenState(t, now),
  createdAt: t.createdAt,
  createdByName: t.createdByName,
  expiresOn: t.expiresOn,
  lastUsedAt: t.lastUsedAt,
  revokedAt: t.revokedAt,
});

/** A project's tokens, newest first (the index is a moment behind a create). */
export async function tokensOf(projectId: string): Promise<ProjectTokenRecord[]> {
  const items = await queryAll(tokenKeys.ofProjectQuery(projectId));
  return tokenEntity.parseAll(items).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export async function createProjectToken(
  input: {
    projectId: string;
    name: string;
    scopes: ProjectTokenRecord['scopes'];
    expiresInDays: number;
    editor: { id: string; name: string };
  },
  now = new Date(),
): Promise<{ record: ProjectTokenRecord; secret: string }> {
  if ((await tokensOf(input.projectId)).length >= PROJECT_TOKENS_MAX) throw new AppError('tooMany', { max: PROJECT_TOKENS_MAX });
  const secret = `${PROJECT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expires = new Date(now.getTime() + input.expiresInDays * 86_400_000);
  const record: ProjectTokenRecord = {
    id: newDocumentId(input.projectId),
    projectId: input.projectId,
    tokenHash: hashToken(secret),
    name: input.name,
    scopes: input.scopes,
    hint: secret.slice(0, PROJECT_TOKEN_PREFIX.length + 6),
    createdAt: now.toISOString(),
    createdBy: input.editor.id,
    createdByName: input.editor.name,
    expiresOn: expires.toISOString(),
    lastUsedAt: null,
    revokedAt: null,
    expiresAt: Math.floor(expires.getTime() / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
  };
  await tokenEntity.put(record, where.notExists());
  return { record, secret };
}

/** The token a secret names, if it is well formed and stored (revoked and expired ones too: the caller says why). */
export async function findProjectToken(secret: string): Promise<ProjectTokenRecord | undefined> {
  if (!PROJECT_TOKEN_PATTERN.test(secret)) return undefined;
  return tokenEntity.parse(await getItem(tokenKeys.token(hashToken(secret)), { consistent: true }));
}

/** Revokes a token of the project (by its id); revoking one already revoked answers it as it is. */
export async function revokeProjectToken(projectId: string, id: string, now = new Date()): Promise<ProjectTokenRecord> {
  const found = (await tokensOf(projectId)).find((t) => t.id === id);
  if (!found) throw new AppError('notFound');
  if (found.revokedAt) return found;
  const updated = await tokenEntity.update(
    found,
    { set: { revokedAt: now.toISOString() } },
    { when: where.exists('tokenHash'), failure: () => new AppError('notFound') },
  );
  return updated;
}

/** Notes a use, at most once per TOKEN_USE_WRITE_MS (one conditional write; a lost race writes nothing). */
export async function noteTokenUse(token: ProjectTokenRecord, now = Date.now()): Promise<void> {
  if (token.lastUsedAt && now - Date.parse(token.lastUsedAt) < TOKEN_USE_WRITE_MS) return;
  const before = new Date(now - TOKEN_USE_WRITE_MS).toISOString();
  await tokenEntity.update(
    token,
    { set: { lastUsedAt: new Date(now).toISOString() } },
    { when: or(where.eq('lastUsedAt', null), where.lt('lastUsedAt', before)), failure: skip },
  );
}
