/** The document service: the tree, every kind of document, ordering, copies, search, history, mock settings, shares and releases. */
import { documentRoutes } from '@shared/routes/documents';
import { mockRoutes } from '@shared/routes/mock';
import { shareRoutes } from '@shared/routes/shares';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { editingHandlers } from './editing';
import { historyHandlers } from './history';
import { mockHandlers } from './mock';
import { releaseHandlers } from './releases';
import { searchHandlers } from './search';
import { shareHandlers } from './shares';
import { treeHandlers } from './tree';

export const handler = createService(
  'document',
  { ...documentRoutes, ...shareRoutes, ...mockRoutes },
  {
    ...treeHandlers,
    ...editingHandlers,
    ...historyHandlers,
    ...searchHandlers,
    ...shareHandlers,
    ...releaseHandlers,
    ...mockHandlers,
  },
  projectAndTeamChecks,
);
