/**
 * Issue 13's figures: the mock origin under 50 concurrent connections for a static mock, a Mock.js template and a
 * script, next to a bare `node:http` server answering the same static JSON in the same process (the ceiling).
 * Issue 39's: the same script mock at 1 connection and at 10, whose answers (refusals are not throughput) must
 * reach 60 % of the 1-connection figure times the CPUs the sandbox runs on, with no refusal; and one OpenAPI file
 * (mock-openapi.ts) served by the mock origin and by Prism: its answers from examples take turns with the bare
 * server, the static mock and Prism (budget: at least 50 % of bare node:http), its values generated from the schema
 * with Prism --dynamic (budget: at least 5x Prism's).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { MockConfigInput } from '@shared/schemas/mock';
import { createLogger } from '../../functions/core/logger';
import { SANDBOX_WORKERS } from '../../functions/mock/limits';
import { registerLocalWorkers } from '../../functions/runtime/workers';
import { runImportJob } from '../../functions/workers/import/run';
import { describeLoad, load, type LoadResult, type startBenchStack } from './harness';
import { MOCK_BENCH_OPENAPI, MOCK_BENCH_PATHS, STATIC_BODY } from './mock-openapi';
import { ensurePrism, PRISM_VERSION, startPrism } from './prism';
import { registerBenchUser } from './users';

type Stack = Awaited<ReturnType<typeof startBenchStack>>;

/** Each side of a comparison gets this many rounds of ROUND_MS, the sides taking turns, so a noisy spell hits both. */
const ROUNDS = 3;
const ROUND_MS = 3_000;
const BUDGETS = { staticShareOfBare: 0.5, generatedTimesPrism: 5 };

export async function benchMock(stack: Stack) {
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
  // The file both mock servers serve: imported as a user imports it (its operations get the default, `auto`, mock).
  const openApiProject = await stack.call('project.create', { body: { name: 'Mock bench OpenAPI' } }, { token });
  await importOpenApi(stack, openApiProject.id, token);

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'access-control-allow-origin': '*' });
    res.end(STATIC_BODY);
  });
  await new Promise<void>((ok) => bare.listen(0, '127.0.0.1', ok));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const url = (path: string) => `${stack.mockOrigin}/${project.id}${path}`;
  const fileUrl = (path: string) => `${stack.mockOrigin}/${openApiProject.id}${path}`;
  try {
    for (const path of ['/static', '/template', '/script']) await load(url(path), { durationMs: 1_500 }); // warm up
    for (const path of Object.values(MOCK_BENCH_PATHS)) await load(fileUrl(path), { durationMs: 1_500 });
    await load(bareUrl, { durationMs: 1_500 });
    const results = {
      template: await load(url('/template')),
      script: await load(url('/script?id=7')),
      scriptAlone: await load(url('/script?id=7'), { concurrency: 1 }),
      scriptTen: await load(url('/script?id=7'), { concurrency: 10 }),
    };
    const cpus = Math.min(SANDBOX_WORKERS, availableParallelism());
    const scaled = results.scriptTen.perSecond / (results.scriptAlone.perSecond * cpus);
    const scriptsMet = scaled >= 0.6 && results.scriptTen.unexpected === 0;
    return {
      'mock origin, Mock.js template of 5 people': describeLoad(results.template),
      'mock origin, script in the QuickJS sandbox': describeLoad(results.script),
      'mock origin, script, 1 connection': describeLoad(results.scriptAlone),
      'mock origin, script, 10 connections': describeLoad(results.scriptTen),
      [`script at 10 connections / (1 connection x ${cpus} CPUs)`]: `${(scaled * 100).toFixed(0)}% (target >= 60% with no refusal: ${scriptsMet ? 'met' : 'MISSED'})`,
      ...(await againstPrism(fileUrl, bareUrl, url('/static'))),
    };
  } finally {
    bare.close();
    bare.closeAllConnections();
  }
}

