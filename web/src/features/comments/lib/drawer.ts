/**
 * Which document's comments are open, and at which row: one drawer for the page, opened from the document's header
 * or from a marker beside a parameter row, which are drawn far apart.
 */
import { useSyncExternalStore } from 'react';
import type { CommentAnchor } from '@shared/schemas/comment';

export interface OpenComments {
  documentId: string;
  /** Shows only that row's threads, and anchors a new one there. */
  anchor?: CommentAnchor;
}

let open: OpenComments | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
function set(next: OpenComments | null) {
  open = next;
  for (const listener of listeners) listener();
}

export const openComments = (documentId: string, anchor?: CommentAnchor) => set({ documentId, ...(anchor ? { anchor } : {}) });
export const closeComments = () => set(null);
export const useOpenComments = () => useSyncExternalStore(subscribe, () => open);
