/**
 * Each service's handler from its TypeScript source, for the in-process gateways that run the handlers without
 * their bundles: the demo account's seed (seed.ts) and the integration tests' local API (test/support/local-api.ts).
 * A service missing here is a type error.
 */
import type { ServiceName } from '@shared/routes';

export type ServiceSources = Record<ServiceName, () => Promise<{ handler: unknown }>>;

export const serviceSources: ServiceSources = {
  user: () => import('../../functions/services/user/index'),
  project: () => import('../../functions/services/project/index'),
  document: () => import('../../functions/services/document/index'),
  team: () => import('../../functions/services/team/index'),
  environment: () => import('../../functions/services/environment/index'),
  proxy: () => import('../../functions/services/proxy/index'),
  open: () => import('../../functions/services/open/index'),
  llms: () => import('../../functions/services/llms/index'),
  oauth: () => import('../../functions/services/oauth/index'),
  changes: () => import('../../functions/services/changes/index'),
  scenario: () => import('../../functions/services/scenario/index'),
  comments: () => import('../../functions/services/comments/index'),
  channels: () => import('../../functions/services/channels/index'),
  jobs: () => import('../../functions/services/jobs/index'),
};
