/**
 * Test scenarios through the local API (real DynamoDB Local and s3rver; issue 36): a scenario of steps on the
 * project's API documents, its folders, edits against a revision, a step whose document went to the bin flagged,
 * and runs kept with who, where, the environment and every step's result (large results in S3), newest first,
 * with the scenario's pass rate. Access both ways for every route is in the access walk (access-walk.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteRequest } from '@shared/routes';
import { getItem } from '../../functions/data/db';
import { scenarioKeys } from '../../functions/data/keys';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function project() {
  const owner = await signUp('Scenario owner');
  const { token } = owner;
  const created = (await api.call('project.create', { token, body: { name: 'Scenarios' } })).data;
  const apiDoc = async (name: string, path: string) => {
    const res = await api.call('document.create', {
      token,
      body: { projectId: created.id, type: 'api', name, content: { method: 'GET', path, description: name } },
    });
    expect(res.code, res.message).toBe(0);
    return res.data;
  };
  return { owner, token, project: created, apiDoc };
}

const requestStep = (id: string, documentId: string) => ({ id, type: 'request', source: { kind: 'document', documentId } });

const summary = (status: 'passed' | 'failed'): RouteRequest<'scenarioRun.save'>['body']['summary'] => ({
  status,
  startedAt: Date.now(),
  durationMs: 12,
  iterations: [{ index: 0, name: 'first', passed: status === 'passed' }],
  requests: 1,
  steps: { passed: status === 'passed' ? 1 : 0, failed: status === 'passed' ? 0 : 1, skipped: 0 },
  checks: { passed: 0, failed: status === 'passed' ? 0 : 1 },
});

describe('test scenarios', () => {
  it('are created in folders, edited against their revision, listed and read with their steps', async () => {
    const { token, project: p, apiDoc } = await project();
    const login = await apiDoc('Login', '/acme/login');
    const folder = (await api.call('scenarioFolder.create', { token, body: { projectId: p.id, name: 'Smoke' } })).data;
    const created = await api.call('scenario.create', {
      token,
      body: { projectId: p.id, name: 'Log in and read', folderId: folder.id, content: { steps: [requestStep('login', login.id)] } },
    });
    expect(created.code, created.message).toBe(0);
    expect(created.data).toMatchObject({ name: 'Log in and read', folderId: folder.id, stepCount: 1, rev: 1, recent: [] });
    expect(created.data.content.steps[0]).toMatchObject({ id: 'login', conformance: true, enabled: true });
    expect(created.data.documents).toEqual([{ id: login.id, title: 'Login', state: 'ok' }]);

    const content = { steps: [requestStep('login', login.id), { id: 'pause', type: 'wait', ms: 10 }] };
    const updated = await api.call('scenario.update', {
      token,
      body: { id: created.data.id, rev: 1, name: 'Renamed', folderId: '', content },
    });
    expect(updated.code, updated.message).toBe(0);
    expect(updated.data).toMatchObject({ rev: 2, stepCount: 2, folderId: '' });
    const stale = await api.call('scenario.update', { token, body: { id: created.data.id, rev: 1, name: 'Late', folderId: '', content } });
    expect(stale.code).toBe(ERRORS.staleRevision.code);

    const list = (await api.call('scenario.list', { token, params: { id: p.id } })).data;
    expect(list.folders.map((f) => f.name)).toEqual(['Smoke']);
    expect(list.scenarios.map((s) => [s.name, s.stepCount])).toEqual([['Renamed', 2]]);

    // A folder with a scenario in it is not deleted; an empty one is.
    await api.call('scenario.update', { token, body: { id: created.data.id, rev: 2, name: 'Renamed', folderId: folder.id, content } });
    expect((await api.call('scenarioFolder.delete', { token, query: { id: folder.id } })).code).toBe(ERRORS.scenarioFolderNotEmpty.code);
    expect((await api.call('scenario.delete', { token, query: { id: created.data.id } })).code).toBe(0);
    expect((await api.call('scenarioFolder.delete', { token, query: { id: folder.id } })).code).toBe(0);
    expect((await api.call('scenario.get', { token, params: { id: created.data.id } })).code).toBe(ERRORS.notFound.code);
  });

  it('flags a step whose document went to the bin, and refuses content that is not a scenario', async () => {
    const { token, project: p, apiDoc } = await project();
    const doc = await apiDoc('Orders', '/orders');
    const s = (
      await api.call('scenario.create', {
        token,
        body: { projectId: p.id, name: 'Orders', content: { steps: [requestStep('o', doc.id)] } },
      })
    ).data;
    expect((await api.call('document.delete', { token, params: { id: doc.id } })).code).toBe(0);
    const read = (await api.call('scenario.get', { token, params: { id: s.id } })).data;
    expect(read.documents).toEqual([{ id: doc.id, title: '', state: 'binned' }]);

    const bad = await api.callAny('scenario.create', {
      token,
      body: {
        projectId: p.id,
        name: 'Twice',
        content: {
          steps: [
            { id: 'a', type: 'wait', ms: 1 },
            { id: 'a', type: 'wait', ms: 1 },
          ],
        },
      },
    });
    expect(bad.code).toBe(ERRORS.invalidInput.code);
  });

  it('keeps runs with who, where and the environment, newest first, large results in S3, and the pass rate', async () => {
    const { token, owner, project: p, apiDoc } = await project();
    const doc = await apiDoc('Ping', '/ping');
    const s = (
      await api.call('scenario.create', {
        token,
        body: { projectId: p.id, name: 'Ping', content: { steps: [requestStep('ping', doc.id)] } },
      })
    ).data;
    const result = (i: number) => ({
      iteration: 0,
      iterationName: 'first',
      stepId: 'ping',
      name: `ping ${i}`,
      type: 'request' as const,
      trail: [],
      status: 'failed' as const,
      request: { method: 'GET', url: 'https://api.test/ping', headers: [] },
      response: { status: 200, timeMs: 3, size: 2_000, headers: [], body: 'x'.repeat(2_000), bodyCut: false },
      checks: [{ kind: 'conformance' as const, passed: false, target: '$.data.id', op: 'missing', expected: '', actual: '' }],
      extracted: {},
      startedAt: Date.now(),
      durationMs: 3,
    });
    const first = await api.call('scenarioRun.save', {
      token,
      body: { scenarioId: s.id, place: 'browser', environmentId: '', environmentName: 'staging', summary: summary('passed'), results: [] },
    });
    expect(first.code, first.message).toBe(0);
    const big = await api.call('scenarioRun.save', {
      token,
      body: {
        scenarioId: s.id,
        place: 'cli',
        environmentName: 'staging',
        summary: summary('failed'),
        results: Array.from({ length: 200 }, (_, i) => result(i)),
      },
    });
    expect(big.code, big.message).toBe(0);
    expect(big.data).toMatchObject({ place: 'cli', environmentName: 'staging', ranByName: 'Scenario owner', ranBy: owner.userId });

    const item = await getItem(scenarioKeys.run(p.id, big.data.id));
    expect(item?.resultsKey).toBe(scenarioKeys.runResultsObject(p.id, big.data.id));
    expect(item?.resultsJson).toBeUndefined();

    const runs = (await api.call('scenarioRun.list', { token, params: { id: s.id } })).data;
    expect(runs.map((r) => r.id)).toEqual([big.data.id, first.data.id]);
    const detail = (await api.call('scenarioRun.get', { token, params: { id: big.data.id } })).data;
    expect(detail.results).toHaveLength(200);
    expect(detail.results[0]!.checks[0]).toMatchObject({ target: '$.data.id', op: 'missing' });
    expect((await api.call('scenario.list', { token, params: { id: p.id } })).data.scenarios[0]!.recent).toEqual(['failed', 'passed']);
  });
});
