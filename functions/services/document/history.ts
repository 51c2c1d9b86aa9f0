/** The history of a document: list, view, and restore (a restore is itself a new save with its own entry). */
import { documentOfHistory, type TypedContent } from '@shared/schemas/document';
import { requireNode, saveDocument } from '../../domain/documents';
import { getHistoryEntry, listHistory } from '../../domain/histories';
import { fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { documentView, liveNode } from './shared';
import { editorOf } from '../../domain/users';

export const historyHandlers = defineHandlers({
  /** The history of a live document (one in the bin keeps its history for a restore, unread meanwhile). */
  'document.history': async ({ params }, ctx) => {
    await liveNode(ctx.project.item, params.id);
    return listHistory(ctx.project.item.id, params.id);
  },

  'document.historyGet': async ({ params }, ctx) => {
    if (documentOfHistory(params.historyId) !== params.id) fail('notFound');
    await liveNode(ctx.project.item, params.id);
    return getHistoryEntry(ctx.project.item.id, params.historyId);
  },

  'document.historyRevert': async ({ params }, ctx) => {
    const projectId = ctx.project.item.id;
    const entry = await getHistoryEntry(projectId, params.id);
    const node = await requireNode(projectId, entry.documentId);
    const saved = await saveDocument({
      node,
      expectedRev: node.rev,
      name: entry.name,
      comment: '',
      note: { kind: 'restore', rev: entry.rev },
      content: { type: entry.type, content: entry.content } as TypedContent,
      editor: await editorOf(ctx.caller.userId),
    });
    return documentView(saved.node, saved.content);
  },
});
