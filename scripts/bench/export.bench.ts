/**
 * Export (issue 23): GitHub's REST description (the import bench's file) exported to OpenAPI 3.1 by the export
 * job's writer (budget 10 s) with its peak memory, and the round trip import -> export -> validate -> import again
 * with the counts of operations, parameters, responses and examples before and after (they must match: 1,223
 * operations). Runs in a process of its own (scripts/bench/export-run.ts).
 */

import { GITHUB_REST, runOwnProcess } from './run-meter';

export function benchExport(): Record<string, string> {
  const run = runOwnProcess<{
    stages: Record<string, number>;
    peakMb: number;
    exportMb: number;
    valid: boolean;
    validationErrors: number;
    before: Record<string, number>;
    after: Record<string, number>;
  }>('export-run.ts', [GITHUB_REST]);
  const out: Record<string, string> = {};
  for (const [stage, ms] of Object.entries(run.stages)) out[`export GitHub REST: ${stage}`] = `${ms} ms`;
  out['export GitHub REST: OpenAPI file size'] = `${run.exportMb} MB`;
  out['export GitHub REST: valid (errors)'] = `${run.valid} (${run.validationErrors})`;
  const counts = (c: Record<string, number>) =>
    `${c.operations} ops, ${c.parameters} params, ${c.responses} responses, ${c.examples} examples, ${c.models} models`;
  out['export GitHub REST: counts before'] = counts(run.before);
  out['export GitHub REST: counts after the round trip'] = counts(run.after);
  out['export GitHub REST: peak memory (own process)'] = `${run.peakMb} MB`;
  return out;
}
