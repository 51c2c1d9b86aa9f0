/**
 * Reading a share, whichever door the reader comes through (the share screens' API, a share's llms.txt and
 * markdown): who is let in, and what the share shows. The doors pass plain values (the share id, what the reader
 * presented, their address) and turn the answer into their own response.
 *
 * One admission rule. A reader who presents a password has it counted as a guess (per share and per address, before
 * anything is compared: past the limit every answer is 429, even for the right password) and checked against the
 * share's hash, or against a decoy's when the share is unknown: an unknown share and a wrong password answer alike,
 * after the same hashing work, so a guesser learns nothing of which share ids exist. A reader who presents nothing
 * (or a token) learns only what the link itself says: not found, expired, or that a password is wanted.
 */
import type { TypedContent } from '@shared/schemas/document';
import { readContent } from '@shared/schemas/document';
import { projectIdOfShare } from '@shared/schemas/share';
import { AppError } from '../core/app-error';
import { nodesAt, readDocumentContentOfRev, type StoredNode } from './documents';
import { decoyHash, verifyPassword } from './passwords';
import { getProject } from './projects';
import { getRelease, readSnapshot } from './releases';
import { getShare, isExpired, liveShare, scopedNodes, tokenStillCounts, type ShareRecord } from './shares';
import { consume } from './throttles';

/** What a reader presented with a request: a share token (header or query), a password, and where from. */
export interface Presented {
  token?: string | undefined;
  password?: string | undefined;
  address: string;
}

/** A reader let in: the share, and how (a token that still counts, or the right password). */
export interface Admission {
  share: ShareRecord;
  /** The token the reader presented, when it still counts. */
  token?: string;
  /** The reader gave the share's password (or a share without one was given a password anyway). */
  byPassword?: boolean;
}

/**
 * Checks a password for a share, after counting it as a guess. An unknown share is checked against a decoy hash
 * and refused as a wrong password is; an expired one says so; a share without a password lets anyone in.
 */
export async function admitWithPassword(shareId: string, password: string, address: string): Promise<ShareRecord> {
  await consume(['shareGuess', shareId], 'tooManyGuesses');
  await consume(['shareGuessAddress', address], 'tooManyGuesses');
  const share = await getShare(projectIdOfShare(shareId), shareId);
  if (share && isExpired(share)) throw new AppError('shareExpired');
  const ok = await verifyPassword(password, share?.passwordHash ?? (await decoyHash()));
  if (!share || (share.passwordHash && !ok)) throw new AppError('sharePassword');
  return liveShare(share.id);
}

/**
 * Lets a reader in, or says why not: a token that still counts lets them in without a password (and without a
 * guess counted); a password is checked as `admitWithPassword` does; with neither, only a share without a password
 * lets them in.
 */
export async function admitShareReader(shareId: string, presented: Presented): Promise<Admission> {
  if (presented.password === undefined) {
    const share = await liveShare(shareId);
    if (!share.passwordHash) return { share };
    const token = await tokenStillCounts(share, presented.token);
    if (!token) throw new AppError('sharePassword');
    return { share, token };
  }
  // A password came too: a token that counts spares the guess; otherwise the password is checked, an unknown
  // share like a wrong password.
  const known = presented.token ? await getShare(projectIdOfShare(shareId), shareId) : undefined;
  const token = known && (await tokenStillCounts(known, presented.token));
  if (token) return { share: await liveShare(shareId), token };
  return { share: await admitWithPassword(shareId, presented.password, presented.address), byPassword: true };
}

/** What a share shows: its project's name and description and its scoped nodes (live, or its release's), with their content. */
export interface SharedTree {
  project: { name: string; description: string };
  nodes: StoredNode[];
  contentOf: (node: StoredNode) => Promise<TypedContent>;
}

/** The tree a share shows: the release it names (gone: `releaseNotFound`), or the live tree, scoped to the share. */
export async function readSharedTree(share: ShareRecord): Promise<SharedTree> {
  const release = share.version ? await getRelease(share.projectId, share.version) : undefined;
  if (share.version && !release) throw new AppError('releaseNotFound');
  const snapshot = release ? await readSnapshot(release) : undefined;
  const live = await getProject(share.projectId);
  if (!live) throw new AppError('notFound');
  const project = snapshot?.project ?? live;
  const nodes = scopedNodes(share, snapshot?.nodes ?? (await nodesAt(live)));
  return {
    project: { name: project.name, description: project.description ?? '' },
    nodes,
    contentOf: async (node) => (snapshot ? readContent(node.type, snapshot.bodies[node.id] ?? {}) : readDocumentContentOfRev(node)),
  };
}
