/** Watching a project, or a folder or document of it: the caller's own choice, and what reaches them from above. */
import { nodesAt } from '../../domain/documents';
import { setWatching, watchesFromAbove, watchesItself, watchPath } from '../../domain/watches';
import type { ProjectScope } from '../../runtime/access';
import { defineHandlers } from '../../runtime/service';
import { AppError } from '../../core/app-error';

/** The target's path from the project down (a document or folder must be in the live tree). */
async function pathTo(project: ProjectScope, targetId: string) {
  const nodes = await nodesAt(project.item);
  const path = watchPath(project.item, nodes, targetId === project.item.id ? undefined : targetId);
  if (path.at(-1)!.id !== targetId) throw new AppError('notFound');
  return path;
}

async function stateOf(project: ProjectScope, targetId: string, userId: string) {
  const path = await pathTo(project, targetId);
  const [watching, inherited] = await Promise.all([
    watchesItself(project.item.id, path.at(-1)!, userId),
    watchesFromAbove(project.item.id, path, userId),
  ]);
  return { watching, inherited };
}

export const watchHandlers = defineHandlers({
  'watch.get': async ({ params }, ctx) => stateOf(ctx.project, params.id, ctx.caller.userId),
  'watch.add': async ({ params }, ctx) => {
    await pathTo(ctx.project, params.id);
    await setWatching(ctx.project.item.id, params.id, ctx.caller.userId, true);
    return stateOf(ctx.project, params.id, ctx.caller.userId);
  },
  'watch.remove': async ({ params }, ctx) => {
    await pathTo(ctx.project, params.id);
    await setWatching(ctx.project.item.id, params.id, ctx.caller.userId, false);
    return stateOf(ctx.project, params.id, ctx.caller.userId);
  },
});
