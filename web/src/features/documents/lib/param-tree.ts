/**
 * A parameter table's rows as a tree, and the edits the table makes to it: each returns a new list, the one given
 * is never changed. Rows are found by id wherever they are nested.
 */
import type { ParamItem } from '@shared/schemas/document';
import { newParam } from './json-params';

/** A row as the table shows it: where it sits (depth, place among its siblings, parent) beside its fields. */
export type ParamRow = Omit<ParamItem, 'children'> & { children?: ParamRow[]; depth: number; index: number; parentId: string | null };

/** Whether a row can hold child rows: an object, an array, a composition; not a reference to a model. */
export const nests = (row: Pick<ParamItem, 'type' | 'combine' | 'ref'>) =>
  row.ref === undefined &&
  (!!row.combine || row.type === 'object' || row.type === 'array[object]' || row.type === 'array' || row.type === 'array[array]');

export function rowsOf(items: ParamItem[], depth = 0, parentId: string | null = null): ParamRow[] {
  return items.map((p, index) => ({
    ...p,
    depth,
    index,
    parentId,
    children: p.children.length ? rowsOf(p.children, depth + 1, p.id) : undefined,
  }));
}

export const allIds = (items: ParamItem[]): string[] => items.flatMap((p) => [p.id, ...allIds(p.children)]);

/** Applies `change` to the sibling list holding `id`, wherever it is in the tree. */
function editSiblings(items: ParamItem[], id: string, change: (list: ParamItem[], index: number) => ParamItem[]): ParamItem[] {
  const index = items.findIndex((p) => p.id === id);
  if (index >= 0) return change(items, index);
  return items.map((p) => ({ ...p, children: editSiblings(p.children, id, change) }));
}

export const updateItem = (items: ParamItem[], id: string, patch: Partial<ParamItem>) =>
  editSiblings(items, id, (list, i) => list.map((p, j) => (j === i ? { ...p, ...patch } : p)));

export const removeItem = (items: ParamItem[], id: string) => editSiblings(items, id, (list, i) => list.filter((_, j) => j !== i));

/** Moves a row to place `to` among its siblings (clamped to the list). */
export const moveItem = (items: ParamItem[], id: string, to: number) =>
  editSiblings(items, id, (list, i) => {
    const next = [...list];
    const [item] = next.splice(i, 1);
    next.splice(Math.max(0, Math.min(to, next.length)), 0, item!);
    return next;
  });

/** Adds an empty child row at the end of a row's children. */
export const addChild = (items: ParamItem[], id: string) =>
  editSiblings(items, id, (list, i) => list.map((p, j) => (j === i ? { ...p, children: [...p.children, newParam()] } : p)));

export function findItem(items: ParamItem[], id: string): ParamItem | undefined {
  for (const p of items) {
    if (p.id === id) return p;
    const found = findItem(p.children, id);
    if (found) return found;
  }
  return undefined;
}

/** How many rows share the parent of `id` (the row itself included). */
export function siblingCount(items: ParamItem[], id: string): number {
  let count = 0;
  editSiblings(items, id, (list) => {
    count = list.length;
    return list;
  });
  return count;
}
