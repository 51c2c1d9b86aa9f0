/** The state changes of a project (spec section 4): archive and back, recycle bin and back, destroy, clone, transfer. */
import { atLeast } from '@shared/access';
import { withholdProjectFiles } from '../../domain/files';
import { getMember } from '../../domain/members';
import { cloneProject } from '../../domain/project-clone';
import { purgeProject } from '../../domain/project-purge';
import {
  archiveProject,
  markForDestruction,
  recycleProject,
  restoreProject,
  toProjectView,
  transferProject,
  unarchiveProject,
} from '../../domain/projects';
import { fail } from '../../core/app-error';
import { defineHandlers } from '../../runtime/service';
import { listInConsole, scopedView } from './views';

export const lifecycleHandlers = defineHandlers({
  'project.archive': async (_input, ctx) => scopedView(await archiveProject(ctx.project.item), ctx.project),
  'project.archiveRevert': async (_input, ctx) => scopedView(await unarchiveProject(ctx.project.item), ctx.project),
  /** A team's archive holds every archived project its owner and administrators operate, not only their own. */
  'project.archives': async ({ query }, ctx) => listInConsole(ctx.caller.userId, query.teamId, (p) => p.project.state === 'archived'),

  'project.archiveDelete': async (_input, ctx) => {
    await recycleProject(ctx.project.item);
    await withholdProjectFiles(ctx.project.item.id, true);
    return null;
  },
  'project.recycle': async (_input, ctx) => {
    await recycleProject(ctx.project.item);
    await withholdProjectFiles(ctx.project.item.id, true);
    return null;
  },
  'project.recyclerRevert': async (_input, ctx) => {
    const restored = await restoreProject(ctx.project.item);
    await withholdProjectFiles(ctx.project.item.id, false);
    return scopedView(restored, ctx.project);
  },
  /** Only those who may restore see the bin: other members of a deleted project simply no longer have it. */
  'project.recycler': async ({ query }, ctx) =>
    listInConsole(ctx.caller.userId, query.teamId, (p) => p.project.state === 'recycled' && atLeast(p.role, 'admin')),

  /**
   * Destroys a recycled project now: out of reach at once, then as much as fits in this request is deleted and
   * the purge job finishes a very large project.
   */
  'project.destroy': async (_input, ctx) => {
    await markForDestruction(ctx.project.item);
    await purgeProject(ctx.project.item.id, { deadline: Date.now() + 5_000 });
    return null;
  },

  'project.clone': async ({ query }, ctx) => {
    const copy = await cloneProject(ctx.project.item, query.name, ctx.caller.userId);
    ctx.log.info('project cloned', { from: ctx.project.item.id, to: copy.id });
    return toProjectView(copy, { role: 'creator' });
  },

  /** To an existing member who is not already the owner; the former owner stays as an editor. */
  'project.transfer': async ({ params: { userId } }, ctx) => {
    const { item, member } = ctx.project;
    if (userId === item.ownerId) fail('alreadyOwner');
    if (!(await getMember(item.id, userId))) fail('memberRequired');
    const transferred = await transferProject(item, ctx.caller.userId, userId);
    return toProjectView(transferred, { role: 'edit', member: member ? { ...member, role: 'edit' } : undefined });
  },
});
