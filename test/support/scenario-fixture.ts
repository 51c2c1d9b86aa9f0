/** The access walk's test scenario (issue 36): a scenario with one step on the API document, an empty folder, a run. */
import { scenarioContent } from '@shared/schemas/scenario';
import { emptyTally, scenarioJobEntity } from '../../functions/domain/scenario-runs';
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
  // A server run of it, done (its run is the one above in all but id: the walk reads the job, not the run).
  const job = {
    id: newScenarioId(projectId),
    projectId,
    scenarioId: scenario.id,
    environmentId: '',
    place: 'server' as const,
    scheduleId: '',
    iterations: 1,
    bail: false,
    state: 'done' as const,
    progress: { iterationsDone: 1, iterations: 1, requests: 0 },
    tally: emptyTally(),
    parts: 0,
    firstStartedAt: 0,
    slot: 0,
    runId: run.id,
    error: null,
    createdAt: stamp,
    createdBy: creator.id,
    createdByName: creator.name,
    startedAt: stamp,
    leaseUntil: null,
    attempts: 1,
    finishedAt: stamp,
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  };
  return {
    items: [scenarioEntity.item(scenario), scenarioFolderEntity.item(folder), scenarioRunEntity.item(run), scenarioJobEntity.item(job)],
    ids: { scenarioId: scenario.id, scenarioFolderId: folder.id, scenarioRunId: run.id, scenarioJobId: job.id },
  };
}
