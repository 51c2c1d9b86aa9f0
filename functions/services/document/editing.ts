/** Reading and writing documents: every kind, ordering, copies and deletes. */
import { translate } from '@shared/messages';
import {
  apiSummary,
  assertParent,
  childrenByParent,
  copyDocuments,
  createDocument,
  firstRevision,
  loadNodes,
  moveDocument,
  newDocumentId,
  nodesAt,
  previousSiblingId,
  rankAfter,
  readDocumentContentOfRev,
  requireNode,
  saveDocument,
  subtreeOf,
  toNodeView,
  viewAmong,
  type StoredNode,
} from '../../domain/documents';
import { binDocuments, listBin, restoreDocuments } from '../../domain/document-bin';
import { readSnapshot, snapshotDocument } from '../../domain/releases';
import { AppError, fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { documentView, liveNode, ownOrigins, parseContent } from './shared';
import { editorOf } from '../../domain/users';

export const editingHandlers = defineHandlers({
  /** Live, or from the release being read (its snapshot, one object kept in memory). */
  'document.get': async ({ params }, ctx) => {
    if (ctx.project.release) {
      const snapshot = await readSnapshot(ctx.project.release);
      const { node, content } = snapshotDocument(snapshot, params.id);
      return { ...viewAmong(node, snapshot.nodes), ...content, updatedByName: node.updatedByName };
    }
    // The node and its preId from the tree of the revision the access check read, the content by revision: a warm
    // read costs only the access check's reads.
    const project = ctx.project.item;
    const node = await liveNode(project, params.id);
    return { ...viewAmong(node, await nodesAt(project)), ...(await readDocumentContentOfRev(node)), updatedByName: node.updatedByName };
  },

  'document.create': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const parentId = body.parentId && body.parentId !== '0' ? body.parentId : projectId;
    const [nodes, editor] = await Promise.all([loadNodes(projectId), editorOf(ctx.caller.userId)]);
    assertParent(projectId, parentId, nodes);
    const typed = parseContent(body.type, body.content, ctx.locale, ownOrigins(ctx.event));
    if (typed.type === 'softlink' && !nodes.some((n) => n.id === typed.content.targetId)) {
      throw new AppError('invalidInput', {}, { fields: { 'content.targetId': translate(ctx.locale, 'error.notFound') } });
    }
    const node: StoredNode = {
      id: newDocumentId(projectId),
      projectId,
      parentId,
      rank: rankAfter(body.preId ?? '0', childrenByParent(nodes).get(parentId) ?? []),
      name: body.name,
      type: body.type,
      comment: body.comment,
      ...apiSummary(typed),
      ...firstRevision(editor),
    };
    await createDocument(node, typed);
    return documentView(node, typed);
  },

  'document.update': async ({ body }, ctx) => {
    const node = await requireNode(ctx.project.item.id, body.id);
    const content = body.content === undefined ? undefined : parseContent(node.type, body.content, ctx.locale, ownOrigins(ctx.event));
    const renamed = body.name !== undefined && body.name !== node.name;
    const saved = await saveDocument({
      node,
      expectedRev: body.rev,
      name: body.name,
      comment: body.comment,
      ...(renamed ? { note: { kind: 'rename' as const, from: node.name, to: body.name! } } : {}),
      content,
      editor: await editorOf(ctx.caller.userId),
    });
    return documentView(saved.node, saved.content);
  },

  /**
   * To the project's document bin, with its subtree: deepest first and the named document last, so a repeat
   * finishes the job (see domain/document-bin.ts).
   */
  'document.delete': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const [nodes, editor] = await Promise.all([loadNodes(projectId), editorOf(ctx.caller.userId)]);
    if (!nodes.some((n) => n.id === params.id)) fail('notFound');
    await binDocuments(projectId, params.id, subtreeOf(params.id, nodes).reverse(), nodes, editor);
    return null;
  },

  'document.bin': async ({ params }) => listBin(params.projectId),

  'document.binRestore': async ({ params }, ctx) => {
    const restored = await restoreDocuments(ctx.project.item.id, params.id, await editorOf(ctx.caller.userId));
    return toNodeView(restored, await previousSiblingId(restored));
  },

  'document.resort': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const [nodes, editor] = await Promise.all([loadNodes(projectId), editorOf(ctx.caller.userId)]);
    const node = nodes.find((n) => n.id === params.docId);
    if (!node) return fail('notFound');
    const parentId = params.parentId === '0' ? projectId : params.parentId;
    assertParent(projectId, parentId, nodes);
    if (subtreeOf(node.id, nodes).includes(parentId)) fail('folderCycle');
    const siblings = (childrenByParent(nodes).get(parentId) ?? []).filter((n) => n.id !== node.id);
    const moved = await moveDocument(node, parentId, rankAfter(params.preId, siblings), editor);
    return viewAmong(
      moved,
      nodes.map((n) => (n.id === node.id ? moved : n)),
    );
  },

  'document.copy': async ({ body }, ctx) => {
    const projectId = ctx.project.item.id;
    const [nodes, editor] = await Promise.all([loadNodes(projectId), editorOf(ctx.caller.userId)]);
    const original = nodes.find((n) => n.id === body.id);
    if (!original) return fail('notFound');
    const suffix = translate(ctx.locale, 'text.copySuffix');
    const name = body.name ?? `${original.name.slice(0, 30 - suffix.length)}${suffix}`;
    return toNodeView(await copyDocuments(nodes, original, name, editor), original.id);
  },
});
