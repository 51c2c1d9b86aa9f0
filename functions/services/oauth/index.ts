/** The oauth service: third-party sign-in (issue 25), apart from `user` so its OAuth 2 client stays out of that bundle. */
import { thirdPartyRoutes } from '@shared/routes/third-party';
import { createService } from '../../runtime/service';
import { thirdPartyHandlers } from './handlers';

export const handler = createService('oauth', thirdPartyRoutes, thirdPartyHandlers);
