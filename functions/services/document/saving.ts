/**
 * Saving a document: a conditional write on the node's revision, the new body and a history item holding the
 * version it replaces, in one transaction. A save against a stale revision is refused with the name of whoever
 * saved last; nothing is ever overwritten silently.
 */
import { contentSchemas, readContent, writeContent, type DocumentType, type TypedContent } from '../../../shared/schemas/document';
import type { Locale } from '../../../shared/messages';
import { LIMITS } from '../../../shared/constants';
import { parseWith } from '../../runtime/validation';
import { ConditionFailed, transact } from '../../data/db';
import { ENTITY, keys } from '../../data/keys';
import { bodyRecord, getBody, getNode, historyId, nodeRecord, readBody, storeBody, type StoredBody, type StoredNode } from '../../data/documents';
import { AppError } from '../../runtime/app-error';

/**
 * Validates content for a kind, with per-field messages like any other input (fields under `content.`), and caps
 * its size: a synchronous Lambda answers at most 6 MB, so a larger document could be saved but never read again.
 */
export function parseContent(type: DocumentType, content: unknown, locale: Locale): TypedContent {
  const parsed = parseWith(contentSchemas[type], content ?? {}, locale, ['content']);
  if (Buffer.byteLength(JSON.stringify(parsed)) > LIMITS.documentContentBytes) throw new AppError('contentTooLarge');
  return { type, content: parsed } as TypedContent;
}

/** What the tree shows of an HTTP API without reading its body. */
export function apiSummary(typed: TypedContent) {
  if (typed.type !== 'api') return { method: null, path: null, status: null };
  return { method: typed.content.method, path: typed.content.path, status: typed.content.status };
}

export interface SaveInput {
  node: StoredNode;
  expectedRev: number;
  name?: string;
  comment: string;
  content?: TypedContent;
  editor: { id: string; name: string };
}

export async function saveDocument(input: SaveInput): Promise<{ node: StoredNode; content: TypedContent }> {
  const { node, editor } = input;
  const previousBody = await getBody(node.projectId, node.id);
  const rev = input.expectedRev + 1;
  const now = new Date().toISOString();
  const body: StoredBody | undefined = input.content ? await storeBody(node.projectId, node.id, rev, writeContent(input.content)) : undefined;
  const next: StoredNode = {
    ...node,
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.content ? apiSummary(input.content) : {}),
    comment: input.comment || node.comment,
    updatedAt: now,
    updatedBy: editor.id,
    updatedByName: editor.name,
    rev,
  };
  const preserved: StoredBody = previousBody?.s3Key ? { s3Key: previousBody.s3Key } : { json: previousBody?.json ?? '{}' };
  try {
    await transact([
      { put: nodeRecord(next), cond: { ifRev: input.expectedRev } },
      // The body keeps its own revision; an unchanged body is carried forward as it is.
      { put: bodyRecord(node.projectId, node.id, rev, body ?? preserved) },
      {
        put: {
          ...keys.history(node.projectId, node.id, input.expectedRev),
          ...ENTITY.history,
          id: historyId(node.id, input.expectedRev),
          documentId: node.id,
          rev: input.expectedRev,
          name: node.name,
          type: node.type,
          comment: node.comment,
          editorId: node.updatedBy,
          editorName: node.updatedByName,
          savedAt: node.updatedAt,
          ...preserved,
        },
        cond: { ifNotExists: true },
      },
    ]);
  } catch (err) {
    if (err instanceof ConditionFailed) {
      const latest = await getNode(node.projectId, node.id);
      if (!latest) throw new AppError('notFound');
      throw new AppError('staleRevision', { editor: latest.updatedByName }, { rev: latest.rev, updatedBy: latest.updatedBy, updatedAt: latest.updatedAt });
    }
    throw err;
  }
  return { node: next, content: input.content ?? readContent(node.type, await readBody(preserved)) };
}
