/** The document service: the tree, every kind of document, ordering, copies, search and history. */
import { generateKeyBetween } from 'fractional-indexing';
import { translate } from '../../../shared/messages';
import { documentOfHistory, readContent, writeContent, type DocumentView, type HistoryEntryView, type TypedContent } from '../../../shared/schemas/document';
import { batchGet, batchWrite, getItem, queryAll, transact, updateItem, type Item } from '../../data/db';
import {
  bodyRecord,
  buildDocumentTree,
  childrenByParent,
  childViews,
  deleteBodyObjects,
  getBody,
  getNode,
  loadChildren,
  loadNodes,
  placement,
  previousSiblingId,
  newDocumentId,
  nodeRecord,
  readBody,
  storeBody,
  subtreeOf,
  toNodeView,
  type StoredBody,
  type StoredNode,
} from '../../data/documents';
import { keys } from '../../data/keys';
import { getUser } from '../../data/users';
import { AppError, fail } from '../../runtime/app-error';
import { createService } from '../../runtime/service';
import { apiSummary, parseContent, saveDocument } from './saving';

async function editorOf(userId: string) {
  const user = await getUser(userId);
  return { id: userId, name: user?.nickname ?? '' };
}

/** Who made a new document (or copy), and when: its first revision. */
function firstRevision(editor: { id: string; name: string }) {
  const now = new Date().toISOString();
  return { createdAt: now, createdBy: editor.id, updatedAt: now, updatedBy: editor.id, updatedByName: editor.name, rev: 1 };
}

async function requireNode(projectId: string, documentId: string): Promise<StoredNode> {
  const node = await getNode(projectId, documentId);
  if (!node) throw new AppError('notFound');
  return node;
}

async function viewOf(node: StoredNode, typed: TypedContent): Promise<DocumentView> {
  return { ...toNodeView(node, await previousSiblingId(node)), ...typed, updatedByName: node.updatedByName };
}

/** A parent is the project itself (top level) or a folder of the project. */
function assertParent(projectId: string, parentId: string, nodes: StoredNode[]) {
  if (parentId === projectId) return;
  const parent = nodes.find((n) => n.id === parentId);
  if (!parent || parent.type !== 'folder') throw new AppError('invalidInput', {}, { fields: { parentId: 'parentId' } });
}

/** The rank that places a node right after `preId` ('0': first) among `siblings` (already without the node). */
function rankAfter(preId: string, siblings: StoredNode[]): string {
  if (preId === '0') return generateKeyBetween(null, siblings[0]?.rank ?? null);
  const index = siblings.findIndex((n) => n.id === preId);
  if (index < 0) throw new AppError('invalidInput', {}, { fields: { preId: 'preId' } });
  return generateKeyBetween(siblings[index]!.rank, siblings[index + 1]?.rank ?? null);
}

