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

/** Upload to done through the local stack's job, then the same file again unchanged (scripts/bench/import-e2e-run.ts). */
function benchImportEndToEnd(): Record<string, string> {
  const run = runOwnProcess<{
    first: { stages: Record<string, number>; state: string; report: { created?: number; warnings?: number } };
    again: { stages: Record<string, number>; state: string; skipped?: number };
    unchangedWrites: number;
    peakMb: number;
  }>('import-e2e-run.ts', [GITHUB_REST]);
  const out: Record<string, string> = {};
  for (const [stage, ms] of Object.entries(run.first.stages)) out[`import GitHub REST end to end: ${stage}`] = `${ms} ms`;
  out['import GitHub REST end to end: state, documents created'] = `${run.first.state}, ${run.first.report.created}`;
  for (const [stage, ms] of Object.entries(run.again.stages)) out[`import GitHub REST unchanged again: ${stage}`] = `${ms} ms`;
  out['import GitHub REST unchanged again: state, skipped, document writes'] =
    `${run.again.state}, ${run.again.skipped}, ${run.unchangedWrites}`;
  out['import GitHub REST end to end: peak memory (process with gateway and s3rver)'] = `${run.peakMb} MB`;
  return out;
}
