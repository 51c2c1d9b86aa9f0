/** The project service: projects, their lifecycle, favourites, members, files, console folders, and import jobs. */
import { folderRoutes } from '@shared/routes/folders';
import { importRoutes } from '@shared/routes/imports';
import { projectRoutes } from '@shared/routes/projects';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { favoriteHandlers } from './favorites';
import { fileHandlers } from './files';
import { folderHandlers } from './folders';
import { importHandlers } from './imports';
import { lifecycleHandlers } from './lifecycle';
import { memberHandlers } from './members';
import { projectHandlers } from './projects';

export const handler = createService(
  'project',
  { ...projectRoutes, ...folderRoutes, ...importRoutes },
  {
    ...projectHandlers,
    ...lifecycleHandlers,
    ...favoriteHandlers,
    ...memberHandlers,
    ...fileHandlers,
    ...folderHandlers,
    ...importHandlers,
  },
  projectAndTeamChecks,
);
