/**
 * The compatibility report (issue 35) on GitHub's REST description (1,223 operations) against a copy with 200
 * planted changes (at least one of each check the planter knows): the report's time and the process's peak memory
 * (budget: 2 s, 512 MB), and recall and precision on the planted set (every planted change found with the right
 * id on the right operation, nothing else reported). The run is scripts/bench/compat-run.ts, in a process of its own.
 */

import { GITHUB_REST, runOwnProcess } from './run-meter';

export function benchCompat(): Record<string, string> {
  const run = runOwnProcess<{
    stages: Record<string, number>;
    peakMb: number;
    operations: number;
    planted: number;
    distinctChecks: number;
    reported: number;
    recall: number;
    precision: number;
  }>('compat-run.ts', [GITHUB_REST]);
  const out: Record<string, string> = {};
  for (const [stage, ms] of Object.entries(run.stages)) out[`compat GitHub REST: ${stage}`] = `${ms} ms`;
  out['compat GitHub REST: operations, planted, distinct checks'] = `${run.operations}, ${run.planted}, ${run.distinctChecks}`;
  out['compat GitHub REST: reported, recall, precision'] = `${run.reported}, ${run.recall.toFixed(3)}, ${run.precision.toFixed(3)}`;
  out['compat GitHub REST: peak memory (own process, mapping included)'] = `${run.peakMb} MB`;
  return out;
}
