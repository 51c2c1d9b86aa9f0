/**
 * A large project (issue 39): 20,000 documents seeded through the domain layer's items (200 folders of 99 APIs)
 * come back whole from the tree read (the nodes in four ranges of the partition, the tree built from them), every
 * id once and each folder with all its children. A seeded "5,000" project once showed about 3,580 in the tree:
 * neither the seed nor this read loses any.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { treeAt } from '../../functions/domain/documents';
import { getProject } from '../../functions/domain/projects';
import { seedLargeProject } from '../../scripts/bench/project-page';
import { signUp } from '../support/local-api';

const flatten = (nodes: DocumentTreeNode[]): DocumentTreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('a project of 20,000 documents', () => {
  it('reads back the whole tree', { timeout: 600_000 }, async () => {
    const owner = await signUp('Large');
    const { projectId, nodes } = await seedLargeProject(owner.userId, {
      folders: 200,
      perFolder: 99,
      searchTexts: false,
      name: 'Twenty thousand',
    });
    expect(nodes).toHaveLength(20_000);
    const tree = await treeAt((await getProject(projectId))!);
    expect(tree).toHaveLength(200);
    expect(tree.filter((folder) => folder.children?.length !== 99)).toEqual([]);
    const ids = flatten(tree).map((n) => n.id);
    expect(ids).toHaveLength(20_000);
    expect(new Set(ids)).toEqual(new Set(nodes.map((n) => n.id)));
  });
});
