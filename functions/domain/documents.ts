/**
 * Documents in the project partition: a small node item per document (the tree is a query of these), a body
 * item with the content, a search text, and one immutable history item per replaced version. Sibling order is a
 * fractional-index `rank`; the API's `preId` is derived from it on read, so a move rewrites one item and
 * concurrent moves can never break a linked list.
 */
import { randomBytes } from 'node:crypto';
import { generateKeyBetween } from 'fractional-indexing';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  DOCUMENT_TYPES,
  readContent,
  writeContent,
  saveNoteSchema,
  type DocumentNode,
  type DocumentTreeNode,
  type SaveNote,
  type TypedContent,
} from '@shared/schemas/document';
import { batchGet, batchWrite, conditionsOn, exists, getItem, notExists, queryAll, queryPage, transact, type TransactOp } from '../data/db';
import { defineEntity } from '../data/entity';
import { commentKeys, keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { bodiesOf, bodyItem, deleteBodyObjects, getBody, readBody, storeBody, type StoredBody } from './bodies';
import { appendHistoryOp, historyOf } from './histories';
import { memo } from './memo';
import { contentText, searchTextItem } from './search';
import { bumpTreeRev, keptByRevision } from './tree-changes';
import { changesBetween, eventOps, openWindow, saveEventOps, type CoalescedKind } from './events';

export const nodeRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    parentId: z.string(),
    rank: z.string(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    comment: z.string(),
    /** What the last save did, when it came with no note of its own (see SaveNote). */
    note: saveNoteSchema.optional(),
    method: z.string().nullable(),
    path: z.string().nullable(),
    status: z.string().nullable(),
    createdAt: z.string(),
    createdBy: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    updatedByName: z.string(),
    rev: z.number(),
  }),
);
export type StoredNode = z.infer<typeof nodeRecord>;

