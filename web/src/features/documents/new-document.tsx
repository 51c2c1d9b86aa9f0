/** Creating a document of any kind, at the end of the chosen folder (or the top level). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DOCUMENT_DEFAULTS, DOCUMENT_TYPES, type DocumentTreeNode, type DocumentType } from '../../../../shared/schemas/document';
import { Field, FormDialog } from '../../components/ui';
import { api, isApiError, queryClient } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';
import { toast } from '../../components/toast';

/** A kind's starting content; an HTTP API needs its path and description before it can be created. */
const STARTERS: Partial<Record<DocumentType, Record<string, unknown>>> = {
  api: { method: 'GET', path: '/', description: '-' },
  embed: { url: 'https://', width: '100%', height: 600 },
  link: { url: 'https://' },
};

function folders(nodes: DocumentTreeNode[], depth = 0): { id: string; label: string }[] {
  return nodes.flatMap((n) => (n.type === 'folder' ? [{ id: n.id, label: `${'\u00a0\u00a0'.repeat(depth)}▸ ${n.name}` }, ...folders(n.children, depth + 1)] : []));
}

function childrenOf(nodes: DocumentTreeNode[], id: string): DocumentTreeNode[] | undefined {
  for (const n of nodes) {
    if (n.id === id) return n.children;
    const found = childrenOf(n.children, id);
    if (found) return found;
  }
  return undefined;
}

export function NewDocumentDialog(props: { projectId: string; tree: DocumentTreeNode[]; parentId?: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [name, setName] = useState(DOCUMENT_DEFAULTS.name);
  const [type, setType] = useState<DocumentType>('doc');
  const [parentId, setParentId] = useState(props.parentId ?? props.projectId);
  const [busy, setBusy] = useState(false);
  const { errors, fromServer } = useFieldErrors();
  async function submit() {
    setBusy(true);
    try {
      const siblings = parentId === props.projectId ? props.tree : (childrenOf(props.tree, parentId) ?? []);
      const created = await api.call(
        'document.create',
        { body: { projectId: props.projectId, parentId, preId: siblings.at(-1)?.id ?? '0', name, type, content: STARTERS[type] ?? {} } },
        { ignoreMessage: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['document.tree'] });
      props.onClose();
      void navigate(`/project/${props.projectId}/${created.id}${type === 'folder' ? '' : '/edit'}`);
    } catch (err) {
      if (!fromServer(err)) toast.error(isApiError(err) ? err.message : t('api.busy'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <FormDialog title={t('docs.new')} open onClose={props.onClose} onSubmit={submit} submitLabel={t('common.create')} busy={busy}>
      <Field label={t('docs.title')} error={errors.name}>
        {(id, d) => <input id={id} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
      </Field>
      <Field label={t('docs.kind')}>
        {(id) => (
          <select id={id} value={type} onChange={(e) => setType(e.target.value as DocumentType)}>
            {DOCUMENT_TYPES.filter((k) => k !== 'softlink').map((k) => (
              <option key={k} value={k}>
                {t(`docs.kinds.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('docs.parent')}>
        {(id) => (
          <select id={id} value={parentId} onChange={(e) => setParentId(e.target.value)}>
            <option value={props.projectId}>{t('docs.topLevel')}</option>
            {folders(props.tree).map((f) => (
              <option key={f.id} value={f.id}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </FormDialog>
  );
}
