/**
 * The mock editor's state: the settings as saved and as edited (a draft that keeps what was typed for each type),
 * the server's messages by field (cleared as a field is edited), and Save.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockConfigView } from '@shared/schemas/mock';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSaveMockConfig } from '../api';
import { draftOf, sameSettings, settingsOf, type MockDraft } from '../lib/draft';

/** Fields the editor shows a server message at; any other goes to the list above the form. */
const PLACED = /^(body|status|delay)$|^headers\.\d+\.(name|value)$|^expectations\.\d+\./;

export function useMockEditor(target: { projectId: string; docId: string; readOnly: boolean }, initial: MockConfigView) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState(initial);
  const [draft, setDraft] = useState<MockDraft>(() => draftOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saving = useSaveMockConfig();
  const dirty = useMemo(() => !sameSettings(draft, draftOf(saved)), [draft, saved]);

  /** The server's messages about a field no longer apply once it is edited. */
  const clearErrors = (fields: string[]) =>
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !fields.some((c) => f === c || f.startsWith(`${c}.`)))));
  const change = (next: MockDraft, clear: string[] = []) => {
    setDraft(next);
    if (clear.length) clearErrors(clear);
  };

  async function save() {
    if (target.readOnly || saving.isPending) return;
    try {
      const result = await saving.mutateAsync({ body: { projectId: target.projectId, docId: target.docId, ...settingsOf(draft) } });
      const next = draftOf(result);
      setSaved(result);
      // What was typed for the other types stays for this session.
      setDraft((current) => ({ ...next, bodies: { ...current.bodies, ...next.bodies } }));
      setErrors({});
      notify.success(t('mock.saved'));
    } catch (error) {
      const fields =
        isApiError(error) && error.code === 45002 ? (error.data as { fields?: Record<string, string> } | null)?.fields : undefined;
      if (fields && Object.keys(fields).length) {
        setErrors(fields);
        notify.error(t('mock.fixErrors'));
      } else {
        notify.error(errorMessage(error));
      }
    }
  }

  return {
    saved,
    draft,
    errors,
    unplaced: Object.entries(errors).filter(([field]) => !PLACED.test(field)),
    dirty,
    saving: saving.isPending,
    change,
    clearErrors,
    save,
  };
}

export type MockEditorState = ReturnType<typeof useMockEditor>;
