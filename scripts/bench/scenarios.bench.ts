/**
 * Test scenarios (issue 36): 20 steps over a 100-row CSV, 2,000 requests to a local echo server, run as the CLI
 * runs them (scripts/bench/scenarios-run.ts, in a process of its own; budget 20 s, 512 MB), and as a server job
 * (scripts/bench/scenarios-job-run.ts: scenarioJob.start on a bench stack, the run-scenario worker; budget 60 s,
 * 512 MB).
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

  const job = runOwnProcess<{
    stages: Record<string, number>;
    peakMb: number;
    state: string;
    requests: number;
    status: string;
    failedChecks: number;
  }>('scenarios-job-run.ts', []);
  for (const [stage, ms] of Object.entries(job.stages)) out[`scenarios server 20 steps x 100 rows: ${stage}`] = `${ms} ms`;
  out['scenarios server: state, requests, status, failed checks'] = `${job.state}, ${job.requests}, ${job.status}, ${job.failedChecks}`;
  out['scenarios server: peak memory (API, worker and s3rver in one process)'] = `${job.peakMb} MB`;
  return out;
}
