/** Schedules of test scenarios (issue 36): set, listed with their next fire and last fires, deleted. */
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
  'scenarioSchedule.save': async ({ body }, ctx) => toScheduleView(await saveSchedule(body, await editorOf(ctx.caller.userId))),
  'scenarioSchedule.delete': async ({ query: { id } }) => {
    await deleteSchedule(id);
    return null;
  },
});
