/**
 * Postman collections in and out of test scenarios (issue 36): the converter is shared/scenarios/postman.ts, loaded
 * by these two routes on first use (issue 39), so a cold start for any other scenario route does not compile it.
 */
import type { PostmanDocument } from '@shared/scenarios/postman';
import { allSteps } from '@shared/schemas/scenario';
import * as z from 'zod';
import { AppError } from '../../core/app-error';
import { getNode } from '../../domain/documents';
import { createScenario, readScenarioContent, requireScenario, toScenarioView } from '../../domain/scenarios';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';

const postmanConverter = () => import('@shared/scenarios/postman');

export const postmanHandlers = defineHandlers({
  'scenario.importPostman': async ({ body: { projectId, folderId, name, collection } }, ctx) => {
    const { collectionToScenario, PostmanError } = await postmanConverter();
    let converted: ReturnType<typeof collectionToScenario>;
    try {
      converted = collectionToScenario(collection);
    } catch (error) {
      // Not a collection, or one whose parts break a scenario's own limits (a header too long, say).
      if (error instanceof PostmanError) throw new AppError('postmanInvalid', { reason: error.message });
      if (error instanceof z.ZodError) throw new AppError('postmanInvalid', { reason: z.prettifyError(error).split('\n')[0] });
      throw error;
    }
    const record = await createScenario(
      projectId,
      { name: name ?? (converted.name.trim() || 'Postman'), folderId, content: converted.content },
      await editorOf(ctx.caller.userId),
    );
    return { scenario: await toScenarioView(record), notes: converted.notes };
  },

  'scenario.exportPostman': async ({ params: { id } }) => {
    const record = await requireScenario(id);
    const content = readScenarioContent(record);
    const documents = new Map<string, PostmanDocument>();
    for (const s of allSteps(content.steps)) {
      if (s.type !== 'request' || s.source.kind !== 'document' || documents.has(s.source.documentId)) continue;
      const node = s.source.documentId.startsWith(`${record.projectId}_`)
        ? await getNode(record.projectId, s.source.documentId)
        : undefined;
      if (node?.type === 'api' && node.method && node.path !== null) documents.set(node.id, { method: node.method, path: node.path });
    }
    const { scenarioToCollection } = await postmanConverter();
    const { collection, notes } = scenarioToCollection({ name: record.name, content }, documents);
    return { collection: collection as unknown as Record<string, unknown>, notes };
  },
});
