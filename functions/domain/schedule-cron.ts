/**
 * Reading a schedule's cron (issue 36) with croner 11.0.1 (pinned): a maintained, dependency-free parser with time
 * zones, so the next fire a schedule shows and the local scheduler's fire are one computation. Kept out of
 * shared/ so that the route table, which every bundle carries, does not carry croner's 33 KB.
 */
import { Cron } from 'croner';
import { cronFields } from '@shared/schemas/scenario-schedule';

/** Whether croner reads the cron (its values and ranges in bounds), beyond the shape the route checked. */
export function cronReads(cron: string): boolean {
  const fields = cronFields(cron);
  if (!fields) return false;
  try {
    new Cron(fields.join(' ').replace(/\?/g, '*'), { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** The next time a schedule fires after `after` (undefined: never, say 30 February). */
export function nextFire(cron: string, timeZone: string, after: Date): Date | undefined {
  return new Cron(cron.replace(/\?/g, '*'), { paused: true, timezone: timeZone }).nextRun(after) ?? undefined;
}
