/** User groups of a team. */
import { createGroup, deleteGroup, renameGroup, teamMembersOf } from '../../domain/teams';
import { defineHandlers } from '../../runtime/service';
import { groupView } from './views';

export const groupHandlers = defineHandlers({
  'team.groupCreate': async ({ body }) => groupView(await createGroup(body.teamId, body.name), []),

  'team.groupRename': async ({ params }) => {
    const [group, members] = await Promise.all([renameGroup(params.a, params.b, params.c), teamMembersOf(params.a)]);
    return groupView(group, members);
  },

  /** Its bindings to projects go first, then its members are left ungrouped, then the group. */
  'team.groupDelete': async ({ params }, ctx) => {
    await deleteGroup(params.a, params.b);
    ctx.log.info('group deleted', { teamId: params.a, groupId: params.b });
    return null;
  },
});
