/** The document service: the tree, every kind of document, ordering, copies, search and history. */
import { documentRoutes } from '../../../shared/routes/documents';
import { createService } from '../../runtime/service';
import { editingHandlers } from './editing';
import { historyHandlers } from './history';
import { searchHandlers } from './search';
import { treeHandlers } from './tree';

export const handler = createService('document', documentRoutes, { ...treeHandlers, ...editingHandlers, ...historyHandlers, ...searchHandlers });
