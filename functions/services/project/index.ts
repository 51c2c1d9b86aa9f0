/** The project service: projects, their lifecycle, favourites, files, console folders, and import and export jobs. */
import { folderRoutes } from '@shared/routes/folders';
import { exportRoutes } from '@shared/routes/exports';
import { importRoutes } from '@shared/routes/imports';
import { projectRoutes } from '@shared/routes/projects';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { exportHandlers } from './exports';
import { favoriteHandlers } from './favorites';
import { fileHandlers } from './files';
import { folderHandlers } from './folders';
import { importHandlers } from './imports';
import { lifecycleHandlers } from './lifecycle';
import { projectHandlers } from './projects';

export const handler = createService(
  'project',
  { ...projectRoutes, ...folderRoutes, ...importRoutes, ...exportRoutes },
  {
    ...projectHandlers,
    ...lifecycleHandlers,
    ...favoriteHandlers,
    ...fileHandlers,
    ...folderHandlers,
    ...importHandlers,
    ...exportHandlers,
  },
  projectAndTeamChecks,
);
