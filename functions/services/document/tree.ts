/** The document tree, its branches and its latest saves: live, of a release, or as much as a share holds. */
import { RECENT_CHANGES_SHOWN } from '@shared/constants';
import { buildDocumentTree, childrenByParent, childViews, latestSaves, loadChildren, nodesAt, treeAt } from '../../domain/documents';
import type { ProjectScope } from '../../runtime/access';
import { defineHandlers } from '../../runtime/service';
import { frozenOrScopedNodes } from './shared';

async function childrenOf(scope: ProjectScope, parentId: string) {
  const nodes = await frozenOrScopedNodes(scope);
  return childViews(nodes ? childrenByParent(nodes).get(parentId) : await loadChildren(scope.item.id, parentId));
}

export const treeHandlers = defineHandlers({
  'document.tree': async ({ params }, ctx) => {
    const nodes = await frozenOrScopedNodes(ctx.project);
    return nodes ? buildDocumentTree(params.projectId, nodes) : treeAt(ctx.project.item);
  },
  'document.children': async ({ params }, ctx) => childrenOf(ctx.project, params.id),
  'document.recent': async (_input, ctx) =>
    latestSaves((await frozenOrScopedNodes(ctx.project)) ?? (await nodesAt(ctx.project.item)), RECENT_CHANGES_SHOWN).map(
      ({ id, name, type, method, comment, note, updatedAt, rev, updatedByName }) => ({
        id,
        name,
        type,
        method,
        comment,
        ...(note ? { note } : {}),
        updatedAt,
        rev,
        updatedByName,
      }),
    ),
  'document.child0': async ({ params }, ctx) => (await childrenOf(ctx.project, params.id))[0] ?? null,
});
