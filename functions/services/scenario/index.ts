/**
 * The scenario service: a project's test scenarios, their folders, their runs, their server runs and their Postman
 * collections in and out (issue 36).
 */
import { scenarioJobRoutes } from '@shared/routes/scenario-jobs';
import { scenarioPostmanRoutes } from '@shared/routes/scenario-postman';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { scenarioJobHandlers } from './jobs';
import { postmanHandlers } from './postman';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioJobRoutes, ...scenarioPostmanRoutes },
  { ...scenarioHandlers, ...scenarioJobHandlers, ...postmanHandlers },
  projectAndTeamChecks,
);
