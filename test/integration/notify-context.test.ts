/**
 * What messages say of models, releases and scenario runs (issue 38), against DynamoDB Local, s3rver and the fake
 * DingTalk robot: a model's change lists the operations that use it, directly or through another model (the
 * compat engine's walk); a release carries the engine's verdict against the release before it; a kept scenario
 * run is an event with its outcome.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readContent, type TypedContent } from '@shared/schemas/document';
import type { EventKind, ProjectEvent } from '@shared/schemas/events';
import { saveDocument, type StoredNode } from '../../functions/domain/documents';
import { latestEvents } from '../../functions/domain/events';
import { publishRelease } from '../../functions/domain/releases';
import { createScenario, saveRun } from '../../functions/domain/scenarios';
import { operationsUsingModel, releaseVerdict } from '../../functions/notify/context';
import { someEditor, storedDocument, useNotifyFakes } from '../support/notify-fixture';

const notify = useNotifyFakes();
const editor = someEditor();

const newProject = () => notify.projectWithDingTalk(editor, [], 'Context');

const row = (name: string, type: string, ref?: string) => ({ id: randomUUID(), name, type, ...(ref ? { ref } : {}) });
const model = (name: string, rows: ReturnType<typeof row>[]) => readContent('model', { name, description: '', schema: rows });
const api = (method: string, path: string, responseRef?: string) =>
  readContent('api', {
    method,
    path,
    description: `${method} ${path}`,
    // The current version's fields: a response per status, rows that reference models.
    v: 3,
    responses: [{ status: '200', body: responseRef ? [row('data', 'object', responseRef)] : [row('ok', 'boolean')] }],
  });

/** A project whose Pet model holds an Owner: GET /pets uses Owner through Pet, GET /owners directly, GET /shops not. */
async function petShop() {
  const project = await newProject();
  const document = (name: string, typed: TypedContent): Promise<StoredNode> => storedDocument(project, editor, name, typed);
  const owner = await document('Owner', model('Owner', [row('name', 'string')]));
  const pet = await document('Pet', model('Pet', [row('name', 'string'), row('owner', 'object', owner.id)]));
  const pets = await document('List pets', api('GET', '/pets', pet.id));
  const owners = await document('List owners', api('GET', '/owners', owner.id));
  const shops = await document('List shops', api('GET', '/shops'));
  return { project, owner, pet, pets, owners, shops };
}

const latest = async (projectId: string, kind: EventKind): Promise<ProjectEvent> =>
  (await latestEvents(projectId)).find((e) => e.kind === kind)!;
const textsOf = notify.textsFor;
const deliver = notify.deliver;

describe('what messages say of models, releases and scenario runs', () => {
  it('a model’s change lists the operations that use it, directly or through another model', async () => {
    const { project, owner, pet } = await petShop();
    expect(await operationsUsingModel(project.id, owner.id)).toEqual(['GET /owners', 'GET /pets']);
    expect(await operationsUsingModel(project.id, pet.id)).toEqual(['GET /pets']);

    await saveDocument({ node: owner, expectedRev: 1, comment: '', content: model('Owner', [row('fullName', 'string')]), editor });
    await deliver(await latest(project.id, 'model.changed'));
    expect(textsOf(project.name).at(-1)).toContain('Used by 2 operations: `GET /owners`, `GET /pets`');
  });

  it('a release carries the verdict against the release before it; the first has none', async () => {
    const { project, owners } = await petShop();
    await publishRelease(project, '1.0.0', '', editor);
    expect(await releaseVerdict(project.id, '1.0.0')).toBeUndefined();
    // GET /owners goes away: a breaking change for its clients.
    await saveDocument({ node: owners, expectedRev: 1, comment: '', content: api('DELETE', '/owners'), editor });
    await publishRelease(project, '1.1.0', '', editor);
    const verdict = await releaseVerdict(project.id, '1.1.0');
    expect(verdict?.previous).toBe('1.0.0');
    expect(verdict?.breaking).toBeGreaterThan(0);

    await deliver(await latest(project.id, 'release.published'));
    expect(textsOf(project.name).at(-1)).toContain(`breaking: ${verdict!.breaking} (against 1.0.0)`);
  });

  it('a kept scenario run is an event with its outcome, and its message says it', async () => {
    const project = await newProject();
    const scenario = await createScenario(
      project.id,
      { name: 'Sign-in flow', folderId: '', content: { steps: [], dataSet: null } },
      editor,
    );
    const run = await saveRun(
      {
        scenarioId: scenario.id,
        place: 'browser',
        environmentId: '',
        environmentName: '',
        summary: {
          status: 'failed',
          startedAt: Date.now(),
          durationMs: 40,
          iterations: [],
          requests: 10,
          steps: { passed: 8, failed: 2, skipped: 0 },
          checks: { passed: 7, failed: 2 },
        },
        results: [],
      },
      editor,
    );
    const event = await latest(project.id, 'scenario.run.finished');
    expect(event).toMatchObject({
      actorId: editor.id,
      subject: { name: 'Sign-in flow' },
      details: { runId: run.id, scenarioId: scenario.id, status: 'failed', passed: 8, failed: 2 },
    });
    await deliver(event);
    expect(textsOf(project.name).at(-1)).toContain('Failed: steps 8 passed, 2 failed');
  });
});
