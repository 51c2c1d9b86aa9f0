/** Scenario scripts through the real sandbox (QuickJS and chai in Node): a login flow's token kept by `pm`. */
import { afterAll, describe, expect, it } from 'vitest';
import { runScenario } from '@shared/scenarios/engine';
import { recordingTransport, responseOf, scenarioOf, sourcesOf } from '@shared/scenarios/test-kit';
import { chaiSource } from './chai-source';
import { createScriptSandbox } from './sandbox';
import { scenarioScripts } from './scenario';

const sandbox = createScriptSandbox({ chaiSource: chaiSource() });
afterAll(() => sandbox.dispose());

describe('scenario scripts', () => {
  it('a post script keeps the token with pm.variables, a pre script sets a header from it, pm.test results are checks', async () => {
    const t = recordingTransport((request) =>
      request.url.endsWith('/login')
        ? responseOf(200, { token: 'tok-1' })
        : responseOf(200, { auth: request.headers.find((h) => h.name === 'X-Auth')?.value }),
    );
    const steps = [
      {
        id: 'login',
        type: 'request',
        source: { kind: 'adhoc', method: 'POST', url: '/login' },
        postScript:
          "pm.variables.set('token', pm.response.json().token); pm.environment.set('seen', 'yes'); pm.test('ok', () => pm.response.to.have.status(200));",
      },
      {
        id: 'me',
        type: 'request',
        source: { kind: 'adhoc', method: 'GET', url: '/me' },
        preScript: "pm.request.headers.add({ key: 'X-Auth', value: pm.variables.get('token') + '/' + pm.environment.get('seen') });",
        postScript: "pm.test('echoes the token', () => pm.expect(pm.response.json().auth).to.equal('wrong'));",
      },
    ];
    const { summary, results } = await runScenario(scenarioOf(steps), {
      transport: t.transport,
      sources: sourcesOf({}),
      scripts: scenarioScripts(sandbox, 'en'),
      environment: { baseUrl: 'https://api.test', variables: {} },
    });
    expect(t.sent[1]!.headers).toContainEqual({ name: 'X-Auth', value: 'tok-1/yes' });
    expect(results[0]!.checks).toEqual([{ kind: 'script', passed: true, target: 'ok', op: 'test', expected: '', actual: '' }]);
    expect(results[1]!.checks[0]).toMatchObject({ kind: 'script', passed: false, target: 'echoes the token' });
    expect(results[1]!.checks[0]!.actual).toContain("expected 'tok-1/yes' to equal 'wrong'");
    expect(summary.status).toBe('failed');
  });

  it('a script error fails its step with the error', async () => {
    const { results } = await runScenario(
      scenarioOf([{ id: 's', type: 'request', source: { kind: 'adhoc', url: '/x' }, preScript: 'throw new Error("boom")' }]),
      {
        transport: recordingTransport(() => responseOf(200, {})).transport,
        sources: sourcesOf({}),
        scripts: scenarioScripts(sandbox, 'en'),
        environment: { baseUrl: 'https://api.test', variables: {} },
      },
    );
    expect(results[0]).toMatchObject({ status: 'error', error: { code: 'script' } });
    expect(results[0]!.error!.detail).toContain('boom');
  });
});
