/**
 * The scenario service: a project's test scenarios, their folders, their runs, server runs and schedules (issue 36),
 * their Postman import and export, and the open API's routes `apiloom run` reads through and posts its runs to.
 */
import { openScenarioRoutes } from '@shared/routes/open-scenarios';
import { scenarioJobRoutes } from '@shared/routes/scenario-jobs';
import { scenarioPostmanRoutes } from '@shared/routes/scenario-postman';
import { scenarioScheduleRoutes } from '@shared/routes/scenario-schedules';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { scenarioJobHandlers } from './jobs';
import { openScenarioHandlers } from './open';
import { postmanHandlers } from './postman';
import { scenarioScheduleHandlers } from './schedules';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioJobRoutes, ...scenarioScheduleRoutes, ...scenarioPostmanRoutes, ...openScenarioRoutes },
  { ...scenarioHandlers, ...scenarioJobHandlers, ...scenarioScheduleHandlers, ...postmanHandlers, ...openScenarioHandlers },
  projectAndTeamChecks,
);
