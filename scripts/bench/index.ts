/** `npm run bench`: the figures the issues ask for, measured against the local services. Not a test. */
import { startBenchStack } from './harness';
import { ensureBuilt } from '../local/builds';
import { endBench } from './exit';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { benchProjects } from './projects.bench';
import { benchStartup } from './startup.bench';
import { benchColdStart } from './coldstart.bench';
import { benchDocuments } from './documents.bench';
import { benchHostile } from './hostile.bench';
import { benchWeb } from './web.bench';
import { benchRender } from './render.bench';
import { benchMock } from './mock.bench';
import { benchFairness } from './fairness.bench';
import { benchShares } from './shares.bench';
import { benchTeams } from './teams.bench';
import { benchImport } from './import.bench';
import { benchExport } from './export.bench';
import { benchPdf } from './pdf.bench';
import { benchExportJobs } from './export-jobs.bench';
import { benchScripts } from './scripts.bench';
import { benchProxy } from './proxy.bench';
import { benchCompat } from './compat.bench';
import { benchScenarios } from './scenarios.bench';
import { benchNotify } from './notify.bench';

/** `npm run bench -- mock shares`: only those groups; no names: every group. */
const only = new Set(process.argv.slice(2));
const wanted = (name: string) => only.size === 0 || only.has(name);

// The pure groups need no stack: `npm run bench -- import export pdf` starts nothing. (compat starts one of its own,
// in its own process, but needs the builds.)
const PURE = new Set(['import', 'export', 'pdf', 'word', 'exports', 'scripts', 'scenarios']);
const needsStack = only.size === 0 || [...only].some((name) => !PURE.has(name));
if (needsStack) await ensureBuilt(() => undefined);
const stack = needsStack ? await startBenchStack() : undefined;
/** The stack of a group that needs one: it was started, since that group was wanted. */
const onStack = () => stack!;
try {
  const groups: [string, () => Promise<Record<string, string>> | Record<string, string>][] = [
    ['web', () => benchWeb(onStack())],
    // Issue 39: a recursive model and a 1 MB body, each screen's longest task in Chromium.
    ['render', () => benchRender(onStack())],
    ['projects', () => benchProjects(onStack())],
    ['documents', () => benchDocuments(onStack())],
    ['teams', () => benchTeams(onStack())],
    ['shares', () => benchShares(onStack())],
    ['mock', () => benchMock(onStack())],
    ['fairness', () => benchFairness(onStack())],
    ['hostile', () => benchHostile(onStack())],
    ['startup', () => benchStartup()],
    ['coldstart', () => benchColdStart(onStack())],
    ['import', () => benchImport()],
    ['export', () => benchExport()],
    ['pdf', () => ({ ...benchPdf(), ...benchExportJobs(['pdf']) })],
    ['word', () => benchExportJobs(['docx'])],
    // Both formats of GitHub's whole project through the job, from one import (issue 39's export budgets).
    ['exports', () => benchExportJobs(['docx', 'pdf'])],
    ['scripts', () => benchScripts()],
    ['proxy', () => benchProxy()],
    ['compat', () => benchCompat()],
    ['scenarios', () => benchScenarios()],
    ['notify', () => benchNotify()],
  ];
  // Each group's figures as soon as it is done, and a group that fails says so and the others still run: a whole
  // run once printed nothing because its last group threw.
  console.log('\nApiloom benchmarks (DynamoDB Local + s3rver on this machine)');
  const failed: string[] = [];
  for (const [name, run] of groups) {
    if (!wanted(name)) continue;
    try {
      for (const [figure, value] of Object.entries(await run())) console.log(`  ${figure.padEnd(62)} ${value}`);
    } catch (error) {
      failed.push(name);
      console.log(`  ${`${name}: FAILED`.padEnd(62)} ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  if (failed.length) {
    console.log(`\n${failed.length} group(s) failed: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
} finally {
  await stack?.stop();
}
await endBench();
