/**
 * The open API's tree read (issue 26): the project's documents in tree order with their folder paths. The live tree
 * only: documents in the bin are not in it. One document's read is ./document-writer.ts, loaded on first use.
 */
import { inTreeOrder, nodesAt, type StoredNode } from '../../domain/documents';
import type { ProjectRecord } from '../../domain/projects';

export async function openTreeOf(project: ProjectRecord) {
  const nodes = inTreeOrder(project.id, await nodesAt(project));
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const folderPath = (node: StoredNode) => {
    const names: string[] = [];
    for (let parent = byId.get(node.parentId), hops = 0; parent && hops < 64; parent = byId.get(parent.parentId), hops++)
      names.unshift(parent.name);
    return names.join('/');
  };
  return {
    nodes: nodes.map((n) => ({
      id: n.id,
      parentId: n.parentId === project.id ? '' : n.parentId,
      name: n.name,
      type: n.type,
      ...(n.method ? { method: n.method } : {}),
      ...(n.path ? { path: n.path } : {}),
      folderPath: folderPath(n),
    })),
  };
}
