/**
 * The compatibility report (issue 35) on GitHub's REST description (1,223 operations) against a copy with 200
 * planted changes (at least one of each check the planter knows): the report's time and the process's peak memory
 * (budget: 2 s, 512 MB), and recall and precision on the planted set (every planted change found with the right
 * id on the right operation, nothing else reported). The run is scripts/bench/compat-run.ts, in a process of its own.
 * Then the same report end to end (compat-api-run.ts): through the API route, the CLI's `apiloom diff` on the two
 * versions as OpenAPI files (2 s, 512 MB), and the report page in Chromium (no main-thread task over 200 ms).
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

  const e2e = runOwnProcess<{
    operations: number;
    planted: number;
    api: { ms: number; runs: number[]; heapGrowthMb: number; reported: number; recall: number; precision: number };
    cli: { ms: number; peakMb: number; findings: number };
    page: { shownMs: number; longestTaskMs: number; longTasks: number };
  }>('compat-api-run.ts', [GITHUB_REST]);
  out['compat API release.changes 1.0.0 → live (middle of 3)'] = `${e2e.api.ms} ms (${e2e.api.runs.join(', ')}; budget 2000)`;
  out['compat API: heap growth during the calls'] = `${e2e.api.heapGrowthMb} MB`;
  out['compat API: reported, recall, precision'] = `${e2e.api.reported}, ${e2e.api.recall.toFixed(3)}, ${e2e.api.precision.toFixed(3)}`;
  out['compat CLI apiloom diff (two OpenAPI files, middle of 3)'] = `${e2e.cli.ms} ms, peak ${e2e.cli.peakMb} MB (budget 2000 ms, 512 MB)`;
  out['compat CLI: findings'] = `${e2e.cli.findings}`;
  out['compat page: report shown, longest main-thread task'] = `${e2e.page.shownMs} ms, ${e2e.page.longestTaskMs} ms (budget 200)`;
  out['compat page: long tasks (over 50 ms)'] = `${e2e.page.longTasks}`;
  return out;
}
