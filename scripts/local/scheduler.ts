/**
 * `npm start`'s own scheduler for scenario schedules (issue 36): what EventBridge Scheduler does in AWS. Each
 * minute it reads every schedule, and for each enabled one whose next fire (after the time it was last fired
 * through, in its time zone) has come, claims the minutes up to now in one conditional write and invokes the
 * run-scenario worker with the schedule's fire, the very event EventBridge sends, through the same local worker
 * runner as every worker (scripts/local/workers.ts). A minute the machine slept through fires once, not once per
 * minute missed. `now` and `tick` are the tests' handle on the clock.
 */
import { nextFire } from '../../functions/domain/schedule-cron';
import { allSchedules, claimFires } from '../../functions/domain/schedules';
import { invokeWorker } from '../../functions/runtime/workers';

export interface LocalScheduler {
  /** Fires what is due at `now()`; answers the schedules fired. */
  tick(): Promise<string[]>;
  stop(): void;
}

export function startLocalScheduler(opts: { now?: () => Date; everyMs?: number; log?: (line: string) => void } = {}): LocalScheduler {
  const now = opts.now ?? (() => new Date());
  const log = opts.log ?? console.error;
  let ticking: Promise<string[]> | undefined;

  async function fireDue(): Promise<string[]> {
    const at = now();
    const fired: string[] = [];
    for (const s of await allSchedules()) {
      if (!s.enabled) continue;
      const due = nextFire(s.cron, s.timeZone, new Date(s.firedThrough));
      if (!due || due > at) continue;
      if (!(await claimFires(s, at))) continue;
      await invokeWorker('run-scenario', { schedule: { projectId: s.projectId, scheduleId: s.id } });
      fired.push(s.id);
    }
    return fired;
  }
  // One tick at a time: a slow one is not overlapped by the next.
  const tick = () => (ticking ??= fireDue().finally(() => (ticking = undefined)));

  const timer =
    opts.everyMs === 0
      ? undefined
      : setInterval(() => void tick().catch((e: unknown) => log(`Scheduler: ${String(e)}`)), opts.everyMs ?? 60_000);
  timer?.unref();
  return { tick, stop: () => clearInterval(timer) };
}
