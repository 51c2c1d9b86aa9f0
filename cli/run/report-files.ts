/**
 * What `apiloom run` prints and writes once a run ends: a line per failed step and a summary (the `cli` reporter),
 * and the JUnit, JSON and HTML reports in the output folder; its exit code: 0 every step passed, 1 a check failed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale } from '../../shared/constants';
import { caseName, failuresOf, htmlReport, jsonReport, junitReport, type RunReport } from '../../shared/scenarios/reports';

export const REPORTERS = ['cli', 'junit', 'json', 'html'] as const;
export type Reporter = (typeof REPORTERS)[number];

const FILES: Record<Exclude<Reporter, 'cli'>, { name: string; write: (report: RunReport, locale: Locale) => string }> = {
  junit: { name: 'junit.xml', write: junitReport },
  json: { name: 'report.json', write: (report) => jsonReport(report) },
  html: { name: 'report.html', write: htmlReport },
};

/** A file-safe form of a scenario's name, so a folder's runs write side by side. */
const slug = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'scenario';

export async function report(
  run: RunReport,
  options: { reporters: readonly Reporter[]; outDir: string; locale: Locale; prefix?: boolean },
  out: (line: string) => void,
): Promise<{ exit: 0 | 1; files: string[] }> {
  if (options.reporters.includes('cli')) {
    for (const r of run.results) {
      if (r.status !== 'failed' && r.status !== 'error') continue;
      out(`✗ ${caseName(r)}`);
      for (const line of failuresOf(r, options.locale)) out(`    ${line}`);
    }
    const { summary } = run;
    out(
      `${summary.status === 'passed' ? '✓' : '✗'} ${run.scenarioName}: ${summary.steps.passed} passed, ${summary.steps.failed} failed` +
        `, ${summary.steps.skipped} skipped; ${summary.requests} requests in ${summary.durationMs} ms` +
        (summary.stoppedBy ? ` (stopped: ${summary.stopDetail ?? summary.stoppedBy})` : ''),
    );
  }
  const files: string[] = [];
  const written = options.reporters.filter((r): r is Exclude<Reporter, 'cli'> => r !== 'cli');
  if (written.length) await mkdir(options.outDir, { recursive: true });
  for (const reporter of written) {
    const { name, write } = FILES[reporter];
    const file = join(options.outDir, options.prefix ? `${slug(run.scenarioName)}.${name}` : name);
    await writeFile(file, write(run, options.locale));
    files.push(file);
  }
  return { exit: run.summary.status === 'passed' ? 0 : 1, files };
}
