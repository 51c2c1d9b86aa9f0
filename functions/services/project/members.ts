/** Members of a project. */
import { leaveProject, membersOfProject } from '../../domain/members';
import { fail } from '../../runtime/app-error';
import { defineHandlers } from '../../runtime/service';

export const memberHandlers = defineHandlers({
  'project.members': async (_input, ctx) => membersOfProject(ctx.project.item),

  /** A member leaves; the creator must transfer the project first. */
  'project.quit': async (_input, ctx) => {
    const { item, member } = ctx.project;
    if (item.ownerId === ctx.caller.userId) fail('creatorCannotQuit');
    if (!member) fail('forbidden');
    await leaveProject(item.id, ctx.caller.userId);
    return null;
  },
});
