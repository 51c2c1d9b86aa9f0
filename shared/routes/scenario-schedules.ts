/**
 * Schedules of test scenarios (issue 36): editors set a cron expression and time zone per scenario and
 * environment (one schedule each: saving again replaces it), and delete it; readers see the schedules, when they
 * fire next and what their last fires did (started, skipped while a run was going, disabled and why).
 */
import { scenarioIdParams } from '../schemas/scenario';
import { scheduleIdQuery, scheduleSaveBody, scheduleView } from '../schemas/scenario-schedule';
import { documentBody, documentParam, onProject, query, route } from './define';
import { listOf, nothing } from './responses';

const editable = { states: ['active'] } as const;

export const scenarioScheduleRoutes = {
  /** A scenario's schedules (`id`: the scenario). */
  'scenarioSchedule.list': route({
    method: 'GET',
    path: '/project/scenario/schedule/all/{id}',
    service: 'scenario',
    access: onProject(documentParam('id'), 'view', { publicRead: true }),
    params: scenarioIdParams,
    response: listOf(scheduleView),
  }),
  /** Sets the schedule of a scenario and environment (replacing the one it had). */
  'scenarioSchedule.save': route({
    method: 'PUT',
    path: '/project/scenario/schedule',
    service: 'scenario',
    access: onProject(documentBody('scenarioId'), 'edit', editable),
    body: scheduleSaveBody,
    response: scheduleView,
  }),
  'scenarioSchedule.delete': route({
    method: 'DELETE',
    path: '/project/scenario/schedule',
    service: 'scenario',
    access: onProject({ ...query('id'), document: true }, 'edit', editable),
    query: scheduleIdQuery,
    response: nothing,
  }),
} as const;
