/**
 * Jobs apart from the API (issue 39): the local stack runs each worker in a Node process of its own, as the
 * function is apart from the API's in AWS. A Word export of a 300-document project is seconds of CPU in one stretch; run
 * in the API's own process it held every request behind it (a poll of the job answered the Lambda's time-out, and
 * before that a system error). Here the export runs apart, and while it does, its polls and another service's call
 * each answer at once, every one of them ok.
 */
import { describe, expect, it } from 'vitest';
import { seedLargeProject } from '../../scripts/bench/project-page';
import { settledWorkers } from '../../scripts/local/workers';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi({ workers: 'apart' });

/**
 * Writing the file takes most of the job, in one stretch: run in the API's process it held calls for most of the job too. Apart, a call
 * takes a small part of it: at most a third of the job's running time (or a second, for a job that ran briefly),
 * a bound that stretches with the machine's load as the job does.
 */
const promptFor = (runningMs: number) => Math.max(1_000, runningMs / 3);

describe('jobs apart from the API', () => {
  it('answers polls and other calls promptly while a large Word export is written', { timeout: 300_000 }, async () => {
    const owner = await signUp('Exporter');
    const { projectId } = await seedLargeProject(owner.userId, { folders: 4, perFolder: 75, bodies: true, name: 'Apart' });
    const started = await api.call('export.start', { token: owner.token, body: { projectId, format: 'docx' } });
    expect(started.code, started.message).toBe(0);

    const slowest = { poll: 0, other: 0 };
    let pollsWhileRunning = 0;
    let runningSince: number | undefined;
    let runningMs = 0;
    const timed = async <T>(call: () => Promise<T>) => {
      const t = performance.now();
      const value = await call();
      return { value, ms: performance.now() - t };
    };
    for (;;) {
      const poll = await timed(() => api.call('export.get', { token: owner.token, params: { id: started.data.id } }));
      expect(poll.value.code, poll.value.message).toBe(0);
      const other = await timed(() => api.call('user.detail', { token: owner.token }));
      expect(other.value.code, other.value.message).toBe(0);
      const { state } = poll.value.data;
      if (state === 'running') runningSince ??= performance.now();
      if (state === 'done' || state === 'failed') {
        runningMs = performance.now() - (runningSince ?? performance.now());
        expect(poll.value.data.error).toBeNull();
        expect(poll.value.data.progress).toEqual({ done: 304, total: 304 });
        break;
      }
      if (state === 'running') pollsWhileRunning++;
      slowest.poll = Math.max(slowest.poll, poll.ms);
      slowest.other = Math.max(slowest.other, other.ms);
      await new Promise((r) => setTimeout(r, 50));
    }
    await settledWorkers();
    // The job was long enough to be seen running, and no call waited behind it.
    expect(pollsWhileRunning).toBeGreaterThan(3);
    expect(slowest.poll, `a poll took ${slowest.poll} ms of the job's ${runningMs} ms`).toBeLessThan(promptFor(runningMs));
    expect(slowest.other, `a call took ${slowest.other} ms of the job's ${runningMs} ms`).toBeLessThan(promptFor(runningMs));
  });
});
