/**
 * The page's side of the scripts' worker: scripts go one at a time once the worker is ready, and the watchdog ends
 * a worker whose script outlives the deadline (a native operation QuickJS cannot interrupt), so the next script
 * gets a new worker. The worker here is a stand-in that answers as the test says.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScriptContext, ScriptResult } from '@shared/script-sandbox/types';
import { createWorkerScriptRunner, type WorkerJob, type WorkerLike, type WorkerReply } from './worker-runner';

class FakeWorker implements WorkerLike {
  onmessage: ((event: MessageEvent<WorkerReply>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  readonly jobs: WorkerJob[] = [];
  terminated = false;
  postMessage(job: WorkerJob) {
    this.jobs.push(job);
  }
  terminate() {
    this.terminated = true;
  }
  reply(data: WorkerReply) {
    this.onmessage?.({ data } as MessageEvent<WorkerReply>);
  }
}

const ctx: ScriptContext = {
  request: { method: 'GET', url: 'https://api.example.test/', headers: [], body: { kind: 'none' } },
  environment: { token: 'kept' },
  variables: {},
};
const answer = (job: WorkerJob, tests: ScriptResult['tests']): WorkerReply => ({
  id: job.id,
  result: { tests, environment: {}, variables: {}, request: job.ctx.request, logs: [], warnings: [], timeMs: 1 },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the scripts worker on the page', () => {
  it('makes the worker on the first script, waits until it is ready, and sends scripts one at a time', async () => {
    const workers: FakeWorker[] = [];
    const runner = createWorkerScriptRunner({
      makeWorker: () => (workers.push(new FakeWorker()), workers.at(-1)!),
      locale: () => 'en',
      deadlineMs: 1_000,
    });
    expect(workers).toHaveLength(0);
    const first = runner.run('pre', 'a', ctx);
    const second = runner.run('post', 'b', ctx);
    expect(workers).toHaveLength(1);
    const worker = workers[0]!;
    expect(worker.jobs).toHaveLength(0);
    worker.reply('ready');
    expect(worker.jobs.map((job) => [job.phase, job.code, job.locale])).toEqual([['pre', 'a', 'en']]);
    worker.reply(answer(worker.jobs[0]!, [{ name: 'one', passed: true }]));
    expect((await first).tests).toEqual([{ name: 'one', passed: true }]);
    expect(worker.jobs).toHaveLength(2);
    worker.reply(answer(worker.jobs[1]!, [{ name: 'two', passed: false, error: 'x' }]));
    expect((await second).tests).toEqual([{ name: 'two', passed: false, error: 'x' }]);
    runner.dispose();
    expect(worker.terminated).toBe(true);
  });

  it('ends a worker whose script outlives the deadline and its grace; the next script gets a new worker', async () => {
    vi.useFakeTimers();
    const workers: FakeWorker[] = [];
    const runner = createWorkerScriptRunner({
      makeWorker: () => (workers.push(new FakeWorker()), workers.at(-1)!),
      locale: () => 'zh',
      deadlineMs: 1_000,
      graceMs: 500,
    });
    const stuck = runner.run('pre', "'x'.repeat(1 << 28)", ctx);
    workers[0]!.reply('ready');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers[0]!.terminated).toBe(true);
    const result = await stuck;
    expect(result.error).toBe('脚本未在 1000 毫秒内结束');
    expect(result.environment).toEqual({ token: 'kept' });

    const next = runner.run('pre', 'ok', ctx);
    expect(workers).toHaveLength(2);
    workers[1]!.reply('ready');
    // A late answer from the ended worker is not taken for the new job.
    workers[0]!.reply(answer({ ...workers[1]!.jobs[0]!, id: workers[1]!.jobs[0]!.id }, [{ name: 'stale', passed: true }]));
    workers[1]!.reply(answer(workers[1]!.jobs[0]!, [{ name: 'fresh', passed: true }]));
    expect((await next).tests).toEqual([{ name: 'fresh', passed: true }]);
    runner.dispose();
  });

  it('fails what waits when the worker cannot start, and starts a new one for the next script', async () => {
    const workers: FakeWorker[] = [];
    const runner = createWorkerScriptRunner({
      makeWorker: () => (workers.push(new FakeWorker()), workers.at(-1)!),
      locale: () => 'en',
      deadlineMs: 1_000,
    });
    const waiting = runner.run('pre', 'a', ctx);
    workers[0]!.onerror?.({ preventDefault: () => undefined } as ErrorEvent);
    expect((await waiting).error).toBe('The script sandbox failed; try again');
    void runner.run('pre', 'b', ctx);
    expect(workers).toHaveLength(2);
    runner.dispose();
    expect((await runner.run('pre', 'c', ctx)).error).toBe('The script sandbox failed; try again');
  });
});
