/**
 * Jobs for the benches run as the local stack runs them, each in a process of its own (job-child.ts), with the
 * function's heap: the bench's own process (gateway, handlers, polls) keeps its event loop, and each run sends back
 * its time per stage and its peak memory.
 */
import { fork, spawn } from 'node:child_process';
import { join } from 'node:path';
import { WORKERS, type WorkerName } from '@shared/jobs';
import { registerLocalWorkers } from '../../functions/runtime/workers';

export interface JobFigures {
  timings: Record<string, number>;
  /** Document writes (every table write but the job's own item). */
  writes: number;
  peakMb: number;
  /** The run's CPU time (user and system): what it costs whatever the machine's load. */
  cpuMs: number;
}

export function runJobApart(kind: WorkerName, event: unknown): Promise<JobFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(join(import.meta.dirname, 'job-child.ts'), [], {
      env: process.env,
      execArgv: ['--import', 'tsx', `--max-old-space-size=${WORKERS[kind].memoryMb}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let figures: JobFigures | undefined;
    child.once('message', (m: JobFigures) => (figures = m));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      figures
        ? resolve(figures)
        : reject(new Error(`the ${kind} job's process ended (${signal ?? `exit code ${code}`}) before it finished`)),
    );
    child.send({ kind, event });
  });
}

/** Every job the API starts from now on runs apart; `runs` holds each run's figures as it ends. */
export function runJobsApart() {
  const runs: Promise<JobFigures>[] = [];
  registerLocalWorkers((kind, event) => {
    runs.push(new Promise<void>((r) => setTimeout(r, 0)).then(() => runJobApart(kind, event)));
  });
  return runs;
}

/** A core kept busy by a spinning process, as another tenant of the machine would; answers how to stop it. */
export function busyCore(): () => void {
  const spinner = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => spinner.kill('SIGKILL');
}

/**
 * The latency of one call, `samples` times in turn: at rest, or while `busy()` holds (a job runs), in which case
 * it keeps sampling until the job ends. Answers the p95 in ms.
 */
export async function probeP95(call: () => Promise<unknown>, opts: { samples?: number; while?: () => boolean } = {}) {
  const latencies: number[] = [];
  for (let i = 0; opts.while ? opts.while() : i < (opts.samples ?? 40); i++) {
    const started = performance.now();
    await call();
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 50));
  }
  latencies.sort((a, b) => a - b);
  return Math.round(latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.95))] ?? 0);
}
