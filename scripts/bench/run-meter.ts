import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
/**
 * What a bench run in a process of its own measures (a fresh heap, so its peak memory is its own): the time of each
 * named stage, and the peak resident memory, sampled every 20 ms and after each stage.
 */
export function runMeter() {
  let peak = 0;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const sampler = setInterval(sample, 20);
  const stages: Record<string, number> = {};
  return {
    stages,
    sample,
    /** Runs one stage and keeps its time under `name`. */
    time: async <T>(name: string, run: () => T | Promise<T>): Promise<T> => {
      const started = performance.now();
      const value = await run();
      stages[name] = Math.round(performance.now() - started);
      sample();
      return value;
    },
    /** Stops sampling; the peak in MB. */
    stop: (): number => {
      clearInterval(sampler);
      sample();
      return Math.round(peak / 1024 / 1024);
    },
  };
}

/** GitHub's REST description (13 MB, 1,223 operations), shipped by the @octokit/openapi package: the benches' large file. */
export const GITHUB_REST = join(
  dirname(createRequire(import.meta.url).resolve('@octokit/openapi/package.json')),
  'generated/api.github.com.json',
);

/** Runs a bench script (beside this file) in a Node of its own, and answers the JSON of its last line. */
export function runOwnProcess<T>(script: string, args: string[]): T {
  const output = execFileSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, script), ...args], {
    encoding: 'utf8',
    maxBuffer: 10 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').at(-1)!) as T;
}
