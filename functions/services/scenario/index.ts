/** The scenario service: a project's test scenarios, their folders, their runs and their server runs (issue 36). */
import { scenarioJobRoutes } from '@shared/routes/scenario-jobs';
import { scenarioScheduleRoutes } from '@shared/routes/scenario-schedules';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { scenarioJobHandlers } from './jobs';
import { scenarioScheduleHandlers } from './schedules';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioJobRoutes, ...scenarioScheduleRoutes },
  { ...scenarioHandlers, ...scenarioJobHandlers, ...scenarioScheduleHandlers },
  projectAndTeamChecks,
);
