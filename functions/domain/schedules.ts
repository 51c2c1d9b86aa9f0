/**
 * Schedules of test scenarios (issue 36): one item per scenario and environment in the project's partition
 * (scenarioKeys.schedule), on an index of every schedule (the local scheduler's list), with the outcomes of its
 * last fires.
 *
 * A fire (`fireSchedule`, from EventBridge Scheduler in AWS or the local scheduler, both through the run-scenario
 * worker) starts a server run as a job, unless a run of the scenario is still going (skipped and recorded) or the
 * project's places for runs are all held (skipped: `busy`); a schedule whose scenario or environment is gone is
 * disabled with the reason instead. In AWS each schedule is an EventBridge schedule too (`syncSchedule`).
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  SCHEDULE_DISABLED_REASONS,
  SCHEDULE_LIMITS,
  scheduleFire,
  type ScheduleDisabledReason,
  type ScheduleFire,
  type ScheduleSave,
  type ScheduleView,
} from '@shared/schemas/scenario-schedule';
import { and, conditionsOn, deleteItem, exists, getItem, queryAll } from '../data/db';
import { defineEntity } from '../data/entity';
import { scenarioKeys } from '../data/keys';
import { env } from '../env';
import { AppError } from '../core/app-error';
import type { Editor } from './documents';
import { getEnvironment } from './environments';
import { leaseLapsed } from './jobs';
import { createScenarioJob, scenarioJobEntity } from './scenario-runs';
import { getScenario, newScenarioId, projectOfScenarioId, requireScenario } from './scenarios';

export const scheduleRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    scenarioId: z.string(),
    environmentId: z.string(),
    cron: z.string(),
    timeZone: z.string(),
    enabled: z.boolean(),
    disabledReason: z.enum(SCHEDULE_DISABLED_REASONS).nullable(),
    fires: z.array(scheduleFire),
    /** Up to when the local scheduler has fired it (ISO): a minute it missed fires once, not once per minute missed. */
    firedThrough: z.string(),
    createdBy: z.string(),
    createdByName: z.string(),
    rev: z.number(),
    updatedAt: z.string(),
  }),
);
export type ScheduleRecord = z.infer<typeof scheduleRecord>;
export const scheduleEntity = defineEntity({
  name: 'scenarioSchedule',
  schema: scheduleRecord,
  key: (s: Pick<ScheduleRecord, 'projectId' | 'id'>) => scenarioKeys.schedule(s.projectId, s.id),
  indexes: (index) => ({ gsi1: index(['id'], (s) => scenarioKeys.scheduleEntry(s.id)) }),
});
const where = conditionsOn<ScheduleRecord>();

/** croner (32 KB) reads a schedule's cron: loaded with the first schedule viewed, not in every cold start (issue 39). */
const scheduleCron = () => import('./schedule-cron');

/** The schedule as its routes answer it, with its next fire. */
export async function toScheduleView(s: ScheduleRecord, now = new Date()): Promise<ScheduleView> {
  const next = s.enabled ? (await scheduleCron()).nextFire(s.cron, s.timeZone, now) : undefined;
  return {
    id: s.id,
    scenarioId: s.scenarioId,
    environmentId: s.environmentId,
    cron: s.cron,
    timeZone: s.timeZone,
    enabled: s.enabled,
    disabledReason: s.disabledReason,
    nextAt: next?.toISOString() ?? null,
    fires: s.fires,
    rev: s.rev,
    updatedAt: s.updatedAt,
  };
}

export const getSchedule = async (projectId: string, scheduleId: string) =>
  scheduleEntity.parse(await getItem(scenarioKeys.schedule(projectId, scheduleId), { consistent: true }));

const schedulesOfProject = async (projectId: string) => scheduleEntity.parseAll(await queryAll(scenarioKeys.schedulesOf(projectId)));

export const schedulesOfScenario = async (scenarioId: string) =>
  (await schedulesOfProject(projectOfScenarioId(scenarioId))).filter((s) => s.scenarioId === scenarioId);

/** Every schedule of every project (an index read: the local scheduler's minute). */
export const allSchedules = async () => scheduleEntity.parseAll(await queryAll(scenarioKeys.allSchedules()));

