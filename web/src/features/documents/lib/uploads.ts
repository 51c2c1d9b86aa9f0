/** Choosing a file and uploading it (documents' images and attachments, a team's logo, an avatar), with a toast. */
import { useCallback } from 'react';
import type { FileKind } from '@shared/files';
import type { StoredFile } from '@shared/schemas/file';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../i18n';
import { isApiError } from '../../../lib/api';
import { UploadRefused, useUpload, type UploadTarget } from '../api/uploads';

export type { UploadTarget };

/** Opens the file chooser; resolves with the chosen file (nothing when the user cancels). */
function chooseFile(accept?: string): Promise<File | undefined> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (accept) input.accept = accept;
    input.onchange = () => resolve(input.files?.[0]);
    input.addEventListener('cancel', () => resolve(undefined));
    input.click();
  });
}

const IMAGE_ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Chooses and uploads a file, telling the user how it went; API errors are already shown by the client. Stable, so
 * an editor can hand it to handlers it builds once.
 */
export function useChooseAndUpload() {
  const { mutateAsync: upload } = useUpload();
  return useCallback(
    async (to: UploadTarget, kind: FileKind): Promise<StoredFile | undefined> => {
      const file = await chooseFile(kind === 'image' ? IMAGE_ACCEPT : undefined);
      if (!file) return undefined;
      const busy = notify.progress(i18n.t('upload.uploading', { name: file.name }));
      try {
        return await upload({ to, kind, file });
      } catch (err) {
        if (!isApiError(err)) notify.error(err instanceof UploadRefused ? err.message : i18n.t('upload.failed'));
        return undefined;
      } finally {
        notify.done(busy);
      }
    },
    [upload],
  );
}