export interface Editor {
  id: string;
  name: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function newDocumentId(projectId: string): string {
  let suffix = '';
  for (const b of randomBytes(12)) suffix += ALPHABET[b % ALPHABET.length];
  return `${projectId}_${suffix}`;
}

/** Who made a new document (or copy), and when: its first revision. */
export function firstRevision(editor: Editor, now = new Date().toISOString()) {
  return { createdAt: now, createdBy: editor.id, updatedAt: now, updatedBy: editor.id, updatedByName: editor.name, rev: 1 };
}

/** What the tree shows of an HTTP API without reading its body. */
export function apiSummary(typed: TypedContent) {
  if (typed.type !== 'api') return { method: null, path: null, status: null };
  return { method: typed.content.method, path: typed.content.path, status: typed.content.status };
}

/** A document's tree node, listed among its parent's children (in rank order) by an index entry. */
export const nodeEntity = defineEntity({
  name: 'document',
  schema: nodeRecord,
  key: (n: Pick<StoredNode, 'projectId' | 'id'>) => keys.document(n.projectId, n.id),
  indexes: (index) => ({ gsi1: index(['projectId', 'parentId', 'rank'], (n) => keys.childOf(n.projectId, n.parentId, n.rank)) }),
});
const where = conditionsOn<StoredNode>();

export const nodeItem = (node: StoredNode) => nodeEntity.item(node);

/** Every node of a project, read as parallel ranges (one round trip for a large tree, not one per 1 MB page). */
export async function loadNodes(projectId: string): Promise<StoredNode[]> {
  const pages = await Promise.all(keys.documentsOfInRanges(projectId, 4).map((spec) => queryAll(spec)));
  const unique = new Map(pages.flat().map((item) => [String(item.sk), item]));
  return nodeEntity.parseAll([...unique.values()]);
}

/** What a read of the tree needs: the nodes (in sort-key order, as a query reads them), by id, and the built tree. */
interface KeptTree {
  nodes: StoredNode[];
  byId: Map<string, StoredNode>;
  built: BuiltTree;
}

function keptTree(projectId: string, nodes: StoredNode[]): KeptTree {
  return { nodes, byId: new Map(nodes.map((n) => [n.id, n])), built: buildTree(projectId, nodes) };
}

const bySortKey = (a: StoredNode, b: StoredNode) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** A kept tree brought forward: the changed nodes read again and put in a copy, only their lists built again. */
async function advanceTree(projectId: string, kept: KeptTree, ids: ReadonlySet<string>): Promise<KeptTree> {
  const keysOf = [...ids].map((id) => keys.document(projectId, id));
  const found = nodeEntity.parseAll(await batchGet(keysOf, { consistent: true }));
  const now = new Map(found.map((n) => [n.id, n]));
  // Changed nodes keep their place, removed ones (binned, deleted) go, new ones join in sort-key order.
  const nodes = kept.nodes.flatMap((n) => (ids.has(n.id) ? (now.get(n.id) ?? []) : [n]));
  const added = found.filter((n) => !kept.byId.has(n.id));
  if (added.length) {
    nodes.push(...added);
    nodes.sort(bySortKey);
  }
  const byId = new Map(nodes.map((n) => [n.id, n]));
  // The lists to build again: a changed node's own, those of its parent before and after, and every list above them.
  const dirty = new Set<string>();
  const markUp = (id: string | undefined) => {
    for (; id !== undefined && !dirty.has(id); id = byId.get(id)?.parentId) dirty.add(id);
  };
  for (const id of ids) {
    markUp(id);
    markUp(kept.byId.get(id)?.parentId);
    markUp(now.get(id)?.parentId);
  }
  return { nodes, byId, built: buildTree(projectId, nodes, { before: kept.built, dirty }) };
}

/**
 * The trees of a few projects (a large one is megabytes), each as of the newest revision asked for, brought forward
 * by the tree's change log (tree-changes.ts). Independent caches are separate readers (the tests hold two, as two
 * instances would).
 */
export function createTreeCache(opts: { max: number } = { max: 8 }) {
  const at = keptByRevision<KeptTree>({
    max: opts.max,
    whole: async (projectId) => keptTree(projectId, await loadNodes(projectId)),
    advance: (projectId, kept, changed) => advanceTree(projectId, kept, changed),
  });
  return {
    /** A node as of a tree revision (reads; a write reads the node itself, under its condition). */
    nodeAt: async (project: { id: string; treeRev: number }, documentId: string) => (await at(project)).byId.get(documentId),
    /** The nodes of a project at a tree revision, for reads (writes read fresh with `loadNodes`). */
    nodesAt: async (project: { id: string; treeRev: number }) => (await at(project)).nodes,
    /** The built tree of a project at a tree revision. */
    treeAt: async (project: { id: string; treeRev: number }) => (await at(project)).built.tree,
  };
}

/** This instance's trees. */
export const { nodeAt, nodesAt, treeAt } = createTreeCache();

/** The latest saves among a project's nodes, newest first: folders hold no writing of their own, so they are left out. */
export const latestSaves = (nodes: readonly StoredNode[], limit: number): StoredNode[] =>
  nodes
    .filter((n) => n.type !== 'folder')
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
    .slice(0, limit);

export const getNode = async (projectId: string, documentId: string) =>
  nodeEntity.parse(await getItem(keys.document(projectId, documentId), { consistent: true }));

export async function requireNode(projectId: string, documentId: string): Promise<StoredNode> {
  const node = await getNode(projectId, documentId);
  if (!node) throw new AppError('notFound');
  return node;
}

const byRank = (a: StoredNode, b: StoredNode) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : a.id < b.id ? -1 : 1);

/** A parent's children in order: one query of the children index, whatever the size of the project. */
export async function loadChildren(projectId: string, parentId: string): Promise<StoredNode[]> {
  return nodeEntity.parseAll(await queryAll(keys.childrenOf(projectId, parentId))).sort(byRank);
}

/** The sibling right before a node ('0' when it is first): one single-item query. */
export async function previousSiblingId(node: StoredNode): Promise<string> {
  const page = await queryPage(keys.childBefore(node.projectId, node.parentId, node.rank));
  return nodeEntity.parseAll(page.items)[0]?.id ?? '0';
}

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

