/**
 * The proxy service (issue 24): sends an interface test's request for a signed-in user. Its guard admits public
 * addresses only, resolved by DNS: nothing here reads configuration that could admit more (test/infra checks the
 * function's environment; tests and the bench build their own service with a resolver and admitted addresses).
 */
import { proxyRoutes } from '@shared/routes/proxy';
import { createService } from '../../runtime/service';
import { proxyHandlers } from './handlers';

export const handler = createService('proxy', proxyRoutes, proxyHandlers());
