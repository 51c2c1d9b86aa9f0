/**
 * Schedules of test scenarios (issue 36): a cron expression and a time zone per scenario and environment. In AWS
 * EventBridge Scheduler fires the run-scenario worker; locally `npm start`'s own scheduler fires the same handler.
 * A fire while a run of the scenario is still going is skipped and recorded; a schedule whose scenario or
 * environment is gone is disabled with the reason.
 *
 * Cron: the five fields of Unix cron (minute hour day-of-month month day-of-week). The route checks their shape
 * here; the scenario service reads them with croner (functions/domain/schedule-cron.ts), which stays out of the
 * route table every bundle carries. EventBridge cannot take both a day of month and a day of week, so neither can we.
 */
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

/** The cron's five fields when they have its shape (values and ranges are croner's to check), else undefined. */
export function cronFields(cron: string): string[] | undefined {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5 || !fields.every((f) => /^[0-9A-Za-z*?,/-]+$/.test(f))) return undefined;
  const [, , day, , weekday] = fields;
  if (day !== '*' && day !== '?' && weekday !== '*' && weekday !== '?') return undefined;
  return fields;
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