/** Imports MOCK_BENCH_OPENAPI through the API, its job run in this process, and waits until the job is done. */
async function importOpenApi(stack: Stack, projectId: string, token: string) {
  const runs: Promise<void>[] = [];
  registerLocalWorkers((_name, event) => {
    // After the starting request is answered, as the local stack runs it.
    const run = () => runImportJob(event as { projectId: string; jobId: string }, { log: createLogger({}), timings: {} });
    runs.push(new Promise((answered) => setTimeout(answered, 0)).then(run));
  });
  try {
    const job = await stack.call('import.swagger', { query: { projectId }, body: MOCK_BENCH_OPENAPI }, { token });
    for (;;) {
      await Promise.all(runs);
      const now = await stack.call('import.get', { params: { id: job.id } }, { token });
      if (now.state === 'done') return;
      if (now.state === 'failed') throw new Error(`the mock bench's OpenAPI import failed: ${now.error?.message}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    registerLocalWorkers(undefined);
  }
}

/** Answers per second over several loads: every answer over the time they all took; latencies the worst round's. */
function pooled(results: LoadResult[]): LoadResult {
  const requests = results.reduce((sum, r) => sum + r.requests, 0);
  const seconds = results.reduce((sum, r) => sum + (r.perSecond > 0 ? r.requests / r.perSecond : ROUND_MS / 1000), 0);
  return {
    requests,
    perSecond: requests / seconds,
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    unexpected: results.reduce((sum, r) => sum + r.unexpected, 0),
    refused: results.reduce((sum, r) => sum + r.refused, 0),
  };
}

/** Rounds of several servers taking turns, 50 connections each time, answers (200) only: each server's pooled figure. */
async function alternate(urls: string[]): Promise<LoadResult[]> {
  const rounds: LoadResult[][] = urls.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, url] of urls.entries()) rounds[i]!.push(await load(url, { durationMs: ROUND_MS }));
  }
  return rounds.map(pooled);
}

/**
 * The file's two operations on the mock origin and on Prism, in alternating rounds: its answers from examples
 * beside bare node:http and Prism, its generated values beside Prism `--dynamic`. Without Prism (no npm, no
 * network) the bench says why and goes on with the bare node:http figure.
 */
async function againstPrism(
  fileUrl: (path: string) => string,
  bareUrl: string,
  configuredStaticUrl: string,
): Promise<Record<string, string>> {
  const figures: Record<string, string> = {};
  let script: string | undefined;
  try {
    script = await ensurePrism();
  } catch (error) {
    figures[`Prism ${PRISM_VERSION}`] = `not measured: it could not be installed (${firstLine(error)})`;
  }
  const dir = mkdtempSync(join(tmpdir(), 'apiloom-bench-openapi-'));
  const file = join(dir, 'mock-bench.openapi.json');
  writeFileSync(file, JSON.stringify(MOCK_BENCH_OPENAPI, null, 2));
  const prismLabel = (dynamic: boolean) => `Prism ${PRISM_VERSION}${dynamic ? ' --dynamic' : ''}`;
  /** Prism serving the file while `measure` runs, stopped after; undefined (and said) when it cannot run. */
  const withPrism = async <T>(dynamic: boolean, path: string, measure: (origin: string | undefined) => Promise<T>): Promise<T> => {
    if (!script) return measure(undefined);
    let prism;
    try {
      prism = await startPrism(script, file, { dynamic, probePath: path });
    } catch (error) {
      figures[prismLabel(dynamic)] = `not measured: it did not start (${firstLine(error)})`;
      return measure(undefined);
    }
    try {
      await load(`${prism.origin}${path}`, { durationMs: 1_500 }); // warm up
      return await measure(prism.origin);
    } finally {
      await prism.stop();
    }
  };
  try {
    const examples = MOCK_BENCH_PATHS.fromExamples;
    await withPrism(false, examples, async (prism) => {
      const [bare, configured, ours, theirs] = await alternate([
        bareUrl,
        configuredStaticUrl,
        fileUrl(examples),
        ...(prism ? [`${prism}${examples}`] : []),
      ]);
      const share = ours!.perSecond / bare!.perSecond;
      const configuredShare = configured!.perSecond / bare!.perSecond;
      figures['bare node:http, static JSON (50 connections, rounds in turn)'] = describeLoad(bare!);
      figures[`mock origin, static mock of the same JSON (${(configuredShare * 100).toFixed(0)}% of bare node:http)`] = describeLoad(
        configured!,
      );
      figures['OpenAPI file, answers from examples: mock origin'] = describeLoad(ours!);
      if (theirs) figures[`OpenAPI file, answers from examples: ${prismLabel(false)}`] = describeLoad(theirs);
      figures['  from examples, mock origin / bare node:http'] = verdict(
        `${(share * 100).toFixed(0)}%`,
        share >= BUDGETS.staticShareOfBare,
        '>= 50%',
      );
      if (theirs) figures['  from examples, mock origin / Prism'] = `${(ours!.perSecond / theirs.perSecond).toFixed(1)}x`;
    });
    const generated = MOCK_BENCH_PATHS.generated;
    await withPrism(true, generated, async (prism) => {
      const [ours, theirs] = await alternate([fileUrl(generated), ...(prism ? [`${prism}${generated}`] : [])]);
      figures['OpenAPI file, values generated from the schema: mock origin'] = describeLoad(ours!);
      if (!theirs) return;
      const times = ours!.perSecond / theirs.perSecond;
      figures[`OpenAPI file, values generated from the schema: ${prismLabel(true)}`] = describeLoad(theirs);
      figures['  generated, mock origin / Prism'] = verdict(`${times.toFixed(1)}x`, times >= BUDGETS.generatedTimesPrism, '>= 5x');
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

const firstLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];
const verdict = (figure: string, met: boolean, target: string) => `${figure} (target ${target}: ${met ? 'met' : 'MISSED'})`;
