/**
 * Issue 13's figures: the mock origin under 50 concurrent connections for a static mock, a Mock.js template and a
 * script, next to a bare `node:http` server answering the same static JSON in the same process (the ceiling).
 * Issue 39's: the same script mock at 1 connection and at 10, whose answers (refusals are not throughput) must
 * reach 60 % of the 1-connection figure times the CPUs the sandbox runs on, with no refusal.
 */
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { MockConfigInput } from '@shared/schemas/mock';
import { SANDBOX_WORKERS } from '../../functions/mock/limits';
import { describeLoad, load, type startBenchStack } from './harness';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

const STATIC_BODY = JSON.stringify({ id: 1, name: 'Ada', email: 'ada@example.com', roles: ['admin', 'dev'] });

export async function benchMock(stack: Stack) {
  // The bench measures the server, not the per-project bucket (read when the mock function loads, on first use).
  process.env.MOCK_RATE = '1000000';
  process.env.MOCK_BURST = '1000000';
  const { token } = await registerBenchUser();
  const project = await stack.call('project.create', { body: { name: 'Mock bench' } }, { token });
  const api = async (path: string, settings: Omit<MockConfigInput, 'projectId' | 'docId'>) => {
    const doc = await stack.call(
      'document.create',
      { body: { projectId: project.id, name: path, type: 'api', content: { method: 'GET', path, description: 'bench' } } },
      { token },
    );
    await stack.call('mock.save', { body: { projectId: project.id, docId: doc.id, ...settings } }, { token });
  };
  await api('/static', { type: 'static', body: STATIC_BODY });
  await api('/template', { type: 'template', body: JSON.stringify({ 'list|5': [{ 'id|+1': 1, name: '@cname', email: '@email' }] }) });
  await api('/script', {
    type: 'script',
    body: 'return { body: { id: Number(request.query.id || 1), name: Mock.mock("@cname"), at: request.path } };',
  });

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(STATIC_BODY);
  });
  await new Promise<void>((ok) => bare.listen(0, '127.0.0.1', ok));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const url = (path: string) => `${stack.mockOrigin}/${project.id}${path}`;
  try {
    for (const path of ['/static', '/template', '/script']) await load(url(path), { durationMs: 1_500 }); // warm up
    await load(bareUrl, { durationMs: 1_500 });
    const results = {
      bare: await load(bareUrl),
      static: await load(url('/static')),
      template: await load(url('/template')),
      script: await load(url('/script?id=7')),
      scriptAlone: await load(url('/script?id=7'), { concurrency: 1 }),
      scriptTen: await load(url('/script?id=7'), { concurrency: 10 }),
    };
    const cpus = Math.min(SANDBOX_WORKERS, availableParallelism());
    const scaled = results.scriptTen.perSecond / (results.scriptAlone.perSecond * cpus);
    const scriptsMet = scaled >= 0.6 && results.scriptTen.unexpected === 0;
    const share = ((results.static.perSecond / results.bare.perSecond) * 100).toFixed(0);
    return {
      'bare node:http, static JSON (50 connections, 5 s)': describeLoad(results.bare),
      [`mock origin, static JSON (${share}% of bare node:http)`]: describeLoad(results.static),
      'mock origin, Mock.js template of 5 people': describeLoad(results.template),
      'mock origin, script in the QuickJS sandbox': describeLoad(results.script),
      'mock origin, script, 1 connection': describeLoad(results.scriptAlone),
      'mock origin, script, 10 connections': describeLoad(results.scriptTen),
      [`script at 10 connections / (1 connection x ${cpus} CPUs)`]: `${(scaled * 100).toFixed(0)}% (target >= 60% with no refusal: ${scriptsMet ? 'met' : 'MISSED'})`,
    };
  } finally {
    bare.close();
    bare.closeAllConnections();
  }
}
