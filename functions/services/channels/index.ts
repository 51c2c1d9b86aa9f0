/**
 * The channels service (issue 38): a project's notification channels and a team's defaults. Its guard admits
 * public addresses only: the deployed handler passes no test parameter; the local stack and the tests build their
 * own with `channelsService({ admitForTests })`, exactly the fake providers' addresses.
 */
import { channelRoutes } from '@shared/routes/channels';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { channelHandlers } from './handlers';
import type { ChannelGuard } from './targets';

export const channelsService = (guard: ChannelGuard = {}) =>
  createService('channels', channelRoutes, channelHandlers(guard), projectAndTeamChecks);

export const handler = channelsService();
