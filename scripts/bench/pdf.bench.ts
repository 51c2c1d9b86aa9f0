/**
 * The PDF export of GitHub's REST description (issue 23's speed budget: the whole project in at most 60 s, under
 * 1 GB), in a process of its own (scripts/bench/pdf-run.ts): its first 300 operations with the models they use, the
 * size the issue asks for at least; `PDF_BENCH_OPERATIONS=all` renders the whole description, `300,all` both.
 */

import { GITHUB_REST, runOwnProcess } from './run-meter';

export function benchPdf(): Record<string, string> {
  // One size or several, comma-separated (`PDF_BENCH_OPERATIONS=300,all`): each in a process of its own, in turn.
  const sizes = (process.env.PDF_BENCH_OPERATIONS ?? '300').split(',').map((size) => size.trim());
  return Object.assign({}, ...sizes.map(benchPdfSize)) as Record<string, string>;
}

function benchPdfSize(operations: string): Record<string, string> {
  const run = runOwnProcess<{
    operations: number;
    models: number;
    pages: number;
    ms: number;
    cpuMs: number;
    mb: number;
    peakMb: number;
  }>('pdf-run.ts', [GITHUB_REST, ...(operations === 'all' ? [] : [operations])]);
  const label = `PDF export GitHub REST (${run.operations} operations, ${run.models} models)`;
  return {
    [`${label}: pages, file size`]: `${run.pages}, ${run.mb} MB`,
    [`${label}: render time`]: `${(run.ms / 1000).toFixed(1)} s`,
    [`${label}: render CPU (all threads)`]: `${(run.cpuMs / 1000).toFixed(1)} s`,
    [`${label}: peak memory (own process)`]: `${run.peakMb} MB`,
  };
}
