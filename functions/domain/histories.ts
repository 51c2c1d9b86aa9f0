/**
 * History: one immutable item per replaced version of a document, written in the same transaction as the save
 * that replaced it. Its id `<documentId>_r<rev>` names the revision it preserves.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  DOCUMENT_TYPES,
  readContent,
  saveNoteSchema,
  type HistoryEntry,
  type HistoryEntryView,
  type SaveNote,
} from '@shared/schemas/document';
import { asRecord, asRecords, getItem, notExists, queryAll, type TransactOp } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { readBody, storedBody, type StoredBody } from './bodies';

const historyRecord = lazy(() =>
  storedBody.extend({
    id: z.string(),
    documentId: z.string(),
    rev: z.number(),
    name: z.string(),
    type: z.enum(DOCUMENT_TYPES),
    comment: z.string(),
    note: saveNoteSchema.optional(),
    editorId: z.string(),
    editorName: z.string(),
    savedAt: z.string(),
  }),
);
type HistoryRecord = z.infer<typeof historyRecord>;

const historyId = (documentId: string, rev: number) => `${documentId}_r${rev}`;

type Version = {
  id: string;
  rev: number;
  name: string;
  type: HistoryRecord['type'];
  comment: string;
  note?: SaveNote;
  updatedBy: string;
  updatedByName: string;
  updatedAt: string;
};

/** The item that preserves a version (its node's fields at that revision, and its body). */
export function historyItem(projectId: string, version: Version, body: StoredBody) {
  const entry: HistoryRecord = {
    id: historyId(version.id, version.rev),
    documentId: version.id,
    rev: version.rev,
    name: version.name,
    type: version.type,
    comment: version.comment,
    ...(version.note ? { note: version.note } : {}),
    editorId: version.updatedBy,
    editorName: version.updatedByName,
    savedAt: version.updatedAt,
    ...body,
  };
  return { ...keys.history(projectId, version.id, version.rev), ...ENTITY.history, ...entry };
}

/** The write that preserves a version as it is replaced; written once, never overwritten. */
export const appendHistoryOp = (projectId: string, version: Version, body: StoredBody): TransactOp => ({
  put: historyItem(projectId, version, body),
  when: notExists(),
});

const toEntry = ({ id, documentId, rev, name, comment, note, editorId, editorName, savedAt }: HistoryRecord): HistoryEntry => ({
  id,
  documentId,
  rev,
  name,
  comment,
  ...(note ? { note } : {}),
  editorId,
  editorName,
  savedAt,
});

/** Newest first. */
export const historyOf = async (projectId: string, documentId: string) =>
  asRecords(historyRecord, await queryAll(keys.historyOf(projectId, documentId)));

export const listHistory = async (projectId: string, documentId: string) => (await historyOf(projectId, documentId)).map(toEntry);

/** One preserved version with its content, read as the newest shape of its kind. */
export async function getHistoryEntry(projectId: string, id: string): Promise<HistoryEntryView> {
  const cut = id.lastIndexOf('_r');
  const item = asRecord(historyRecord, await getItem(keys.history(projectId, id.slice(0, cut), Number(id.slice(cut + 2)))));
  if (!item) throw new AppError('notFound');
  return { ...toEntry(item), ...readContent(item.type, await readBody(item)) };
}
