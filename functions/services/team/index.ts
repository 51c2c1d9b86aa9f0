/** The team service: teams, their members and user groups, and invitations to them. */
import { teamRoutes } from '../../../shared/routes/teams';
import { createService } from '../../runtime/service';
import { groupHandlers } from './groups';
import { invitationHandlers } from './invitations';
import { teamMemberHandlers } from './members';
import { teamHandlers } from './teams';

export const handler = createService('team', teamRoutes, { ...teamHandlers, ...teamMemberHandlers, ...groupHandlers, ...invitationHandlers });
