/**
 * Schedules of test scenarios (issue 36): a cron expression and a time zone per scenario and environment. In AWS
 * EventBridge Scheduler fires the run-scenario worker; locally `npm start`'s own scheduler fires the same handler.
 * A fire while a run of the scenario is still going is skipped and recorded; a schedule whose scenario or
 * environment is gone is disabled with the reason.
 *
 * Cron: the five fields of Unix cron (minute hour day-of-month month day-of-week), read by croner (pinned; a
 * well-kept parser with time zones, so a schedule's next time is computed exactly as the local scheduler fires
 * it). EventBridge cannot take both a day of month and a day of week, so neither can we.
 */
import { Cron } from 'croner';
import * as z from 'zod';
import { lazy } from '../lazy';
import { vKey } from '../messages';
import { environmentIdSchema } from './environment';
import { scenarioIdSchema } from './scenario';

export const SCHEDULE_LIMITS = { perScenario: 10, history: 20 } as const;

/** Whether `zone` is an IANA time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
}

/** The cron's five fields, or undefined when it is not one we take. */
export function cronFields(cron: string): string[] | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return undefined;
  try {
    new Cron(fields.join(' '), { paused: true });
  } catch {
    return undefined;
  }
  const [, , day, , weekday] = fields;
  if (day !== '*' && day !== '?' && weekday !== '*' && weekday !== '?') return undefined;
  return fields;
}

/** The next time a schedule fires after `after` (undefined: never, say 30 February). */
export function nextFire(cron: string, timeZone: string, after: Date): Date | undefined {
  return new Cron(cron.replace(/\?/g, '*'), { paused: true, timezone: timeZone }).nextRun(after) ?? undefined;
}

export const SCHEDULE_DISABLED_REASONS = ['scenarioGone', 'environmentGone'] as const;
export type ScheduleDisabledReason = (typeof SCHEDULE_DISABLED_REASONS)[number];

export const scheduleSaveBody = lazy(() =>
  z.object({
    scenarioId: scenarioIdSchema,
    environmentId: environmentIdSchema,
    cron: z
      .string()
      .trim()
      .max(100)
      .refine((c) => cronFields(c) !== undefined, { error: vKey('scheduleCron') }),
    timeZone: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, { error: vKey('scheduleTimeZone') }),
    enabled: z.boolean().default(true),
  }),
);
export type ScheduleSave = z.output<typeof scheduleSaveBody>;

export const scheduleFire = lazy(() =>
  z.object({
    at: z.string(),
    outcome: z.enum(['started', 'skipped', 'disabled']),
    /** Why skipped (`running`, `busy`) or disabled (a ScheduleDisabledReason). */
    reason: z.string().optional(),
    jobId: z.string().optional(),
  }),
);
export type ScheduleFire = z.output<typeof scheduleFire>;

export const scheduleView = lazy(() =>
  z.object({
    id: z.string(),
    scenarioId: z.string(),
    environmentId: z.string(),
    cron: z.string(),
    timeZone: z.string(),
    enabled: z.boolean(),
    disabledReason: z.enum(SCHEDULE_DISABLED_REASONS).nullable(),
    /** When it fires next (ISO), while enabled. */
    nextAt: z.string().nullable(),
    /** Its last fires, newest first. */
    fires: z.array(scheduleFire),
    rev: z.number(),
    updatedAt: z.string(),
  }),
);
export type ScheduleView = z.output<typeof scheduleView>;
export const scheduleIdParams = lazy(() => z.object({ id: scenarioIdSchema }));
export const scheduleIdQuery = lazy(() => z.object({ id: scenarioIdSchema }));
