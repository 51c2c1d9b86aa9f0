/** The team service: teams, their members and user groups, invitations, and who may do what on each project. */
import { memberRoutes } from '@shared/routes/members';
import { teamRoutes } from '@shared/routes/teams';
import { projectAndTeamChecks } from '../../runtime/access';
import { createService } from '../../runtime/service';
import { groupHandlers } from './groups';
import { invitationHandlers } from './invitations';
import { logoHandlers } from './logo';
import { projectMemberHandlers } from './project-members';
import { teamMemberHandlers } from './members';
import { teamHandlers } from './teams';

export const handler = createService(
  'team',
  { ...teamRoutes, ...memberRoutes },
  { ...teamHandlers, ...teamMemberHandlers, ...groupHandlers, ...invitationHandlers, ...projectMemberHandlers, ...logoHandlers },
  projectAndTeamChecks,
);
