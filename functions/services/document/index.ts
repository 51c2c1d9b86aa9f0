/** The document service: the tree, every kind of document, ordering, copies, search, history, shares and releases. */
import { documentRoutes } from '../../../shared/routes/documents';
import { shareRoutes } from '../../../shared/routes/shares';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { editingHandlers } from './editing';
import { historyHandlers } from './history';
import { releaseHandlers } from './releases';
import { searchHandlers } from './search';
import { shareHandlers } from './shares';
import { treeHandlers } from './tree';

export const handler = createService(
  'document',
  { ...documentRoutes, ...shareRoutes },
  { ...treeHandlers, ...editingHandlers, ...historyHandlers, ...searchHandlers, ...shareHandlers, ...releaseHandlers },
  projectAndTeamChecks,
);
