/** The document tree and its branches. */
import { buildDocumentTree, childViews, loadChildren, loadNodes } from '../../domain/documents';
import { defineHandlers } from '../../runtime/service';

export const treeHandlers = defineHandlers({
  'document.tree': async ({ params }) => buildDocumentTree(params.projectId, await loadNodes(params.projectId)),
  'document.children': async ({ params }, ctx) => childViews(await loadChildren(ctx.project.item.id, params.id)),
  'document.child0': async ({ params }, ctx) => childViews(await loadChildren(ctx.project.item.id, params.id))[0] ?? null,
});
