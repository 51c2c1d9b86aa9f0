/**
 * The jobs service: a project's import and export jobs, started, followed and fetched here and run by their
 * workers. Apart from the project service, so neither carries the other's code (and its cold start).
 */
import { exportRoutes } from '@shared/routes/exports';
import { importRoutes } from '@shared/routes/imports';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { exportHandlers } from './exports';
import { importHandlers } from './imports';

export const handler = createService(
  'jobs',
  { ...importRoutes, ...exportRoutes },
  { ...importHandlers, ...exportHandlers },
  projectAndTeamChecks,
);
