/** The comments service (issue 38): comments on documents, the bell, watching and notification settings. */
import { commentRoutes } from '@shared/routes/comments';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { commentHandlers } from './comments';
import { notificationHandlers } from './notifications';
import { watchHandlers } from './watches';

export const handler = createService(
  'comments',
  commentRoutes,
  { ...commentHandlers, ...notificationHandlers, ...watchHandlers },
  projectAndTeamChecks,
);
