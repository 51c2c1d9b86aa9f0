/**
 * Share links: chosen documents (a folder brings its subtree; none: the whole project) or a release, until an
 * expiry, optionally behind a read password. A reader gets a share token, `<shareId>.<secret>`, for the follow-up
 * reads (`issueShareToken`: a row for a share with a password, none for one without); a token counts only while
 * its share lives and has the token epoch it was issued under (a new password or a shorter expiry starts a new
 * epoch: earlier tokens stop working).
 * Expiry holds at read time to the second, whatever the TTL sweeper has done.
 */
import { createHash, randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { projectIdOfShare, shareView, type ShareView } from '@shared/schemas/share';
import { asRecord, asRecords, deleteItem, eq, getItem, notExists, putItem, queryAll, transact } from '../data/db';
import { eventOps } from './events';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { childrenByParent, nodesAt, type StoredNode } from './documents';
import { getProject, isVisible } from './projects';
import { readSnapshot, type ReleaseRecord } from './releases';
import { getTeam } from './teams';

/** A share as stored: its view, with the password's hash instead of whether there is one, and its token epoch. */
export const shareRecord = lazy(() =>
  shareView.omit({ hasPassword: true }).extend({
    passwordHash: z.string().nullable(),
    /** Readers may export what the share holds (issue 23); shares saved before the setting existed: no. */
    allowExport: z.boolean().default(false),
    /** Tokens issued under an earlier epoch no longer count. */
    tokenEpoch: z.number(),
  }),
);
export type ShareRecord = z.infer<typeof shareRecord>;

const tokenRecord = lazy(() => z.object({ shareId: z.string(), epoch: z.number(), expiresAt: z.number() }));

export const newShareId = (projectId: string) => `${projectId}_${randomBytes(16).toString('base64url')}`;

export const toShareView = ({ passwordHash, tokenEpoch: _epoch, ...view }: ShareRecord): ShareView => ({
  ...view,
  hasPassword: !!passwordHash,
});

const expirySeconds = (share: ShareRecord) => Math.ceil(Date.parse(share.expireAt) / 1000);
export const isExpired = (share: ShareRecord, now = Date.now()) => Date.parse(share.expireAt) <= now;

/**
 * A live share of a visible project, or why not. A project in the bin, destroyed, or of a team being disbanded
 * (whose projects go with it at once) shares nothing: its share reads like an unknown one.
 */
export async function liveShare(shareId: string): Promise<ShareRecord> {
  const share = await getShare(projectIdOfShare(shareId), shareId);
  const project = share && (await getProject(share.projectId));
  if (!share || !project || !isVisible(project) || project.state === 'recycled') throw new AppError('notFound');
  if (project.teamId && (await getTeam(project.teamId))?.state !== 'active') throw new AppError('notFound');
  if (isExpired(share)) throw new AppError('shareExpired');
  return share;
}

/** DynamoDB sweeps a share a month after it expires: until then a reader is told it expired, not that it never was. */
const KEEP_EXPIRED_SECONDS = 30 * 86_400;
export const shareItem = (share: ShareRecord) => ({
  ...keys.share(share.projectId, share.id),
  ...ENTITY.share,
  ...share,
  expiresAt: expirySeconds(share) + KEEP_EXPIRED_SECONDS,
});

export async function createShare(share: ShareRecord) {
  await transact([
    { put: shareItem(share), when: notExists() },
    ...eventOps({
      projectId: share.projectId,
      kind: 'share.created',
      actor: { id: share.createdBy, name: share.createdByName },
      details: { shareId: share.id, scope: share.docIds.length ? `${share.docIds.length}` : 'all' },
    }),
  ]);
}

/** Saves a changed share; a changed password or a shorter expiry revokes every token issued before. */
export async function updateShare(current: ShareRecord, next: Omit<ShareRecord, 'tokenEpoch'>): Promise<ShareRecord> {
  const revokes = next.passwordHash !== current.passwordHash || Date.parse(next.expireAt) < Date.parse(current.expireAt);
  const saved: ShareRecord = { ...next, tokenEpoch: current.tokenEpoch + (revokes ? 1 : 0) };
  await putItem(shareItem(saved), { when: eq('tokenEpoch', current.tokenEpoch), failure: () => new AppError('conflict') });
  return saved;
}

export async function getShare(projectId: string, shareId: string) {
  return asRecord(shareRecord, await getItem(keys.share(projectId, shareId), { consistent: true }));
}

export const sharesOf = async (projectId: string) =>
  asRecords(shareRecord, await queryAll(keys.sharesOf(projectId))).sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/** Deletes a share; its tokens stop counting at once (they need the share) and expire with it. */
export const deleteShare = (projectId: string, shareId: string) => deleteItem(keys.share(projectId, shareId));

const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * A share token for a reader. A share with a password gets a secret token, kept as a row (only its SHA-256),
 * living no longer than the share. A share without one gets an open token, `<shareId>.open.<epoch>`, which needs no
 * row: it holds no more than the link does (anyone with the link reads the share) and counts only while the share
 * lives, has no password and is at that epoch, so a password set later, a shorter expiry or the share's deletion
 * revokes it as they revoke a secret token. A burst of anonymous reads thus writes nothing.
 */
export async function issueShareToken(share: ShareRecord): Promise<string> {
  if (!share.passwordHash) return `${share.id}.open.${share.tokenEpoch}`;
  const secret = randomBytes(24).toString('base64url');
  await putItem({
    ...keys.shareToken(share.projectId, share.id, hash(secret)),
    ...ENTITY.shareToken,
    shareId: share.id,
    epoch: share.tokenEpoch,
    expiresAt: expirySeconds(share),
  });
  return `${share.id}.${secret}`;
}

/** A well-formed token: the share it names, and the key of its row (a secret token) or its epoch (an open one). */
export type ParsedShareToken = { shareId: string; projectId: string } & (
  { tokenKey: ReturnType<typeof keys.shareToken>; epoch?: undefined } | { tokenKey?: undefined; epoch: number }
);

/** The share a token names and the key of its token item (or its epoch), when the token is well formed. */
export function parseShareToken(token: string): ParsedShareToken | undefined {
  const match = /^([0-9a-f-]{36})_([A-Za-z0-9_-]{22})\.(?:([A-Za-z0-9_-]{32})|open\.([1-9][0-9]{0,8}))$/.exec(token);
  if (!match) return undefined;
  const projectId = match[1]!;
  const shareId = `${projectId}_${match[2]}`;
  return match[3]
    ? { shareId, projectId, tokenKey: keys.shareToken(projectId, shareId, hash(match[3])) }
    : { shareId, projectId, epoch: Number(match[4]) };
}

/** Whether a token (with its row, read beside its share, for a secret token) still counts for that share. */
export function tokenCounts(
  share: ShareRecord | undefined,
  token: ParsedShareToken | undefined,
  tokenItem: Record<string, unknown> | undefined,
  now = Date.now(),
): share is ShareRecord {
  if (!share || !token || token.shareId !== share.id || isExpired(share, now)) return false;
  if (!token.tokenKey) return !share.passwordHash && token.epoch === share.tokenEpoch;
  const row = asRecord(tokenRecord, tokenItem);
  return !!row && row.shareId === share.id && row.epoch === share.tokenEpoch;
}

/** The token a reader sent, if it still counts for this share (a password need not be asked again). */
export async function tokenStillCounts(share: ShareRecord, sent: string | undefined): Promise<string | undefined> {
  const parsed = sent ? parseShareToken(sent) : undefined;
  if (!parsed || parsed.shareId !== share.id) return undefined;
  const row = parsed.tokenKey && (await getItem(parsed.tokenKey, { consistent: true }));
  return tokenCounts(share, parsed, row) ? sent : undefined;
}

/**
 * Scopes and scoped node lists, kept per node list (the tree memo hands out the same array for a tree revision,
 * and a release's nodes never change) and per share as last saved: a burst of reads through one share link walks
 * the tree once, not once per request.
 */
const derived = new WeakMap<StoredNode[], Map<string, { scope: Set<string> | undefined; nodes?: StoredNode[] }>>();
function derivedFor(share: ShareRecord, nodes: StoredNode[]) {
  let perShare = derived.get(nodes);
  if (!perShare) derived.set(nodes, (perShare = new Map<string, { scope: Set<string> | undefined; nodes?: StoredNode[] }>()));
  const key = `${share.id}:${share.updatedAt}`;
  let entry = perShare.get(key);
  if (!entry) {
    if (perShare.size >= 32) perShare.clear();
    perShare.set(key, (entry = { scope: computeScope(share, nodes) }));
  }
  return entry;
}

/** The documents a share holds: its chosen documents and everything below them; undefined for the whole project. */
const shareScope = (share: ShareRecord, nodes: StoredNode[]): Set<string> | undefined => derivedFor(share, nodes).scope;

function computeScope(share: ShareRecord, nodes: StoredNode[]): Set<string> | undefined {
  if (!share.docIds.length) return undefined;
  const children = childrenByParent(nodes);
  const scope = new Set<string>();
  const add = (id: string) => {
    if (scope.has(id)) return;
    scope.add(id);
    for (const child of children.get(id) ?? []) add(child.id);
  };
  const present = new Set(nodes.map((n) => n.id));
  for (const id of share.docIds) if (present.has(id)) add(id);
  return scope;
}

/**
 * The nodes a share shows, as a tree can be built from them: documents in scope, and a chosen document whose
 * parent is out of scope moves up to the top level (its folder is not shared).
 */
export function scopedNodes(share: ShareRecord, nodes: StoredNode[]): StoredNode[] {
  const entry = derivedFor(share, nodes);
  const scope = entry.scope;
  if (!scope) return nodes;
  return (entry.nodes ??= nodes
    .filter((n) => scope.has(n.id))
    .map((n) => (scope.has(n.parentId) ? n : { ...n, parentId: share.projectId })));
}

/** The nodes a share is checked against: the release's, or the live tree at its revision (kept in memory). */
export const shareNodes = async (project: { id: string; treeRev: number }, release: ReleaseRecord | undefined) =>
  release ? (await readSnapshot(release)).nodes : nodesAt(project);

/** Whether a share holds a document (or the project itself, whose top level it lists). */
export async function shareHolds(
  share: ShareRecord,
  project: { id: string; treeRev: number },
  targetId: string,
  release: ReleaseRecord | undefined,
): Promise<boolean> {
  if (share.projectId !== project.id) return false;
  if (targetId === project.id || !share.docIds.length) return true;
  return shareScope(share, await shareNodes(project, release))?.has(targetId) ?? true;
}