/**
 * Parents before children, siblings in rank order; a node whose parent is not among them goes to the top. Here, not
 * in project-file.ts, so the open API's tree read does not load the project file's reader (and js-yaml with it).
 */
export function inTreeOrder(projectId: string, nodes: StoredNode[]): StoredNode[] {
  const present = new Set(nodes.map((n) => n.id));
  const lifted = nodes.map((n) => (n.parentId === projectId || present.has(n.parentId) ? n : { ...n, parentId: projectId }));
  const children = childrenByParent(lifted);
  const out: StoredNode[] = [];
  const seen = new Set<string>();
  const walk = (parentId: string) => {
    for (const node of children.get(parentId) ?? []) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      out.push(node);
      walk(node.id);
    }
  };
  walk(projectId);
  return out;
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
    ...(node.note ? { note: node.note } : {}),
  };
}

/** Ordered views of a parent's children, each knowing the sibling before it. */
export function childViews(children: StoredNode[] | undefined): DocumentNode[] {
  return (children ?? []).map((node, i) => toNodeView(node, i === 0 ? '0' : children![i - 1]!.id));
}

/**
 * The sibling before each node (its `preId`, '0' for a first child) of a node list that never changes (a tree
 * revision's, a release's), worked out once per list: a read of one document in a folder of thousands looks it up.
 */
const preIdsOfList = new WeakMap<StoredNode[], Map<string, string>>();
function preIdsOf(nodes: StoredNode[]) {
  let preIds = preIdsOfList.get(nodes);
  if (!preIds) {
    preIds = new Map();
    for (const siblings of childrenByParent(nodes).values())
      siblings.forEach((n, i) => preIds!.set(n.id, i > 0 ? siblings[i - 1]!.id : '0'));
    preIdsOfList.set(nodes, preIds);
  }
  return preIds;
}

/** A node's view with its `preId` found among `nodes`, which must not change afterwards (see `preIdsOf`). */
export function viewAmong(node: StoredNode, nodes: StoredNode[]): DocumentNode {
  return toNodeView(node, preIdsOf(nodes).get(node.id) ?? '0');
}

/** The nested tree below the project root. Orphans (a parent deleted meanwhile) are not shown. */
export const buildDocumentTree = (projectId: string, nodes: StoredNode[]): DocumentTreeNode[] => buildTree(projectId, nodes).tree;

/** A built tree, with the list of children of each parent in it that has some (what a rebuild can reuse). */
interface BuiltTree {
  tree: DocumentTreeNode[];
  lists: Map<string, DocumentTreeNode[]>;
}

/**
 * Builds the tree from the root down. Each node is in the list of its one parent, so the walk meets no node twice
 * and never enters a cycle (a cycle has no way in from the root). With `reuse`, the list of a parent that is not
 * `dirty` is taken whole from the tree built before, with everything below it: a change rebuilds only the lists
 * it touched and those above them.
 */
function buildTree(projectId: string, nodes: StoredNode[], reuse?: { before: BuiltTree; dirty: Set<string> }): BuiltTree {
  const children = childrenByParent(nodes);
  const lists = new Map<string, DocumentTreeNode[]>();
  const keepBelow = (list: DocumentTreeNode[]) => {
    for (const node of list)
      if (node.children.length) {
        lists.set(node.id, node.children);
        keepBelow(node.children);
      }
  };
  const build = (parentId: string): DocumentTreeNode[] => {
    const kept = reuse && !reuse.dirty.has(parentId) ? reuse.before.lists.get(parentId) : undefined;
    if (kept) {
      lists.set(parentId, kept);
      keepBelow(kept);
      return kept;
    }
    const siblings = children.get(parentId) ?? [];
    const list = siblings.map((n, i): DocumentTreeNode => ({
      id: n.id,
      projectId: n.projectId,
      parentId: n.parentId,
      preId: i === 0 ? '0' : siblings[i - 1]!.id,
      name: n.name,
      type: n.type,
      comment: n.comment,
      method: n.method,
      path: n.path,
      status: n.status,
      children: build(n.id),
    }));
    if (list.length) lists.set(parentId, list);
    return list;
  };
  return { tree: build(projectId), lists };
}

