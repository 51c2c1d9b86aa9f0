/**
 * Reordering a parameter table's rows by dragging a row's handle onto a sibling (the up and down buttons do the same
 * from the keyboard). A row only drops among its own siblings.
 */
import { useRef, type DragEvent } from 'react';
import type { ParamRow } from './param-tree';

const DROP_MARK = 'drop-over';

export function useParamDrag(onMove: (row: ParamRow, to: number) => void) {
  const dragged = useRef<ParamRow | null>(null);
  const sameParent = (row: ParamRow) => dragged.current !== null && dragged.current.parentId === row.parentId;

  /** The handle's props: it starts the drag of its row. */
  const handle = (row: ParamRow) => ({
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      dragged.current = row;
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', row.id);
    },
  });

  /**
   * A row's props: it takes a drop from a sibling. The drop mark is set on the row element itself: re-rendering the
   * table in the middle of a drag loses the drop.
   */
  const target = (row: ParamRow) => ({
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!sameParent(row)) return;
      e.preventDefault();
      e.currentTarget.classList.add(DROP_MARK);
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => e.currentTarget.classList.remove(DROP_MARK),
    onDrop: (e: DragEvent<HTMLElement>) => {
      const source = dragged.current;
      e.currentTarget.classList.remove(DROP_MARK);
      if (!source || !sameParent(row) || source.id === row.id) return;
      e.preventDefault();
      onMove(source, row.index);
      dragged.current = null;
    },
  });

  return { handle, target };
}