export const handler = createService('document', {
  'document.tree': async ({ params }) => buildDocumentTree(params.projectId, await loadNodes(params.projectId)),

  'document.children': async ({ params }, ctx) => childViews(await loadChildren(ctx.project.item.id, params.id)),

  'document.child0': async ({ params }, ctx) => childViews(await loadChildren(ctx.project.item.id, params.id))[0] ?? null,

  'document.get': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const [node, body] = await Promise.all([requireNode(projectId, params.id), getBody(projectId, params.id)]);
    return viewOf(node, readContent(node.type, await readBody(body)));
  },

  'document.create': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const parentId = body.parentId && body.parentId !== '0' ? body.parentId : projectId;
    const nodes = await loadNodes(projectId);
    assertParent(projectId, parentId, nodes);
    const typed = parseContent(body.type, body.content, ctx.locale);
    if (typed.type === 'softlink' && !nodes.some((n) => n.id === typed.content.targetId)) {
      throw new AppError('invalidInput', {}, { fields: { 'content.targetId': translate(ctx.locale, 'error.notFound') } });
    }
    const siblings = childrenByParent(nodes).get(parentId) ?? [];
    const id = newDocumentId(projectId);
    const editor = await editorOf(ctx.caller.userId);
    const node: StoredNode = {
      id,
      projectId,
      parentId,
      rank: rankAfter(body.preId ?? '0', siblings),
      name: body.name,
      type: body.type,
      comment: body.comment,
      ...apiSummary(typed),
      ...firstRevision(editor),
    };
    const stored = await storeBody(projectId, id, 1, writeContent(typed));
    await transact([
      { put: nodeRecord(node), cond: { ifNotExists: true } },
      { put: bodyRecord(projectId, id, 1, stored), cond: { ifNotExists: true } },
    ]);
    return viewOf(node, typed);
  },

  'document.update': async ({ body }, ctx) => {
    const node = await requireNode(ctx.project.item.id, body.id);
    const content = body.content === undefined ? undefined : parseContent(node.type, body.content, ctx.locale);
    const saved = await saveDocument({
      node,
      expectedRev: body.rev,
      name: body.name,
      comment: body.comment,
      content,
      editor: await editorOf(ctx.caller.userId),
    });
    return viewOf(saved.node, saved.content);
  },

  'document.delete': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const nodes = await loadNodes(projectId);
    if (!nodes.some((n) => n.id === params.id)) fail('notFound');
    // Deepest first and the named document last: an interrupted delete leaves a smaller subtree to delete again.
    const ids = subtreeOf(params.id, nodes).reverse();
    const histories = (await Promise.all(ids.map((id) => queryAll<Item & { pk: string; sk: string; s3Key?: string }>(keys.historyOf(projectId, id))))).flat();
    const bodies = await batchGet<StoredBody & Item>(ids.map((id) => keys.documentBody(projectId, id)));
    const objects = [...histories, ...bodies].flatMap((b) => (b?.s3Key ? [b.s3Key] : []));
    await batchWrite({
      deletes: [
        ...histories.map((h) => ({ pk: h.pk, sk: h.sk })),
        ...ids.flatMap((id) => [keys.documentBody(projectId, id), keys.document(projectId, id)]),
      ],
    });
    await deleteBodyObjects([...new Set(objects)]);
    return null;
  },

  'document.resort': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const nodes = await loadNodes(projectId);
    const node = nodes.find((n) => n.id === params.a);
    if (!node) return fail('notFound');
    const parentId = params.b === '0' ? projectId : params.b;
    assertParent(projectId, parentId, nodes);
    if (subtreeOf(node.id, nodes).includes(parentId)) fail('folderCycle');
    const siblings = (childrenByParent(nodes).get(parentId) ?? []).filter((n) => n.id !== node.id);
    const moved: StoredNode = { ...node, parentId, rank: rankAfter(params.c, siblings) };
    await updateItem(keys.document(projectId, node.id), { set: { parentId: moved.parentId, rank: moved.rank, ...placement(moved) } }, { ifExists: true });
    const after = nodes.map((n) => (n.id === node.id ? moved : n));
    const list = childrenByParent(after).get(parentId)!;
    const index = list.findIndex((n) => n.id === node.id);
    return toNodeView(moved, index > 0 ? list[index - 1]!.id : '0');
  },

  'document.copy': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const nodes = await loadNodes(projectId);
    const original = nodes.find((n) => n.id === body.id);
    if (!original) return fail('notFound');
    const editor = await editorOf(ctx.caller.userId);
    const siblings = childrenByParent(nodes).get(original.parentId) ?? [];
    const subtree = subtreeOf(original.id, nodes);
    const newIds = new Map(subtree.map((id) => [id, newDocumentId(projectId)]));
    const suffix = translate(ctx.locale, 'text.copySuffix');
    const copies: { node: StoredNode; body: StoredBody }[] = [];
    for (const id of subtree) {
      const source = nodes.find((n) => n.id === id)!;
      const isTop = id === original.id;
      const copy: StoredNode = {
        ...source,
        id: newIds.get(id)!,
        parentId: isTop ? source.parentId : newIds.get(source.parentId)!,
        rank: isTop ? rankAfter(original.id, siblings) : source.rank,
        name: isTop ? (body.name ?? `${source.name.slice(0, 30 - suffix.length)}${suffix}`) : source.name,
        ...firstRevision(editor),
      };
      const content = await readBody(await getBody(projectId, id));
      copies.push({ node: copy, body: await storeBody(projectId, copy.id, 1, content) });
    }
    // Bodies first, nodes after: a copy interrupted half way leaves no node pointing at a missing body.
    await batchWrite({ puts: copies.map((c) => bodyRecord(projectId, c.node.id, 1, c.body)) });
    await batchWrite({ puts: copies.map((c) => nodeRecord(c.node)).reverse() });
    const top = copies[0]!.node;
    return toNodeView(top, original.id);
  },

  'document.search': async ({ params, query }) => {
    const needle = query.keyword.toLowerCase();
    const [nodes, bodies] = await Promise.all([
      loadNodes(params.projectId),
      queryAll<{ documentId: string; json?: string } & Item>({ partition: keys.projectPartition(params.projectId), sortBeginsWith: 'BODY#' }),
    ]);
    const inContent = new Set(bodies.filter((b) => b.json?.toLowerCase().includes(needle)).map((b) => b.documentId));
    const children = childrenByParent(nodes);
    return nodes.flatMap((node) => {
      const byName = node.name.toLowerCase().includes(needle) || (node.path ?? '').toLowerCase().includes(needle);
      if (!byName && !inContent.has(node.id)) return [];
      const siblings = children.get(node.parentId) ?? [];
      const index = siblings.findIndex((n) => n.id === node.id);
      return [{ ...toNodeView(node, index > 0 ? siblings[index - 1]!.id : '0'), matchedIn: byName ? ('name' as const) : ('content' as const) }];
    });
  },

  'document.history': async ({ params }, ctx) => {
    const entries = await queryAll<Item>({ ...keys.historyOf(ctx.project.item.id, params.id), descending: true });
    return entries.map((e) => ({
      id: String(e.id),
      documentId: String(e.documentId),
      rev: Number(e.rev),
      name: String(e.name),
      comment: String(e.comment),
      editorId: String(e.editorId),
      editorName: String(e.editorName),
      savedAt: String(e.savedAt),
    }));
  },

  'document.historyGet': async ({ params }, ctx) => {
    const entry = await historyEntry(ctx.project.item.id, params.historyId);
    if (entry.documentId !== params.id) fail('notFound');
    return entry;
  },

  'document.historyRevert': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const entry = await historyEntry(projectId, params.id);
    const node = await requireNode(projectId, entry.documentId);
    const saved = await saveDocument({
      node,
      expectedRev: node.rev,
      name: entry.name,
      comment: translate(ctx.locale, 'text.restoredComment', { rev: entry.rev }),
      content: { type: entry.type, content: entry.content } as TypedContent,
      editor: await editorOf(ctx.caller.userId),
    });
    return viewOf(saved.node, saved.content);
  },
});

async function historyEntry(projectId: string, id: string): Promise<HistoryEntryView> {
  const documentId = documentOfHistory(id);
  const rev = Number(id.slice(id.lastIndexOf('_r') + 2));
  const item = await getItem<Item & StoredBody>(keys.history(projectId, documentId, rev));
  if (!item) throw new AppError('notFound');
  return {
    id,
    documentId,
    rev,
    name: String(item.name),
    comment: String(item.comment),
    editorId: String(item.editorId),
    editorName: String(item.editorName),
    savedAt: String(item.savedAt),
    ...readContent(item.type as StoredNode['type'], await readBody(item)),
  };
}
