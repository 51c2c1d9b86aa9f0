/** What the runner writes to the server: an API document's request scripts, saved with the document. */
import type { ApiContent, ApiScripts } from '@shared/schemas/document';
import { useApiMutation } from '../../../lib/api';

/**
 * Saves the scripts into the document's content, a new revision in its history like any save; the open document, its
 * history and the tree are read again after it. A save from an older revision is refused by the server.
 */
export function useSaveScripts() {
  const save = useApiMutation('document.update', {
    invalidates: ['document.get', 'document.history', 'document.tree'],
    ignoreMessage: true,
  });
  return {
    ...save,
    saveScripts: (doc: { id: string; rev: number; content: ApiContent }, scripts: ApiScripts) =>
      save.mutateAsync({ body: { id: doc.id, rev: doc.rev, comment: '', content: { ...doc.content, scripts } } }),
  };
}