/** Ids of a node and everything below it, parents before children. */
export function subtreeOf(rootId: string, nodes: StoredNode[]): string[] {
  const children = childrenByParent(nodes);
  const out: string[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    out.push(id);
    for (const child of children.get(id) ?? []) walk(child.id);
  };
  walk(rootId);
  return out;
}

/** A parent is the project itself (top level) or a folder of the project. */
export function assertParent(projectId: string, parentId: string, nodes: StoredNode[]) {
  if (parentId === projectId) return;
  const parent = nodes.find((n) => n.id === parentId);
  if (!parent || parent.type !== 'folder') throw new AppError('invalidInput', {}, { fields: { parentId: 'parentId' } });
}

/** The rank that places a node right after `preId` ('0': first) among `siblings` (already without the node). */
export function rankAfter(preId: string, siblings: StoredNode[]): string {
  if (preId === '0') return generateKeyBetween(null, siblings[0]?.rank ?? null);
  const index = siblings.findIndex((n) => n.id === preId);
  if (index < 0) throw new AppError('invalidInput', {}, { fields: { preId: 'preId' } });
  // Two moves to the same place at once give two siblings one rank; nothing fits between them, so the node goes
  // right after the last of them.
  const rank = siblings[index]!.rank;
  return generateKeyBetween(rank, siblings.slice(index + 1).find((n) => n.rank > rank)?.rank ?? null);
}

/** The content of a document, read as the newest shape of its kind. */
async function readDocumentContent(node: StoredNode): Promise<TypedContent> {
  return readContent(node.type, await readBody(await getBody(node.projectId, node.id)));
}

/**
 * A revision's content never changes, so reads keep small ones in memory by document and revision: a burst of
 * readers of one document (a share link in a group chat) costs one body read. Large bodies are read each time.
 */
const contents = memo<TypedContent | undefined>({ ttlMs: 10 * 60_000, max: 256 });
const KEPT_BODY_BYTES = 64 * 1024;
export async function readDocumentContentOfRev(node: StoredNode): Promise<TypedContent> {
  const key = `${node.id}:${node.rev}`;
  const kept = await contents.get(key, async () => {
    const body = await getBody(node.projectId, node.id);
    // Only what is exactly this revision and small is kept; anything else is read again next time.
    if (!body || body.rev !== node.rev || (body.json?.length ?? KEPT_BODY_BYTES) >= KEPT_BODY_BYTES) return undefined;
    return readContent(node.type, await readBody(body));
  });
  if (kept) return kept;
  contents.forget(key);
  return readDocumentContent(node);
}

/** The folder a node sits in, for an event's subject (none at the top level). */
const folderOf = (node: Pick<StoredNode, 'projectId' | 'parentId'>) =>
  node.parentId === node.projectId ? {} : { folderId: node.parentId };

/** What an event says of the document it is about. */
export const eventSubjectOf = (node: Pick<StoredNode, 'id' | 'name' | 'projectId' | 'parentId'>) => ({
  documentId: node.id,
  name: node.name,
  ...folderOf(node),
});

/** A new document: its node, body, search text and its event in one transaction. */
export async function createDocument(node: StoredNode, typed: TypedContent): Promise<void> {
  const stored = await storeBody(node.projectId, node.id, node.rev, writeContent(typed));
  await transact([
    nodeEntity.putOp(node, notExists()),
    { put: bodyItem(node.projectId, node.id, node.rev, stored), when: notExists() },
    { put: searchTextItem(node.projectId, node.id, contentText(typed)) },
    ...eventOps({
      projectId: node.projectId,
      kind: 'document.created',
      actor: { id: node.createdBy, name: node.updatedByName },
      subject: eventSubjectOf(node),
      details: { type: node.type, method: node.method, path: node.path },
    }),
  ]);
  await bumpTreeRev(node.projectId, [node.id], 1);
}

