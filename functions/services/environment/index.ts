/** The environment service: a project's environments, their variables, and its global parameters (issue 24). */
import { environmentRoutes } from '@shared/routes/environments';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { environmentHandlers } from './handlers';

export const handler = createService('environment', environmentRoutes, environmentHandlers, projectAndTeamChecks);
