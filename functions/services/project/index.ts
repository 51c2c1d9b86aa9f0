/** The project service: projects, their lifecycle, favourites, files and console folders. */
import { folderRoutes } from '@shared/routes/folders';
import { projectRoutes } from '@shared/routes/projects';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { favoriteHandlers } from './favorites';
import { fileHandlers } from './files';
import { folderHandlers } from './folders';
import { lifecycleHandlers } from './lifecycle';
import { projectHandlers } from './projects';

export const handler = createService(
  'project',
  { ...projectRoutes, ...folderRoutes },
  {
    ...projectHandlers,
    ...lifecycleHandlers,
    ...favoriteHandlers,
    ...fileHandlers,
    ...folderHandlers,
  },
  projectAndTeamChecks,
);
