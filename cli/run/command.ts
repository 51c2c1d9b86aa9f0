/**
 * `apiloom run` (issue 36): runs a project's test scenario, or every scenario of a folder, from the CI machine
 * itself. The scenario, the documents, models and scenarios it needs and the environment's plain variables are read
 * through the open API; the requests go out with Node's fetch (so an API started in the same CI job on localhost can
 * be tested); the steps' pre/post scripts run in the same sandbox as in the browser (QuickJS, one for the command);
 * each run writes its reports and, when the token has the `run` scope, is recorded in the scenario's
 * history. Exit code: 0 every scenario passed, 1 a check failed (in any of them), 2 usage.
 */
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ERRORS } from '../../shared/errors';
import type { RouteRequest, RouteResponse } from '../../shared/routes';
import type { OpenRouteId } from '../../shared/routes/open-addresses';
import { DataSetError, decodeDataFile, readDataSet, type DataRow } from '../../shared/scenarios/data-set';
import { runScenario, type ScenarioSources } from '../../shared/scenarios/engine';
import { keptResults } from '../../shared/scenarios/kept-run';
import type { DataSet } from '../../shared/schemas/scenario';
import { chaiSource } from '../../shared/script-sandbox/chai-source';
import { createScriptSandbox } from '../../shared/script-sandbox/sandbox';
import { scenarioScripts } from '../../shared/script-sandbox/scenario';
import type { Command } from '../args';
import { report } from './report-files';
import { nodeTransport } from './transport';

type RunCommand = Extract<Command, { name: 'run' }>;
type Bundle = RouteResponse<'open.scenario'>;
type Environment = RouteResponse<'open.environment'>;

/** One call of an open route for the command's project (cli/index.ts's `call`). */
export type OpenCall = <Id extends OpenRouteId>(
  id: Id,
  request: Omit<RouteRequest<Id>, 'params'> & { params?: Record<string, string> },
) => Promise<RouteResponse<Id>>;

/** A refusal with the exit code it means; `code` is the API's error code when the API refused. */
export interface RunFailure extends Error {
  exit: number;
  code?: number;
}

export interface RunIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Makes a failure the command ends with (usage: exit 2). */
  fail: (message: string, exit: number) => Error;
}

/** What the engine reads, from the bundle the open API answered. */
export function bundleSources(bundle: Bundle): ScenarioSources {
  const documents = new Map(bundle.documents.map((d) => [d.id, d]));
  const models = new Map(bundle.models.map((m) => [m.id, m.rows]));
  const called = new Map(bundle.called.map((c) => [c.id, { name: c.name, content: c.content }]));
  return {
    document: async (id) => {
      const d = documents.get(id);
      if (!d) return { state: 'missing', id };
      if (d.state === 'ok') return d.content ? { state: 'ok', id, title: d.title, content: d.content } : { state: 'missing', id };
      return { state: d.state, id, title: d.title };
    },
    model: async (id) => models.get(id),
    scenario: async (id) => called.get(id),
  };
}