/** Sets the schedule of a scenario and environment: a new one, or the one they had replaced. */
export async function saveSchedule(input: ScheduleSave, editor: Editor, now = new Date()): Promise<ScheduleRecord> {
  const scenario = await requireScenario(input.scenarioId);
  if (!(await getEnvironment(scenario.projectId, input.environmentId))) throw new AppError('scenarioRunEnvironment');
  const ofScenario = await schedulesOfScenario(scenario.id);
  const existing = ofScenario.find((s) => s.environmentId === input.environmentId);
  if (!existing && ofScenario.length >= SCHEDULE_LIMITS.perScenario)
    throw new AppError('scheduleLimit', { max: SCHEDULE_LIMITS.perScenario });
  const record: ScheduleRecord = {
    id: existing?.id ?? newScenarioId(scenario.projectId),
    projectId: scenario.projectId,
    scenarioId: scenario.id,
    environmentId: input.environmentId,
    cron: input.cron.trim().split(/\s+/).join(' '),
    timeZone: input.timeZone,
    enabled: input.enabled,
    disabledReason: null,
    fires: existing?.fires ?? [],
    // From now on: a schedule saved at 08:59:30 with `0 9 * * *` fires at 09:00, not for a minute before it existed.
    firedThrough: now.toISOString(),
    createdBy: existing?.createdBy ?? editor.id,
    createdByName: existing?.createdByName ?? editor.name,
    rev: (existing?.rev ?? 0) + 1,
    updatedAt: now.toISOString(),
  };
  await scheduleEntity.put(record, existing ? where.eq('rev', existing.rev) : where.notExists());
  await syncSchedule(record);
  return record;
}

export async function deleteSchedule(scheduleId: string): Promise<void> {
  const projectId = projectOfScenarioId(scheduleId);
  await deleteItem(scenarioKeys.schedule(projectId, scheduleId), { when: exists(), failure: () => new AppError('notFound') });
  await syncSchedule({ id: scheduleId, projectId, enabled: false });
}

/** A fire's outcome kept on the schedule (its last SCHEDULE_LIMITS.history), and its disabling when it was. */
async function recordFire(s: ScheduleRecord, fire: ScheduleFire, disabled?: ScheduleDisabledReason) {
  await scheduleEntity.update(
    s,
    {
      set: {
        fires: [fire, ...s.fires].slice(0, SCHEDULE_LIMITS.history),
        ...(disabled ? { enabled: false, disabledReason: disabled } : {}),
      },
    },
    { when: exists(), failure: () => undefined },
  );
  if (disabled) await syncSchedule({ ...s, enabled: false });
}

/** Whether a run of the scenario is still going: a job queued, or running under a lease not lapsed. */
async function runGoing(projectId: string, scenarioId: string, now: number) {
  const jobs = scenarioJobEntity.parseAll(await queryAll(scenarioKeys.jobsOf(projectId)));
  return jobs.some((j) => j.scenarioId === scenarioId && (j.state === 'queued' || (j.state === 'running' && !leaseLapsed(j, now))));
}

export interface ScheduleEvent {
  schedule: { projectId: string; scheduleId: string };
}

/** A schedule fires: the job it started (to run now), or nothing (skipped or disabled, and recorded so). */
export async function fireSchedule(
  event: ScheduleEvent['schedule'],
  now = new Date(),
): Promise<{ projectId: string; jobId: string } | undefined> {
  const s = await getSchedule(event.projectId, event.scheduleId);
  if (!s || !s.enabled) return undefined;
  const at = now.toISOString();
  const scenario = await getScenario(s.projectId, s.scenarioId);
  if (!scenario) return void (await recordFire(s, { at, outcome: 'disabled', reason: 'scenarioGone' }, 'scenarioGone'));
  if (!(await getEnvironment(s.projectId, s.environmentId))) {
    return void (await recordFire(s, { at, outcome: 'disabled', reason: 'environmentGone' }, 'environmentGone'));
  }
  if (await runGoing(s.projectId, s.scenarioId, now.getTime()))
    return void (await recordFire(s, { at, outcome: 'skipped', reason: 'running' }));
  try {
    const job = await createScenarioJob({
      projectId: s.projectId,
      scenarioId: s.scenarioId,
      environmentId: s.environmentId,
      iterations: 1,
      bail: false,
      place: 'schedule',
      scheduleId: s.id,
      by: { id: s.createdBy, name: s.createdByName },
    });
    await recordFire(s, { at, outcome: 'started', jobId: job.id });
    return { projectId: job.projectId, jobId: job.id };
  } catch (error) {
    if (!(error instanceof AppError) || error.key !== 'scenarioRunsBusy') throw error;
    await recordFire(s, { at, outcome: 'skipped', reason: 'busy' });
    return undefined;
  }
}

