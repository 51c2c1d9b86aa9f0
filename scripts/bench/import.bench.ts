/**
 * The pure part of an import (parse, map, plan) of GitHub's REST description, the largest real file we know
 * (13 MB, 1,223 operations, 969 schemas, shipped by the @octokit/openapi package). The end-to-end budget is
 * 15 s upload to done and 5 s for an unchanged re-import: this part must stay well under both.
 */

import { GITHUB_REST, runOwnProcess } from './run-meter';

export function benchImport(): Record<string, string> {
  const run = runOwnProcess<{
    stages: Record<string, number>;
    peakMb: number;
    operations: number;
    models: number;
    examples: number;
    largestDocumentKb: number;
    unchangedWrites: number;
  }>('import-run.ts', [GITHUB_REST]);
  const out: Record<string, string> = {};
  for (const [stage, ms] of Object.entries(run.stages)) out[`import GitHub REST: ${stage}`] = `${ms} ms`;
  out['import GitHub REST: operations, models, examples'] = `${run.operations}, ${run.models}, ${run.examples}`;
  out['import GitHub REST: largest mapped document'] = `${run.largestDocumentKb} KB`;
  out['import GitHub REST: writes of an unchanged re-import'] = String(run.unchangedWrites);
  out['import GitHub REST: peak memory (own process)'] = `${run.peakMb} MB`;
  Object.assign(out, benchImportEndToEnd());
  return out;
}

/**
 * Upload to done through the local stack's job run apart (scripts/bench/import-e2e-run.ts), then the same file again
 * unchanged; once on the machine as it is and once with a core kept busy. Each stage, the progress the polls saw,
 * the job's own peak memory, and another call's p95 at rest and while the job runs.
 */
function benchImportEndToEnd(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const load of ['quiet', 'busy'] as const) {
    const run = runOwnProcess<{
      first: {
        stages: Record<string, number>;
        state: string;
        report: { created?: number; warnings?: number };
        progress: string[];
        jobPeakMb: number;
      };
      again: { stages: Record<string, number>; state: string; skipped?: number };
      unchangedWrites: number;
      p95: { atRest: number; duringImport: number };
      peakMb: number;
    }>('import-e2e-run.ts', [GITHUB_REST, ...(load === 'busy' ? ['busy'] : [])]);
    const label = `import GitHub REST end to end${load === 'busy' ? ' (a core kept busy)' : ''}`;
    for (const [stage, ms] of Object.entries(run.first.stages)) out[`${label}: ${stage}`] = `${ms} ms`;
    out[`${label}: state, documents created`] = `${run.first.state}, ${run.first.report.created}`;
    out[`${label}: progress the polls saw`] = summarised(run.first.progress);
    out[`${label}: job's peak memory (own process)`] = `${run.first.jobPeakMb} MB`;
    out[`${label}: another call's p95 at rest / during the import`] =
      `${run.p95.atRest} ms / ${run.p95.duringImport} ms (${(run.p95.duringImport / Math.max(1, run.p95.atRest)).toFixed(1)}x)`;
    for (const [stage, ms] of Object.entries(run.again.stages)) out[`${label}, unchanged again: ${stage}`] = `${ms} ms`;
    out[`${label}, unchanged again: state, skipped, document writes`] = `${run.again.state}, ${run.again.skipped}, ${run.unchangedWrites}`;
  }
  return out;
}

/** The first few and the last of a list of progress figures. */
const summarised = (progress: string[]) =>
  progress.length <= 8 ? progress.join(' ') : `${progress.slice(0, 6).join(' ')} … ${progress.at(-1)} (${progress.length} steps)`;
