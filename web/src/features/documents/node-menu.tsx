/** The tree's context menu (right click, or the ⋯ button): new inside a folder, rename, copy, delete. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { documentTitle, type DocumentTreeNode } from '../../../../shared/schemas/document';
import { Field, FormDialog } from '../../components/ui';
import { toast } from '../../components/toast';
import { api, isApiError, queryClient } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';
import { ConfirmDialog } from '../projects/dialogs';
import { NewDocumentDialog } from './new-document';

const refresh = () => Promise.all(['document.tree', 'document.get'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

export interface MenuTarget {
  node: DocumentTreeNode;
  x: number;
  y: number;
}

export function NodeMenu(props: { projectId: string; tree: DocumentTreeNode[]; target: MenuTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { node } = props.target;
  const [dialog, setDialog] = useState<'new' | 'rename' | 'delete' | null>(null);
  const [name, setName] = useState(node.name);
  const { errors, validate, fromServer } = useFieldErrors();

  useEffect(() => {
    if (dialog) return;
    const close = () => props.onClose();
    window.addEventListener('click', close);
    window.addEventListener('keydown', close);
    return () => {
      window.removeEventListener('click', close);
      window.removeEventListener('keydown', close);
    };
  }, [dialog, props]);

  const fail = (err: unknown) => toast.error(isApiError(err) ? err.message : t('api.busy'));
  const copy = async () => {
    try {
      const created = await api.call('document.copy', { body: { id: node.id } }, { ignoreMessage: true });
      await refresh();
      void navigate(`/project/${props.projectId}/${created.id}`);
    } catch (err) {
      fail(err);
    }
    props.onClose();
  };
  const rename = async () => {
    const valid = validate(documentTitle, name, t);
    if (valid === undefined) return;
    try {
      // A rename starts from the latest revision: the tree may be older than the document.
      const { rev } = await api.call('document.get', { params: { id: node.id } });
      await api.call('document.update', { body: { id: node.id, rev, name: valid } }, { ignoreMessage: true });
      await refresh();
      props.onClose();
    } catch (err) {
      if (!fromServer(err)) fail(err);
    }
  };
  const item = (label: string, onClick: () => void) => (
    <button
      type="button"
      role="menuitem"
      onClick={(e) => {
        e.stopPropagation();
        onClick();
      }}
    >
      {label}
    </button>
  );

  return (
    <>
      {!dialog && (
        <div className="context-menu" role="menu" aria-label={t('docs.menuFor', { name: node.name })} style={{ left: props.target.x, top: props.target.y }}>
          {node.type === 'folder' && item(t('docs.newInside'), () => setDialog('new'))}
          {item(t('projects.rename'), () => setDialog('rename'))}
          {item(t('docs.copy'), () => void copy())}
          {item(t('projects.delete'), () => setDialog('delete'))}
        </div>
      )}
      {dialog === 'new' && <NewDocumentDialog projectId={props.projectId} tree={props.tree} parentId={node.id} onClose={props.onClose} />}
      {dialog === 'rename' && (
        <FormDialog title={t('projects.rename')} open onClose={props.onClose} onSubmit={rename} submitLabel={t('common.save')}>
          <Field label={t('docs.title')} error={errors.name ?? errors._}>
            {(id, d) => <input id={id} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} autoFocus />}
          </Field>
        </FormDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('projects.delete')}
          message={node.type === 'folder' ? t('docs.deleteFolderConfirm', { name: node.name }) : t('docs.deleteConfirm', { name: node.name })}
          confirmLabel={t('projects.delete')}
          danger
          onConfirm={() => api.call('document.delete', { params: { id: node.id } }).then(refresh).then(() => navigate(`/project/${props.projectId}`))}
          onClose={props.onClose}
        />
      )}
    </>
  );
}
