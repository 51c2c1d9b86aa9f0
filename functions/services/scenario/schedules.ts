/**
 * Schedules of test scenarios (issue 36): set, listed with their next fire and last fires, deleted. Their domain
 * module and croner (32 KB), which reads their crons, load with the first schedule route (issue 39), not in every
 * cold start of the service.
 */
import { translate, vKey } from '@shared/messages';
import { AppError } from '../../core/app-error';
import { requireScenario } from '../../domain/scenarios';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';

const schedules = () => import('../../domain/schedules');

export const scenarioScheduleHandlers = defineHandlers({
  'scenarioSchedule.list': async ({ params: { id } }) => {
    await requireScenario(id);
    const { schedulesOfScenario, toScheduleView } = await schedules();
    const now = new Date();
    return Promise.all((await schedulesOfScenario(id)).map((s) => toScheduleView(s, now)));
  },
  'scenarioSchedule.save': async ({ body }, ctx) => {
    // The route checked the cron's shape; croner reads its values (a minute of 61 is refused here, as there).
    const { cronReads } = await import('../../domain/schedule-cron');
    if (!cronReads(body.cron)) throw new AppError('invalidInput', {}, { fields: { cron: translate(ctx.locale, vKey('scheduleCron')) } });
    const { saveSchedule, toScheduleView } = await schedules();
    return toScheduleView(await saveSchedule(body, await editorOf(ctx.caller.userId)));
  },
  'scenarioSchedule.delete': async ({ query: { id } }) => {
    await (await schedules()).deleteSchedule(id);
    return null;
  },
});