/** The rows a run iterates: the --data file's, else (without --iterations) the scenario's own data set's. */
async function rowsOf(c: RunCommand, own: DataSet | null, io: RunIo): Promise<DataRow[] | undefined> {
  try {
    if (c.data) {
      let bytes: Buffer;
      try {
        bytes = await readFile(c.data);
      } catch (err) {
        throw io.fail(`cannot read ${c.data}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, 2);
      }
      const { text } = decodeDataFile(new Uint8Array(bytes));
      const format = extname(c.data).toLowerCase() === '.json' ? 'json' : 'csv';
      return readDataSet({ format, text, nameColumn: own?.nameColumn ?? '', requiredColumns: own?.requiredColumns ?? [] });
    }
    if (own && c.iterations === undefined) return readDataSet(own);
    return undefined;
  } catch (err) {
    // A missing column, a malformed file: the data set's own words, naming what is wrong.
    if (err instanceof DataSetError) throw io.fail(`${c.data ?? 'the data set'}: ${err.message}`, 2);
    throw err;
  }
}

/** Runs `work` over `items`, at most `limit` at once, keeping their order in the answer. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      results[at] = await work(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export async function runCommand(c: RunCommand, call: OpenCall, io: RunIo): Promise<number> {
  /** A read whose "not found" names what was not found (the scenario, folder or environment asked for). */
  const find = async <T>(what: string, read: () => Promise<T>): Promise<T> => {
    try {
      return await read();
    } catch (err) {
      const failure = err as RunFailure;
      if (failure.code === ERRORS.notFound.code) throw io.fail(`${what}: ${failure.message}`, failure.exit);
      throw err;
    }
  };
  const { target } = c;
  const refs =
    'folder' in target
      ? (await find(`folder "${target.folder}"`, () => call('open.scenarios', { query: { folder: target.folder } }))).scenarios.map(
          (s) => s.id,
        )
      : [target.scenario];
  if (!refs.length) {
    io.out('No scenarios in that folder.');
    return 0;
  }
  const env = c.env;
  const environment: Environment | undefined = env
    ? await find(`environment "${env}"`, () => call('open.environment', { params: { environment: env } }))
    : undefined;
  // Recording needs the `run` scope: the first refusal says so once, and the rest of the runs are not offered.
  let recording: 'yes' | 'refused' = 'yes';
  const several = refs.length > 1;
  // QuickJS and chai load on the first script only; the sandbox runs one script at a time, for every scenario.
  const sandbox = createScriptSandbox({ chaiSource: chaiSource() });

  const runOne = async (ref: string): Promise<0 | 1> => {
    const bundle = await find(`scenario "${ref}"`, () => call('open.scenario', { params: { scenario: ref } }));
    const { scenario } = bundle;
    const rows = await rowsOf(c, scenario.content.dataSet, io);
    const lines: string[] = [];
    // A folder's runs print as each ends, each scenario's lines together.
    const say = several ? (l: string) => lines.push(l) : io.out;
    const outcome = await runScenario(scenario.content, {
      transport: nodeTransport,
      sources: bundleSources(bundle),
      environment: { baseUrl: environment?.baseUrl ?? '', variables: environment?.variables ?? {} },
      ...(rows ? { rows } : { iterations: c.iterations ?? 1 }),
      bail: c.bail,
      scripts: scenarioScripts(sandbox, c.lang),
    });
    const { exit, files } = await report(
      { scenarioName: scenario.name, ...outcome },
      { reporters: c.reporters, outDir: c.outDir, locale: c.lang, prefix: several },
      say,
    );
    for (const file of files) say(`  report: ${file}`);
    if (recording === 'yes') {
      try {
        const run = await call('open.scenarioRunSave', {
          body: {
            scenarioId: scenario.id,
            environmentId: environment?.id ?? '',
            environmentName: environment?.name ?? '',
            summary: outcome.summary,
            results: keptResults(outcome.results),
          },
        });
        say(`  recorded in the run history: run ${run.id}`);
      } catch (err) {
        if ((err as RunFailure).code !== ERRORS.tokenScope.code) throw err;
        recording = 'refused';
        say('  not recorded in the run history: the token has no run scope (a read token runs without recording)');
      }
    } else say('  not recorded in the run history: the token has no run scope');
    for (const line of lines) io.out(line);
    return exit;
  };

  let exits: (0 | 1)[];
  try {
    exits = await pool(refs, c.parallel, runOne);
  } finally {
    sandbox.dispose();
  }
  if (several) {
    const failed = exits.filter((e) => e !== 0).length;
    io.out(`${failed ? '✗' : '✓'} ${refs.length} scenarios: ${refs.length - failed} passed, ${failed} failed`);
  }
  return exits.some((e) => e !== 0) ? 1 : 0;
}
