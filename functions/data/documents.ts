/**
 * Documents in the project partition: a small node item per document (the tree is one Query of these), a body
 * item with the content (in S3 when it would not fit an item), and one immutable history item per replaced
 * version. Sibling order is a fractional-index `rank`; the API's `preId` is derived from it on read, so a move
 * rewrites one item and concurrent moves can never break a linked list.
 */
import { DeleteObjectsCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { randomBytes } from 'node:crypto';
import type { DocumentNode, DocumentTreeNode, DocumentType } from '../../shared/schemas/document';
import { env } from '../env';
import { getItem, queryAll, queryPage, type Item } from './db';
import { ENTITY, keys } from './keys';
import { s3 } from './s3-client';

export interface StoredNode {
  id: string;
  projectId: string;
  parentId: string;
  rank: string;
  name: string;
  type: DocumentType;
  comment: string;
  method: string | null;
  path: string | null;
  status: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  updatedByName: string;
  rev: number;
}

/** A body as stored: the JSON text inline, or the S3 key of an object holding it. */
export interface StoredBody {
  json?: string;
  s3Key?: string;
}

/** DynamoDB items stop at 400 KB; leave room for the other attributes and a transaction's other items. */
export const INLINE_BODY_LIMIT = 300 * 1024;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newDocumentId(projectId: string): string {
  const bytes = randomBytes(12);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b % ALPHABET.length];
  return `${projectId}_${suffix}`;
}

/** Keys go last: a node read from the table carries its own pk/sk, which must never decide where a copy lands. */
export const nodeRecord = (node: StoredNode) => ({
  ...ENTITY.document,
  ...node,
  ...keys.document(node.projectId, node.id),
  ...placement(node),
});

/** The index entry that lists a node among its parent's children, in order. */
export const placement = (node: Pick<StoredNode, 'projectId' | 'parentId' | 'rank'>) => ({
  ...keys.childrenOf(node.projectId, node.parentId),
  gsi1sk: node.rank,
});
export const bodyRecord = (projectId: string, documentId: string, rev: number, body: StoredBody) => ({
  ...ENTITY.documentBody,
  documentId,
  rev,
  ...(body.s3Key ? { s3Key: body.s3Key } : { json: body.json ?? '{}' }),
  ...keys.documentBody(projectId, documentId),
});

export const historyId = (documentId: string, rev: number) => `${documentId}_r${rev}`;

export async function loadNodes(projectId: string): Promise<StoredNode[]> {
  return queryAll<StoredNode & Item>({ partition: keys.projectPartition(projectId), sortBeginsWith: 'DOC#', consistent: true });
}

export const getNode = (projectId: string, documentId: string) =>
  getItem<StoredNode & Item>(keys.document(projectId, documentId), { consistent: true });

/** A parent's children in order: one query of the children index, whatever the size of the project. */
export async function loadChildren(projectId: string, parentId: string): Promise<StoredNode[]> {
  const children = await queryAll<StoredNode & Item>({ index: 'gsi1', partition: keys.childrenOf(projectId, parentId) });
  return children.sort(byRank);
}

/** The sibling right before a node ('0' when it is first): one single-item query. */
export async function previousSiblingId(node: StoredNode): Promise<string> {
  const page = await queryPage<StoredNode & Item>({
    index: 'gsi1',
    partition: keys.childrenOf(node.projectId, node.parentId),
    sortBelow: node.rank,
    descending: true,
    limit: 1,
  });
  return page.items[0]?.id ?? '0';
}

export const byRank = (a: StoredNode, b: StoredNode) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1);

/** Children of every parent, in order. */
export function childrenByParent(nodes: StoredNode[]): Map<string, StoredNode[]> {
  const map = new Map<string, StoredNode[]>();
  for (const node of nodes) {
    const list = map.get(node.parentId) ?? [];
    list.push(node);
    map.set(node.parentId, list);
  }
  for (const list of map.values()) list.sort(byRank);
  return map;
}

export function toNodeView(node: StoredNode, preId: string): DocumentNode {
  return {
    id: node.id,
    projectId: node.projectId,
    parentId: node.parentId,
    preId,
    name: node.name,
    type: node.type,
    comment: node.comment,
    method: node.method,
    path: node.path,
    status: node.status,
    updatedAt: node.updatedAt,
    updatedBy: node.updatedBy,
    rev: node.rev,
  };
}

/** Ordered views of a parent's children, each knowing the sibling before it. */
export function childViews(children: StoredNode[] | undefined): DocumentNode[] {
  return (children ?? []).map((node, i) => toNodeView(node, i === 0 ? '0' : children![i - 1]!.id));
}

/** The nested tree below the project root. Orphans (a parent deleted meanwhile) are not shown. */
export function buildDocumentTree(projectId: string, nodes: StoredNode[]): DocumentTreeNode[] {
  const children = childrenByParent(nodes);
  const seen = new Set<string>();
  const build = (parentId: string): DocumentTreeNode[] =>
    childViews(children.get(parentId)).flatMap((view) => {
      if (seen.has(view.id)) return [];
      seen.add(view.id);
      return [{ ...view, children: build(view.id) }];
    });
  return build(projectId);
}

/** Ids of a node and everything below it. */
export function subtreeOf(rootId: string, nodes: StoredNode[]): string[] {
  const children = childrenByParent(nodes);
  const out: string[] = [];
  const walk = (id: string) => {
    out.push(id);
    for (const child of children.get(id) ?? []) if (!out.includes(child.id)) walk(child.id);
  };
  walk(rootId);
  return out;
}

const bodyObjectKey = (projectId: string, documentId: string, rev: number) =>
  `${keys.projectFilesPrefix(projectId)}documents/${documentId}/r${rev}.json`;

/** Stores a body inline, or in S3 (immutable, one object per revision) when it is too large for an item. */
export async function storeBody(projectId: string, documentId: string, rev: number, content: unknown): Promise<StoredBody> {
  const json = JSON.stringify(content ?? {});
  if (Buffer.byteLength(json) <= INLINE_BODY_LIMIT) return { json };
  const s3Key = bodyObjectKey(projectId, documentId, rev);
  await s3().send(new PutObjectCommand({ Bucket: env().FILES_BUCKET, Key: s3Key, Body: json, ContentType: 'application/json' }));
  return { s3Key };
}

export async function readBody(body: StoredBody | undefined): Promise<unknown> {
  if (!body) return {};
  if (body.json !== undefined) return JSON.parse(body.json) as unknown;
  if (!body.s3Key) return {};
  const object = await s3().send(new GetObjectCommand({ Bucket: env().FILES_BUCKET, Key: body.s3Key }));
  return JSON.parse(await object.Body!.transformToString()) as unknown;
}

export const getBody = (projectId: string, documentId: string) =>
  getItem<StoredBody & { rev: number } & Item>(keys.documentBody(projectId, documentId), { consistent: true });

/** Removes the S3 bodies of documents (all their revisions). */
export async function deleteBodyObjects(keysToDelete: string[]) {
  for (let i = 0; i < keysToDelete.length; i += 1000) {
    const chunk = keysToDelete.slice(i, i + 1000);
    await s3().send(new DeleteObjectsCommand({ Bucket: env().FILES_BUCKET, Delete: { Objects: chunk.map((Key) => ({ Key })), Quiet: true } }));
  }
}
