/** Deleting a document moves it to its project's bin (issue 27): right after, a toast offers to undo it. */
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useBinDocument, useUnbinDocument } from '../api';

export function useDocumentBinning() {
  const { t } = useTranslation();
  const bin = useBinDocument();
  const unbin = useUnbinDocument();

  /** Puts a binned document back; says where it went (its place, or the top level when that place is gone). */
  async function restoreFromBin(id: string, name: string, wasAt?: string): Promise<boolean> {
    try {
      const restored = await unbin.mutateAsync({ params: { id } });
      const movedToTop = wasAt !== undefined && restored.parentId !== wasAt;
      notify.success(t(movedToTop ? 'documentBin.restoredToTop' : 'docs.undone', { name }));
      return true;
    } catch (err) {
      notify.error(errorMessage(err));
      return false;
    }
  }

  /**
   * Deletes (to the bin) and offers "Undo" in the toast that says so. Rejects as the call does (a dialog shows it).
   * The undo may come after the dialog has closed: a mutation still runs (and refreshes) once its component is gone.
   */
  async function deleteToBin(id: string, name: string): Promise<void> {
    await bin.mutateAsync({ params: { id } });
    notify.undoable(t('docs.binned', { name }), t('docs.undo'), () => void restoreFromBin(id, name));
  }

  return { deleteToBin, restoreFromBin };
}
