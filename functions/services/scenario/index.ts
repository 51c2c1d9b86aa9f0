/** The scenario service: a project's test scenarios, their folders and their runs (issue 36). */
import { scenarioPostmanRoutes } from '@shared/routes/scenario-postman';
import { scenarioRoutes } from '@shared/routes/scenarios';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { scenarioHandlers } from './handlers';
import { postmanHandlers } from './postman';

export const handler = createService(
  'scenario',
  { ...scenarioRoutes, ...scenarioPostmanRoutes },
  { ...scenarioHandlers, ...postmanHandlers },
  projectAndTeamChecks,
);
