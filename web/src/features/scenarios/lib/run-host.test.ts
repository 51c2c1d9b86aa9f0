/**
 * A browser run's two halves connected by a MessageChannel, as the page and its worker are: the engine asks the page
 * to send each request and read each document, each step comes back as it ends, and a data set the worker cannot
 * read ends the run with its reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { StepResult } from '@shared/scenarios/engine';
import { recordingTransport, responseOf, scenarioOf, sourcesOf } from '@shared/scenarios/test-kit';
import { hostScenarioRun, RunNotFinished } from './run-host';
import type { FromWorker, PortLike, ToWorker } from './run-protocol';
import { serveScenarioRuns } from './run-worker-core';

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const c of channels.splice(0)) {
    c.port1.close();
    c.port2.close();
  }
});
function connected() {
  const channel = new MessageChannel();
  channels.push(channel);
  serveScenarioRuns(channel.port2);
  return channel.port1 as unknown as PortLike<FromWorker, ToWorker>;
}

const steps = [
  {
    id: 'login',
    type: 'request',
    name: 'login',
    source: { kind: 'adhoc', method: 'POST', url: '/login' },
    extract: [{ variable: 'token', from: 'jsonPath', expression: '$.token' }],
  },
  {
    id: 'me',
    type: 'request',
    name: 'me',
    source: { kind: 'document', documentId: 'doc-me' },
    overrides: { headers: [{ name: 'Authorization', value: 'Bearer {{token}}' }] },
    checks: [{ kind: 'jsonPath', path: '$.user', op: 'equals', value: '{{user}}' }],
    conformance: false,
  },
];

describe('a browser run across the worker boundary', () => {
  it('sends through the page, lists each step as it ends and sums the run up', async () => {
    const t = recordingTransport((request) =>
      request.url.endsWith('/login')
        ? responseOf(200, { token: 'tok' })
        : responseOf(200, { user: request.headers.find((h) => h.name === 'Authorization')?.value === 'Bearer tok' ? 'ann' : '?' }),
    );
    const seen: StepResult[] = [];
    const content = scenarioOf(steps, { dataSet: { format: 'csv', text: 'user\nann\nbob\n', nameColumn: 'user' } });
    const documents = sourcesOf({
      'doc-me': {
        state: 'ok',
        id: 'doc-me',
        title: 'Me',
        content: (await import('@shared/scenarios/test-kit')).apiOf({ method: 'GET', path: '/me' }),
      },
    });
    const run = hostScenarioRun(
      connected(),
      { content, environment: { baseUrl: 'http://api.test', variables: {} }, scripts: false },
      { transport: t.transport, sources: documents },
      (r) => seen.push(r),
    );
    const summary = await run.finished;
    expect(t.sent.map((r) => r.url)).toEqual([
      'http://api.test/login',
      'http://api.test/me',
      'http://api.test/login',
      'http://api.test/me',
    ]);
    expect(seen.map((r) => `${r.iterationName} ${r.stepId} ${r.status}`)).toEqual([
      'ann login passed',
      'ann me passed',
      'bob login passed',
      'bob me failed',
    ]);
    expect(summary).toMatchObject({ status: 'failed', requests: 4, steps: { passed: 3, failed: 1 } });
  });

  it("ends with the data set's reason when a column the steps need is missing", async () => {
    const content = scenarioOf(steps, { dataSet: { format: 'csv', text: 'name\nann\n', requiredColumns: ['user'] } });
    const t = recordingTransport(() => responseOf(200, {}));
    const run = hostScenarioRun(
      connected(),
      { content, environment: { baseUrl: '', variables: {} }, scripts: false },
      { transport: t.transport, sources: sourcesOf({}) },
      () => undefined,
    );
    await expect(run.finished).rejects.toEqual(new RunNotFinished('dataSet', 'the data set has no column "user" (row 1)'));
    expect(t.sent).toEqual([]);
  });
});