/**
 * The local scheduler's claim of the minutes up to `through` for a schedule: one conditional write, so two
 * schedulers (or two ticks) never fire the same minute twice. Answers whether this one claimed them.
 */
export async function claimFires(s: ScheduleRecord, through: Date): Promise<boolean> {
  const claimed = await scheduleEntity.update(
    s,
    { set: { firedThrough: through.toISOString() } },
    { when: and(exists(), where.eq('firedThrough', s.firedThrough)), failure: () => undefined },
  );
  return claimed !== undefined;
}

// ---- EventBridge Scheduler (AWS only) ----

/** The EventBridge schedule expression of a Unix cron: six fields, `?` for the unused day, weekdays counted from 1. */
export function eventBridgeCron(cron: string): string {
  const [minute, hour, day, month, weekday] = cron.split(' ') as [string, string, string, string, string];
  const sundayFirst = weekday.replace(/(^|[,-])(\d)/g, (_, sep: string, d: string) => `${sep}${(Number(d) % 7) + 1}`);
  const [d, w] = weekday === '*' || weekday === '?' ? [day === '?' ? '*' : day, '?'] : ['?', sundayFirst];
  return `cron(${minute} ${hour} ${d} ${month} ${w} *)`;
}

/**
 * In AWS, the schedule's EventBridge schedule (in the stack's group, invoking the run-scenario worker with the
 * stack's role) made, replaced or deleted as the item says; locally nothing (the local scheduler reads the items).
 */
async function syncSchedule(s: Pick<ScheduleRecord, 'id' | 'projectId' | 'enabled'> & Partial<ScheduleRecord>): Promise<void> {
  if (env().STAGE !== 'aws') return;
  const group = process.env.SCHEDULE_GROUP;
  if (!group) throw new Error('no schedule group for schedules (SCHEDULE_GROUP)');
  const sdk = await import('@aws-sdk/client-scheduler');
  const client = new sdk.SchedulerClient({ region: env().AWS_REGION });
  const name = s.id.replace(/[^0-9A-Za-z_.-]/g, '-').slice(0, 64);
  if (!s.enabled || !s.cron || !s.timeZone) {
    await client.send(new sdk.DeleteScheduleCommand({ Name: name, GroupName: group })).catch((error: unknown) => {
      if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    });
    return;
  }
  // Only the scenario function makes schedules (the worker only deletes one it disabled): it knows the role and target.
  const roleArn = process.env.SCHEDULER_ROLE_ARN;
  const target = process.env.WORKER_RUN_SCENARIO_ARN;
  if (!roleArn || !target) throw new Error('no role or worker for schedules (SCHEDULER_ROLE_ARN, WORKER_RUN_SCENARIO_ARN)');
  const schedule = {
    Name: name,
    GroupName: group,
    ScheduleExpression: eventBridgeCron(s.cron),
    ScheduleExpressionTimezone: s.timeZone,
    FlexibleTimeWindow: { Mode: sdk.FlexibleTimeWindowMode.OFF },
    Target: { Arn: target, RoleArn: roleArn, Input: JSON.stringify({ schedule: { projectId: s.projectId, scheduleId: s.id } }) },
  };
  try {
    await client.send(new sdk.UpdateScheduleCommand(schedule));
  } catch (error) {
    if ((error as { name?: string }).name !== 'ResourceNotFoundException') throw error;
    await client.send(new sdk.CreateScheduleCommand(schedule));
  }
}
