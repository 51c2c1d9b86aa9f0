/** The llms service: what a share link answers plain HTTP clients, its `llms.txt` and each document as markdown (issue 26). */
import { llmsRoutes } from '@shared/routes/llms';
import { createService } from '../../runtime/service';
import { llmsHandlers } from './handlers';

export const handler = createService('llms', llmsRoutes, llmsHandlers);
