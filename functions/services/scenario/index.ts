/**
 * The scenario service: a project's test scenarios, their folders and their runs (issue 36), their Postman import and
 * export, and the open API's routes `apiloom run` reads through and posts its runs to.
 */
import { openScenarioRoutes } from '@shared/routes/open-scenarios';
import { scenarioPostmanRoutes } from '@shared/routes/scenario-postman';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { openScenarioHandlers } from './open';
import { postmanHandlers } from './postman';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioPostmanRoutes, ...openScenarioRoutes },
  { ...scenarioHandlers, ...postmanHandlers, ...openScenarioHandlers },
  projectAndTeamChecks,
);
