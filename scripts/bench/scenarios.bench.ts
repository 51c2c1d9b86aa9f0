/**
 * Test scenarios (issue 36): 20 steps over a 100-row CSV, 2,000 requests to a local echo server, run by the real
 * `apiloom run` against a local stack, its reports written and the run posted back (scripts/bench/scenarios-run.ts,
 * in a process of its own). Budget: 20 s, 512 MB.
 */
import { runOwnProcess } from './run-meter';

export function benchScenarios(): Record<string, string> {
  const run = runOwnProcess<{
    stages: Record<string, number>;
    peakMb: number;
    requests: number;
    status: string;
    failedChecks: number;
    recorded: boolean;
  }>('scenarios-run.ts', []);
  const out: Record<string, string> = {};
  for (const [stage, ms] of Object.entries(run.stages)) out[`scenarios CLI 20 steps x 100 rows: ${stage}`] = `${ms} ms`;
  out['scenarios CLI: requests, status, failed checks'] = `${run.requests}, ${run.status}, ${run.failedChecks}`;
  out['scenarios CLI: peak memory (the apiloom process)'] = `${run.peakMb} MB`;
  out['scenarios CLI: run in the history'] = run.recorded ? 'yes' : 'NO';
  return out;
}
