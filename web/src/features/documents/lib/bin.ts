/** Deleting a document moves it to its project's bin (issue 27): right after, a toast offers to undo it. */
import type { TFunction } from 'i18next';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { documentCalls, refreshDocuments } from '../api';

/** Puts a binned document back; says where it went (its place, or the top level when that place is gone). */
export async function restoreFromBin(id: string, name: string, t: TFunction, wasAt?: string): Promise<boolean> {
  try {
    const restored = await documentCalls.unbin(id);
    await refreshDocuments();
    const movedToTop = wasAt !== undefined && restored.parentId !== wasAt;
    notify.success(t(movedToTop ? 'documentBin.restoredToTop' : 'docs.undone', { name }));
    return true;
  } catch (err) {
    notify.error(errorMessage(err));
    return false;
  }
}

/** Deletes (to the bin) and offers "Undo" in the toast that says so. Rejects as the call does (a dialog shows it). */
export async function deleteToBin(id: string, name: string, t: TFunction): Promise<void> {
  await documentCalls.remove(id);
  await refreshDocuments();
  notify.undoable(t('docs.binned', { name }), t('docs.undo'), () => void restoreFromBin(id, name, t));
}
