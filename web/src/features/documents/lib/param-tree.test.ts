import { describe, expect, it } from 'vitest';
import type { ParamItem } from '@shared/schemas/document';
import { newParam } from './json-params';
import { addChild, allIds, findItem, moveItem, nests, removeItem, rowsOf, siblingCount, updateItem } from './param-tree';

const p = (id: string, children: ParamItem[] = [], over: Partial<ParamItem> = {}) => newParam({ id, name: id, children, ...over });
const TREE = [p('a'), p('b', [p('b1'), p('b2'), p('b3')], { type: 'object' }), p('c')];
const names = (items: ParamItem[]): unknown[] => items.map((i) => (i.children.length ? [i.name, names(i.children)] : i.name));

describe('a parameter table as a tree', () => {
  it('gives each row its depth, place and parent', () => {
    const rows = rowsOf(TREE);
    expect(rows.map((r) => [r.id, r.depth, r.index, r.parentId])).toEqual([
      ['a', 0, 0, null],
      ['b', 0, 1, null],
      ['c', 0, 2, null],
    ]);
    expect(rows[1]!.children!.map((r) => [r.id, r.depth, r.index, r.parentId])[2]).toEqual(['b3', 1, 2, 'b']);
    expect(rows[0]!.children).toBeUndefined();
    expect(allIds(TREE)).toEqual(['a', 'b', 'b1', 'b2', 'b3', 'c']);
  });

  it('edits, moves, removes and adds rows wherever they are nested, leaving the given list as it was', () => {
    const before = JSON.stringify(TREE);
    expect(findItem(updateItem(TREE, 'b2', { description: 'second' }), 'b2')!.description).toBe('second');
    expect(names(moveItem(TREE, 'b3', 0))).toEqual(['a', ['b', ['b3', 'b1', 'b2']], 'c']);
    expect(names(moveItem(TREE, 'a', 99))).toEqual([['b', ['b1', 'b2', 'b3']], 'c', 'a']);
    expect(names(removeItem(TREE, 'b1'))).toEqual(['a', ['b', ['b2', 'b3']], 'c']);
    expect(findItem(addChild(TREE, 'c'), 'c')!.children).toHaveLength(1);
    expect(siblingCount(TREE, 'b2')).toBe(3);
    expect(siblingCount(TREE, 'c')).toBe(3);
    expect(JSON.stringify(TREE)).toBe(before);
  });

  it('nests objects, arrays and compositions, not plain values or model references', () => {
    expect(nests({ type: 'object' })).toBe(true);
    expect(nests({ type: 'array[object]' })).toBe(true);
    expect(nests({ type: 'string', combine: 'oneOf' })).toBe(true);
    expect(nests({ type: 'string' })).toBe(false);
    expect(nests({ type: 'object', ref: 'model-1' })).toBe(false);
  });
});
