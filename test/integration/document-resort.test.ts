/**
 * Property: whatever sequence of moves people make, valid or not, the documents stay one tree: every node is
 * reachable from the project root exactly once, parents exist and are folders, and each sibling list is a
 * single chain of preIds starting at '0'.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

function checkTree(projectId: string, roots: DocumentTreeNode[], total: number) {
  const seen = new Set<string>();
  const walk = (nodes: DocumentTreeNode[], parentId: string) => {
    nodes.forEach((node, i) => {
      expect(seen.has(node.id), 'a node appears twice').toBe(false);
      seen.add(node.id);
      expect(node.parentId).toBe(parentId);
      expect(node.preId).toBe(i === 0 ? '0' : nodes[i - 1]!.id);
      if (node.children.length) expect(node.type).toBe('folder');
      walk(node.children, node.id);
    });
  };
  walk(roots, projectId);
  expect(seen.size, 'every node is reachable from the root').toBe(total);
}

describe('re-sort keeps one tree', () => {
  it('holds for random sequences of moves', { timeout: 120_000 }, async () => {
    const { token } = await signUp();
    const project = (await api.call('project.create', { token, body: { name: 'Tree' } })).data;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await api.call('document.create', {
        token,
        body: { projectId: project.id, type: i % 3 === 0 ? 'folder' : 'doc', name: `N${i}`, preId: ids.at(-1) ?? '0' },
      });
      ids.push(res.data.id);
    }
    const tree = async () => (await api.call('document.tree', { params: { projectId: project.id }, token })).data;
    checkTree(project.id, await tree(), ids.length);

    const target = fc.oneof(fc.constant('root'), fc.nat({ max: ids.length - 1 }));
    const move = fc.record({
      a: fc.nat({ max: ids.length - 1 }),
      b: target,
      c: fc.oneof(fc.constant('first' as const), fc.constant('last' as const), fc.nat({ max: ids.length - 1 })),
    });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 8 }), async (moves) => {
        for (const m of moves) {
          const b = m.b === 'root' ? project.id : ids[m.b]!;
          const lastChild = async () => {
            const children = (await api.call('document.children', { params: { id: b }, token })).data ?? [];
            return children.filter((x) => x.id !== ids[m.a]).at(-1)?.id ?? '0';
          };
          const c = m.c === 'first' ? '0' : m.c === 'last' ? await lastChild() : ids[m.c]!;
          const res = await api.call('document.resort', { params: { docId: ids[m.a]!, parentId: b, preId: c }, token });
          // Invalid moves (into a document, into its own subtree, after a node of another parent) are refused.
          expect([0, 45002, 45007]).toContain(res.code);
          if (res.code === 0) accepted++;
        }
        checkTree(project.id, await tree(), ids.length);
      }),
      { numRuns: 12 },
    );
    expect(accepted, 'enough moves were valid to exercise the tree').toBeGreaterThan(10);
  });
});
