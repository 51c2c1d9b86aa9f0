/**
 * Issue 39: a seeded "5,000" project once showed about 3,580 documents in its tree. A project seeded through the
 * domain's items (as the benches seed 5,000 and 20,000) is read back whole through the tree route: every document
 * once, every folder with all its children, after a change too (the tree kept by revision is read again), and a
 * word on the last document is found by search. 3,000 documents here (the tree's items run past one 1 MB page of a
 * DynamoDB query); the documents bench checks 20,000 the same way.
 */
import { describe, expect, it } from 'vitest';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { bumpTreeRev } from '../../functions/domain/tree-changes';
import { seedLargeProject } from '../../scripts/bench/project-page';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
const FOLDERS = 30;
const PER_FOLDER = 99;

const flatten = (list: DocumentTreeNode[]): DocumentTreeNode[] => list.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('a large seeded project', () => {
  it(
    'returns every seeded document in its tree, each once and every folder whole, before and after a change',
    { timeout: 180_000 },
    async () => {
      const { userId, token } = await signUp('Seeder');
      const { projectId, nodes } = await seedLargeProject(userId, { folders: FOLDERS, perFolder: PER_FOLDER, name: 'Three thousand' });
      expect(nodes).toHaveLength(FOLDERS * (PER_FOLDER + 1));
      const seeded = new Set(nodes.map((n) => n.id));
      const readWhole = async () => {
        const res = await api.call('document.tree', { params: { projectId }, token });
        expect(res.code, res.message).toBe(0);
        const ids = flatten(res.data).map((n) => n.id);
        expect(ids.length).toBe(seeded.size);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids.filter((id) => !seeded.has(id))).toEqual([]);
        expect(res.data.filter((folder) => folder.children?.length !== PER_FOLDER).map((f) => f.name)).toEqual([]);
      };
      await readWhole();
      await bumpTreeRev(projectId, 'whole');
      await readWhole();
      const last = nodes.length - 1;
      const found = await api.call('document.search', { params: { projectId }, token, query: { keyword: `item${last}` } });
      expect(found.code, found.message).toBe(0);
      expect(found.data.map((hit) => hit.id)).toEqual([nodes[last]!.id]);
    },
  );
});