interface SaveInput {
  node: StoredNode;
  expectedRev: number;
  name?: string;
  comment: string;
  /** What the save did, for one with no note of its own: a rename, a restore. */
  note?: SaveNote;
  content?: TypedContent;
  editor: Editor;
}

/**
 * Saves a document: a conditional write on the node's revision, the new body, its search text and a history item
 * holding the version it replaces, in one transaction. A save against a stale revision is refused with the name
 * of whoever saved last; nothing is ever overwritten silently.
 */
const preservedBody = (body: StoredBody | undefined): StoredBody => (body?.s3Key ? { s3Key: body.s3Key } : { json: body?.json ?? '{}' });

export async function saveDocument(input: SaveInput): Promise<{ node: StoredNode; content: TypedContent }> {
  const { node, editor } = input;
  const previousBody = await getBody(node.projectId, node.id);
  const rev = input.expectedRev + 1;
  const body: StoredBody | undefined = input.content
    ? await storeBody(node.projectId, node.id, rev, writeContent(input.content))
    : undefined;
  // An automatic note is the note of this save alone; a save with neither keeps the document's last written note.
  const { note: _lastNote, ...stamp } = node;
  const next: StoredNode = {
    ...stamp,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.content ? apiSummary(input.content) : {}),
    comment: input.comment || (input.note ? '' : node.comment),
    ...(!input.comment && input.note ? { note: input.note } : {}),
    updatedAt: new Date().toISOString(),
    updatedBy: editor.id,
    updatedByName: editor.name,
    rev,
  };
  const preserved = preservedBody(previousBody);
  const eventKind: CoalescedKind = node.type === 'model' ? 'model.changed' : 'document.updated';
  const [window, before] = await Promise.all([
    openWindow(node.projectId, eventKind, node.id, editor.id),
    input.content ? readBody(preserved).then((raw) => readContent(node.type, raw)) : undefined,
  ]);
  const changes = changesBetween(before, input.content, next.name !== node.name);
  await transact([
    nodeEntity.putOp(next, where.eq('rev', input.expectedRev), (item) => {
      const latest = nodeEntity.parse(item);
      if (!latest) return new AppError('notFound');
      return new AppError(
        'staleRevision',
        { editor: latest.updatedByName },
        { rev: latest.rev, updatedBy: latest.updatedBy, updatedAt: latest.updatedAt },
      );
    }),
    // The body keeps its own revision; an unchanged body is carried forward as it is.
    { put: bodyItem(node.projectId, node.id, rev, body ?? preserved) },
    appendHistoryOp(node.projectId, { ...node, rev: input.expectedRev }, preserved),
    ...(input.content ? [{ put: searchTextItem(node.projectId, node.id, contentText(input.content)) }] : []),
    ...saveEventOps(
      {
        projectId: node.projectId,
        kind: eventKind,
        actor: editor,
        subject: eventSubjectOf(next),
        details: { type: next.type, method: next.method, path: next.path },
        ...changes,
      },
      window,
    ),
  ]);
  await bumpTreeRev(node.projectId, [node.id]);
  return { node: next, content: input.content ?? readContent(node.type, await readBody(preserved)) };
}

/**
 * A revision that changes no content but says what happened to the document (a move to the bin, a restore from it),
 * so its history names who did it and when: the node at the next revision with that note, and the writes that go in
 * the same transaction as the node's own move (its body carried to that revision, the replaced version kept).
 */
export async function noteRevision(node: StoredNode, note: SaveNote, editor: Editor, now = new Date()) {
  const body = preservedBody(await getBody(node.projectId, node.id));
  const { note: _lastNote, ...stamp } = node;
  const next: StoredNode = {
    ...stamp,
    comment: '',
    note,
    updatedAt: now.toISOString(),
    updatedBy: editor.id,
    updatedByName: editor.name,
    rev: node.rev + 1,
  };
  const ops: TransactOp[] = [{ put: bodyItem(node.projectId, node.id, next.rev, body) }, appendHistoryOp(node.projectId, node, body)];
  return { next, ops };
}

