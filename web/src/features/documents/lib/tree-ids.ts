/** Looking documents up in a project's tree by id: which exist, what they are called, and where a new one goes. */
import type { DocumentTreeNode } from '@shared/schemas/document';

/** Every node of the tree by id, at any depth. */
export function nodesById(nodes: readonly DocumentTreeNode[]): Map<string, DocumentTreeNode> {
  const all = new Map<string, DocumentTreeNode>();
  const walk = (list: readonly DocumentTreeNode[]) => {
    for (const node of list) {
      all.set(node.id, node);
      walk(node.children);
    }
  };
  walk(nodes);
  return all;
}

/** The chosen ids the tree still holds, in their order (a release's tree may lack newer documents). */
export function keepPresent(ids: readonly string[], nodes: readonly DocumentTreeNode[]): string[] {
  const present = nodesById(nodes);
  return ids.filter((id) => present.has(id));
}

/** The first document a reader meets going down the tree in its order (folders only group), if any. */
export function firstDocument(nodes: readonly DocumentTreeNode[]): DocumentTreeNode | undefined {
  for (const node of nodes) {
    if (node.type !== 'folder') return node;
    const inside = firstDocument(node.children);
    if (inside) return inside;
  }
  return undefined;
}

/**
 * Where a new document placed last in `parentId` goes: after the folder's last child, or the top level's when
 * `parentId` is the project itself; '0' when it holds nothing (the create call's `preId`).
 */
export function lastChildId(nodes: readonly DocumentTreeNode[], projectId: string, parentId: string): string {
  const siblings = parentId === projectId ? nodes : (nodesById(nodes).get(parentId)?.children ?? []);
  return siblings.at(-1)?.id ?? '0';
}

/** The folders above a node, top first. */
export function ancestorsOf(nodes: readonly DocumentTreeNode[], id: string | undefined): DocumentTreeNode[] {
  const path: DocumentTreeNode[] = [];
  const walk = (list: readonly DocumentTreeNode[]): boolean =>
    list.some((n) => {
      if (n.id === id) return true;
      path.push(n);
      if (walk(n.children)) return true;
      path.pop();
      return false;
    });
  return id && walk(nodes) ? path : [];
}

export function findNode(nodes: readonly DocumentTreeNode[], id: string): DocumentTreeNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = findNode(n.children, id);
    if (found) return found;
  }
  return undefined;
}

/** How many documents of each kind the tree holds (folders included), at any depth. */
export function countByKind(nodes: readonly DocumentTreeNode[]): Map<DocumentTreeNode['type'], number> {
  const counts = new Map<DocumentTreeNode['type'], number>();
  for (const node of nodesById(nodes).values()) counts.set(node.type, (counts.get(node.type) ?? 0) + 1);
  return counts;
}
