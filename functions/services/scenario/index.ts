/**
 * The scenario service: a project's test scenarios, their folders, their runs and server runs (issue 36), their
 * Postman import and export, and the open API's routes `apiloom run` reads through and posts its runs to.
 */
import { openScenarioRoutes } from '@shared/routes/open-scenarios';
import { scenarioJobRoutes } from '@shared/routes/scenario-jobs';
import { scenarioPostmanRoutes } from '@shared/routes/scenario-postman';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { scenarioJobHandlers } from './jobs';
import { openScenarioHandlers } from './open';
import { postmanHandlers } from './postman';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioJobRoutes, ...scenarioPostmanRoutes, ...openScenarioRoutes },
  { ...scenarioHandlers, ...scenarioJobHandlers, ...postmanHandlers, ...openScenarioHandlers },
  projectAndTeamChecks,
);
