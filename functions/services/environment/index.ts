/** The environment service: a project's environments, their variables and run secrets, and its global parameters (issues 24, 36). */
import { environmentRoutes } from '@shared/routes/environments';
import { runSecretRoutes } from '@shared/routes/run-secrets';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { environmentHandlers } from './handlers';
import { runSecretHandlers } from './run-secrets';

export const handler = createService(
  'environment',
  { ...environmentRoutes, ...runSecretRoutes },
  { ...environmentHandlers, ...runSecretHandlers },
  projectAndTeamChecks,
);
