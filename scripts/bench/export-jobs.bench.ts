/**
 * Word and PDF exports of GitHub's whole REST description through the job as a user starts it (issue 39's budget:
 * each at most 60 s on a quiet machine and under 1 GB; another call's p95 during the job at most 2x its p95 at
 * rest), once on the machine as it is and once with a core kept busy (scripts/bench/export-job-run.ts).
 */
import { GITHUB_REST, runOwnProcess } from './run-meter';

interface ExportFigures {
  state: string;
  error: string | null;
  documents: number;
  ms: number;
  stages: Record<string, number>;
  jobPeakMb: number;
  jobCpuMs: number;
  mb: number;
  p95: { atRest: number; duringExport: number };
  /** The machine's 1-minute load average as the export started and as it ended. */
  load: [number, number];
}

const NAMES = { pdf: 'PDF', docx: 'Word' } as const;

/** Each format in `formats` exported from one import of the project, on the machine as it is and with a core kept busy. */
export function benchExportJobs(formats: readonly ('pdf' | 'docx')[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const load of ['quiet', 'busy'] as const) {
    const { exports } = runOwnProcess<{ exports: Record<string, ExportFigures> }>('export-job-run.ts', [
      GITHUB_REST,
      ...formats,
      ...(load === 'busy' ? ['busy'] : []),
    ]);
    for (const format of formats) {
      const run = exports[format]!;
      const label = `${NAMES[format]} export of GitHub REST through the job${load === 'busy' ? ' (a core kept busy)' : ''}`;
      out[`${label}: state, documents, file size`] = `${run.state}${run.error ? ` (${run.error})` : ''}, ${run.documents}, ${run.mb} MB`;
      out[`${label}: start to done (budget 60 s quiet)`] =
        `${(run.ms / 1000).toFixed(1)} s (load ${run.load[0].toFixed(1)} -> ${run.load[1].toFixed(1)})`;
      for (const [stage, ms] of Object.entries(run.stages)) out[`${label}: job ${stage}`] = `${(ms / 1000).toFixed(1)} s`;
      out[`${label}: job's peak memory, own process (budget 1 GB)`] = `${run.jobPeakMb} MB`;
      // What the run would take alone on a quiet machine: its CPU time, which the load does not stretch.
      out[`${label}: job's CPU time, own process (budget 60 s quiet)`] = `${(run.jobCpuMs / 1000).toFixed(1)} s`;
      out[`${label}: another call's p95 at rest / during (budget 2x)`] =
        `${run.p95.atRest} ms / ${run.p95.duringExport} ms (${(run.p95.duringExport / Math.max(1, run.p95.atRest)).toFixed(1)}x)`;
    }
  }
  return out;
}
