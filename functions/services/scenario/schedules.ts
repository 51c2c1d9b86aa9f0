/** Schedules of test scenarios (issue 36): set, listed with their next fire and last fires, deleted. */
import { translate, vKey } from '@shared/messages';
import { AppError } from '../../core/app-error';
import { cronReads } from '../../domain/schedule-cron';
import { deleteSchedule, saveSchedule, schedulesOfScenario, toScheduleView } from '../../domain/schedules';
import { requireScenario } from '../../domain/scenarios';
import { editorOf } from '../../domain/users';
import { defineHandlers } from '../../runtime/service';

export const scenarioScheduleHandlers = defineHandlers({
  'scenarioSchedule.list': async ({ params: { id } }) => {
    await requireScenario(id);
    const now = new Date();
    return (await schedulesOfScenario(id)).map((s) => toScheduleView(s, now));
  },
  'scenarioSchedule.save': async ({ body }, ctx) => {
    // The route checked the cron's shape; croner reads its values (a minute of 61 is refused here, as there).
    if (!cronReads(body.cron)) throw new AppError('invalidInput', {}, { fields: { cron: translate(ctx.locale, vKey('scheduleCron')) } });
    return toScheduleView(await saveSchedule(body, await editorOf(ctx.caller.userId)));
  },
  'scenarioSchedule.delete': async ({ query: { id } }) => {
    await deleteSchedule(id);
    return null;
  },
});
