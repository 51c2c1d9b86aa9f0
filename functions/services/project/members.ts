/** Members of a project: the list, and leaving it. */
import { leaveProject, membersOfProject } from '../../domain/members';
import { fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';

export const memberHandlers = defineHandlers({
  'project.members': async (_input, ctx) => membersOfProject(ctx.project.item),

  /**
   * A member leaves; the creator must transfer the project first, and someone who reaches it through their team
   * or group leaves that instead.
   */
  'project.quit': async (_input, ctx) => {
    const { item, member } = ctx.project;
    if (item.ownerId === ctx.caller.userId) fail('creatorCannotQuit');
    if (!member || member.role === 'none') fail('notDirectMember');
    await leaveProject(item.id, ctx.caller.userId);
    return null;
  },
});
