import { describe, expect, it } from 'vitest';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { ancestorsOf, countByKind, findNode, firstDocument, keepPresent, lastChildId, nodesById } from './tree-ids';

const node = (id: string, children: DocumentTreeNode[] = []): DocumentTreeNode => ({
  id,
  projectId: 'p',
  parentId: 'p',
  preId: '0',
  name: id.toUpperCase(),
  type: children.length ? 'folder' : 'doc',
  comment: '',
  method: null,
  path: null,
  status: null,
  children,
});

const tree = [node('a'), node('f', [node('b'), node('g', [node('c')])])];

describe('tree ids', () => {
  it('places a new document after the last child of its folder, or of the top level', () => {
    expect(lastChildId(tree, 'p', 'p')).toBe('f');
    expect(lastChildId(tree, 'p', 'f')).toBe('g');
    expect(lastChildId(tree, 'p', 'g')).toBe('c');
    expect(lastChildId(tree, 'p', 'c')).toBe('0');
    expect(lastChildId([], 'p', 'p')).toBe('0');
  });

  it('finds nodes at any depth', () => {
    expect([...nodesById(tree).keys()]).toEqual(['a', 'f', 'b', 'g', 'c']);
    expect(nodesById(tree).get('c')?.name).toBe('C');
  });

  it('keeps the chosen ids the tree holds, in their order', () => {
    expect(keepPresent(['c', 'gone', 'a'], tree)).toEqual(['c', 'a']);
    expect(keepPresent([], tree)).toEqual([]);
    expect(keepPresent(['a'], [])).toEqual([]);
  });

  it('finds the first document in tree order, inside folders, skipping empty folders', () => {
    expect(firstDocument(tree)?.id).toBe('a');
    const emptyFolder = { ...node('e'), type: 'folder' as const };
    expect(firstDocument([emptyFolder, node('f', [node('g', [node('c')]), node('b')])])?.id).toBe('c');
    expect(firstDocument([emptyFolder])).toBeUndefined();
  });

  it('counts documents by kind at any depth, folders as folders', () => {
    expect(Object.fromEntries(countByKind(tree))).toEqual({ doc: 3, folder: 2 });
    expect(countByKind([]).size).toBe(0);
  });

  it('finds a node and the folders above it, top first', () => {
    expect(findNode(tree, 'c')?.name).toBe('C');
    expect(ancestorsOf(tree, 'c').map((n) => n.id)).toEqual(['f', 'g']);
    expect(ancestorsOf(tree, 'a')).toEqual([]);
    expect(ancestorsOf(tree, 'missing')).toEqual([]);
  });
});