/** Moves a node under `parentId` at `rank`: one conditional write (the node must still exist), with its event. */
export async function moveDocument(node: StoredNode, parentId: string, rank: string, editor: Editor): Promise<StoredNode> {
  const moved: StoredNode = { ...node, parentId, rank };
  await transact([
    nodeEntity.updateOp(node, { set: { parentId, rank } }, exists(), () => new AppError('notFound')),
    ...(parentId === node.parentId
      ? [] // a reorder among siblings tells nobody anything
      : eventOps({
          projectId: node.projectId,
          kind: 'document.moved',
          actor: editor,
          subject: eventSubjectOf(moved),
          details: { fromFolderId: node.parentId, toFolderId: parentId },
        })),
  ]);
  await bumpTreeRev(node.projectId, [node.id]);
  return moved;
}

/**
 * Copies a document with its subtree; the copy of the root goes right after the original. Bodies and search texts
 * are written before the nodes that point at them, so a copy interrupted half way leaves no node without a body.
 */
export async function copyDocuments(nodes: StoredNode[], original: StoredNode, topName: string, editor: Editor): Promise<StoredNode> {
  const projectId = original.projectId;
  const subtree = subtreeOf(original.id, nodes);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const newIds = new Map(subtree.map((id) => [id, newDocumentId(projectId)]));
  const siblings = childrenByParent(nodes).get(original.parentId) ?? [];
  const bodies = new Map((await bodiesOf(projectId, subtree)).map((b) => [b.documentId, b]));
  const revision = firstRevision(editor);
  const copies = await Promise.all(
    subtree.map(async (id) => {
      const source = byId.get(id)!;
      const isTop = id === original.id;
      const node: StoredNode = {
        ...source,
        id: newIds.get(id)!,
        parentId: isTop ? source.parentId : newIds.get(source.parentId)!,
        rank: isTop ? rankAfter(original.id, siblings) : source.rank,
        name: isTop ? topName : source.name,
        ...revision,
      };
      const content = readContent(source.type, await readBody(bodies.get(id)));
      return { node, body: await storeBody(projectId, node.id, 1, writeContent(content)), text: contentText(content) };
    }),
  );
  await batchWrite({
    puts: copies.flatMap((c) => [bodyItem(projectId, c.node.id, 1, c.body), searchTextItem(projectId, c.node.id, c.text)]),
  });
  await batchWrite({ puts: copies.map((c) => nodeItem(c.node)).reverse() });
  await bumpTreeRev(
    projectId,
    copies.map((c) => c.node.id),
    copies.length,
  );
  return copies[0]!.node;
}

/**
 * The keys of every comment of some documents, which the bin's purge deletes with their data. (Read here by their
 * keys alone: the comments' module brings their schema and sanitising rules into every bundle that purges.)
 */
async function commentKeysOf(projectId: string, documentIds: string[]) {
  const lists = await Promise.all(documentIds.map((id) => queryAll(commentKeys.commentsOf(projectId, id))));
  return lists.flat().map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
}

/**
 * Deletes what documents keep beside their tree nodes: bodies, search texts, mock settings, history, comments and S3
 * objects (the purge of the document bin; the nodes themselves are the caller's). Answers how many items it deleted.
 */
export async function deleteDocumentData(projectId: string, ids: string[]): Promise<number> {
  const [histories, bodies] = await Promise.all([
    Promise.all(ids.map((id) => historyOf(projectId, id))).then((h) => h.flat()),
    bodiesOf(projectId, ids),
  ]);
  // After the histories, not beside them: a page is 200 documents, a query each, and the client has 50 sockets.
  const comments = await commentKeysOf(projectId, ids);
  const objects = [...histories, ...bodies].flatMap((b) => (b.s3Key ? [b.s3Key] : []));
  const deletes = [
    ...histories.map((h) => keys.history(projectId, h.documentId, h.rev)),
    ...ids.flatMap((id) => [keys.mockConfig(projectId, id), keys.searchText(projectId, id), keys.documentBody(projectId, id)]),
    ...comments,
  ];
  await batchWrite({ deletes });
  await deleteBodyObjects([...new Set(objects)]);
  return deletes.length;
}
