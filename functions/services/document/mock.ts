/** Mock settings of HTTP API documents: read, saved whole, or switched to another type. */
import { projectIdOfDocument } from '@shared/schemas/document';
import { DEFAULT_MOCK_SETTINGS, mockSettings } from '@shared/schemas/mock';
import { getMockConfig, saveMockConfig, toMockConfigView, withMockType } from '../../domain/mock-configs';
import { getNode } from '../../domain/documents';
import { AppError } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { parseWith } from '../../runtime/validation';
import { editorOf } from '../../domain/users';

/** The document must be an HTTP API of the project the access check admitted the caller to. */
async function apiDocument(projectId: string, docId: string) {
  if (projectIdOfDocument(docId) !== projectId) throw new AppError('notFound');
  const node = await getNode(projectId, docId);
  if (!node) throw new AppError('notFound');
  if (node.type !== 'api') throw new AppError('notApiDocument');
  return node;
}

export const mockHandlers = defineHandlers({
  'mock.get': async ({ params: { projectId, docId } }) => {
    await apiDocument(projectId, docId);
    return toMockConfigView(projectId, docId, await getMockConfig(projectId, docId));
  },

  'mock.save': async ({ body }, ctx) => {
    const { projectId, docId, ...settings } = body;
    await apiDocument(projectId, docId);
    return toMockConfigView(projectId, docId, await saveMockConfig(projectId, docId, settings, await editorOf(ctx.caller.userId)));
  },

  'mock.changeType': async ({ params: { projectId, docId, type } }, ctx) => {
    await apiDocument(projectId, docId);
    const current = (await getMockConfig(projectId, docId))?.settings ?? DEFAULT_MOCK_SETTINGS;
    const settings = parseWith(mockSettings, withMockType(current, type), ctx.locale);
    return toMockConfigView(projectId, docId, await saveMockConfig(projectId, docId, settings, await editorOf(ctx.caller.userId)));
  },
});
