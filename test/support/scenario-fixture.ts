/** The access walk's test scenario (issue 36): a scenario with one step on the API document, an empty folder, a run. */
import { scenarioContent } from '@shared/schemas/scenario';
import { newScenarioId, scenarioEntity, scenarioFolderEntity, scenarioRunEntity } from '../../functions/domain/scenarios';

export function scenarioItems(projectId: string, apiDocumentId: string, creator: { id: string; name: string }, stamp: string) {
  const content = scenarioContent.read({ steps: [{ id: 's1', type: 'request', source: { kind: 'document', documentId: apiDocumentId } }] });
  const scenario = {
    id: newScenarioId(projectId),
    projectId,
    name: 'Walk',
    folderId: '',
    contentJson: JSON.stringify(scenarioContent.write(content)),
    stepCount: 1,
    recent: ['passed' as const],
    rev: 1,
    createdAt: stamp,
    updatedAt: stamp,
    updatedBy: creator.id,
    updatedByName: creator.name,
  };
  const folder = { id: newScenarioId(projectId), projectId, name: 'Empty', parentId: '', rev: 1, updatedAt: stamp };
  const run = {
    id: newScenarioId(projectId),
    projectId,
    scenarioId: scenario.id,
    place: 'cli' as const,
    environmentId: '',
    environmentName: '',
    ranBy: creator.id,
    ranByName: creator.name,
    createdAt: stamp,
    summary: {
      status: 'passed' as const,
      startedAt: 0,
      durationMs: 1,
      iterations: [{ index: 0, name: '#1', passed: true }],
      requests: 0,
      steps: { passed: 0, failed: 0, skipped: 0 },
      checks: { passed: 0, failed: 0 },
    },
    resultsJson: '[]',
  };
  return {
    items: [scenarioEntity.item(scenario), scenarioFolderEntity.item(folder), scenarioRunEntity.item(run)],
    ids: { scenarioId: scenario.id, scenarioFolderId: folder.id, scenarioRunId: run.id },
  };
}
