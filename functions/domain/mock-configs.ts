/**
 * The mock settings of HTTP API documents: one item per document in the project partition, written only for
 * documents of the `api` kind. Every save also raises the project's `mockRev`, in the same transaction, so the mock
 * function (which keeps a project's settings in memory) sees a change on its next check.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  DEFAULT_MOCK_SETTINGS,
  mockSettings,
  STARTER_BODIES,
  type MockConfigView,
  type MockSettings,
  type MockType,
} from '@shared/schemas/mock';
import { asRecord, asRecords, eq, getItem, queryAll, transact } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { AppError } from '../core/app-error';
import type { Editor } from './documents';
import { projectEntity } from './projects';

const mockConfigRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    docId: z.string(),
    settings: mockSettings,
    updatedAt: z.string(),
    updatedBy: z.string(),
    updatedByName: z.string(),
  }),
);
type MockConfigRecord = z.infer<typeof mockConfigRecord>;

export const getMockConfig = async (projectId: string, docId: string) =>
  asRecord(mockConfigRecord, await getItem(keys.mockConfig(projectId, docId), { consistent: true }));

/** Every saved mock of a project: what the mock function serves from. */
export const mockConfigsOf = async (projectId: string) => asRecords(mockConfigRecord, await queryAll(keys.mockConfigsOf(projectId)));

export function toMockConfigView(projectId: string, docId: string, record: MockConfigRecord | undefined): MockConfigView {
  return {
    projectId,
    docId,
    ...(record?.settings ?? DEFAULT_MOCK_SETTINGS),
    updatedAt: record?.updatedAt ?? null,
    updatedByName: record?.updatedByName ?? null,
  };
}

/**
 * Saves a document's mock settings: conditional on the document being an HTTP API of this project and the project
 * being active, and atomic with the raise of `mockRev`.
 */
export async function saveMockConfig(projectId: string, docId: string, settings: MockSettings, editor: Editor): Promise<MockConfigRecord> {
  const record: MockConfigRecord = {
    projectId,
    docId,
    settings,
    updatedAt: new Date().toISOString(),
    updatedBy: editor.id,
    updatedByName: editor.name,
  };
  await transact([
    { check: keys.document(projectId, docId), when: eq('type', 'api'), failure: () => new AppError('notApiDocument') },
    { put: { ...keys.mockConfig(projectId, docId), ...ENTITY.mockConfig, ...record } },
    projectEntity.updateOp({ id: projectId }, { add: { mockRev: 1 } }, eq('state', 'active'), () => new AppError('wrongState')),
  ]);
  return record;
}

/**
 * The settings of a document switched to another mock type (or off), the rest kept. A body that does not fit the
 * new type is replaced by the type's starter when it is empty; otherwise it stays, for the caller's check to refuse
 * with the type's message.
 */
export function withMockType(current: MockSettings, type: MockType): MockSettings {
  const candidate = { ...current, type };
  if (!current.body.trim() && !mockSettings.safeParse(candidate).success) return { ...candidate, body: STARTER_BODIES[type] };
  return candidate;
}
