/** User groups of a team. */
import { createGroup, deleteGroup, renameGroup, teamMembersOf } from '../../domain/teams';
import { defineHandlers } from '../../runtime/service';
import { groupView } from './views';

export const groupHandlers = defineHandlers({
  'team.groupCreate': async ({ body }) => groupView(await createGroup(body.teamId, body.name), []),

  'team.groupRename': async ({ params: { teamId, groupId, name } }) => {
    const [group, members] = await Promise.all([renameGroup(teamId, groupId, name), teamMembersOf(teamId)]);
    return groupView(group, members);
  },

  /** Its bindings to projects go first, then its members are left ungrouped, then the group. */
  'team.groupDelete': async ({ params: { teamId, groupId } }, ctx) => {
    await deleteGroup(teamId, groupId);
    ctx.log.info('group deleted', { teamId, groupId });
    return null;
  },
});
