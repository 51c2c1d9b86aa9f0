/** One document: view, edit (save with Ctrl+S), delete, and its history with view and restore. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DocumentTreeNode, DocumentView, HistoryEntry, TypedContent } from '../../../../shared/schemas/document';
import { Field, Spinner } from '../../components/ui';
import { toast } from '../../components/toast';
import { ConfirmDialog } from '../projects/dialogs';
import { api, isApiError, queryClient, useApiQuery } from '../../lib/api';
import { useFieldErrors } from '../../lib/form';
import { ContentEditor, type Content } from './editor';
import { DocumentBody } from './viewer';

const refresh = () =>
  Promise.all(['document.tree', 'document.get', 'document.history'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })));

function History({ doc, canEdit }: { doc: DocumentView; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const entries = useApiQuery('document.history', { params: { id: doc.id } });
  const [shown, setShown] = useState<string | null>(null);
  const entry = useApiQuery('document.historyGet', { params: { id: doc.id, historyId: shown ?? '' } }, { enabled: !!shown });
  if (entries.isPending) return <Spinner />;
  const restore = async (historyId: string) => {
    await api.call('document.historyRevert', { params: { id: historyId } });
    toast.success(t('docs.restored'));
    setShown(null);
    await refresh();
  };
  return (
    <aside className="history" aria-label={t('docs.history')}>
      <h3>{t('docs.history')}</h3>
      {!entries.data?.length ? <p className="muted">{t('docs.noHistory')}</p> : null}
      <ol>
        {(entries.data ?? []).map((h: HistoryEntry) => (
          <li key={h.id}>
            <div>
              <strong>{h.comment || t('docs.noComment')}</strong>
              <small className="muted">
                {' '}
                {h.editorName} · {new Date(h.savedAt).toLocaleString(i18n.language === 'zh' ? 'zh-CN' : 'en')}
              </small>
            </div>
            <button type="button" className="text-button" onClick={() => setShown(h.id)}>
              {t('docs.viewVersion')}
            </button>
            {canEdit && (
              <button type="button" className="text-button" onClick={() => void restore(h.id).catch(() => undefined)}>
                {t('docs.restore')}
              </button>
            )}
          </li>
        ))}
      </ol>
      {shown && entry.data ? (
        <div className="compare">
          <div>
            <h4>{t('docs.thatVersion', { name: entry.data.name })}</h4>
            <DocumentBody doc={{ ...doc, name: entry.data.name, ...({ type: entry.data.type, content: entry.data.content } as TypedContent) }} />
          </div>
          <div>
            <h4>{t('docs.current')}</h4>
            <DocumentBody doc={doc} />
          </div>
        </div>
      ) : null}
    </aside>
  );
}

function Editor({ doc, onDone }: { doc: DocumentView; onDone: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(doc.name);
  const [comment, setComment] = useState('');
  const [content, setContent] = useState<Content>((doc.content ?? {}) as Content);
  const [busy, setBusy] = useState(false);
  const { errors, fromServer } = useFieldErrors();
  const save = useRef<() => Promise<void>>(async () => undefined);
  const doSave = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await api.call('document.update', { body: { id: doc.id, rev: doc.rev, name, comment, content } }, { ignoreMessage: true });
      toast.success(t('common.saved'));
      await refresh();
      onDone();
    } catch (err) {
      if (!fromServer(err)) toast.error(isApiError(err) ? err.message : t('api.busy'));
    } finally {
      setBusy(false);
    }
  };
  // Ctrl+S calls the latest save, with the latest form values.
  useEffect(() => {
    save.current = doSave;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        void save.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <form
      className="doc-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void doSave();
      }}
      noValidate
    >
      <div className="editor-head">
        <Field label={t('docs.title')} error={errors.name}>
          {(id, d) => <input id={id} aria-describedby={d} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={t('docs.comment')}>
          {(id) => <input id={id} value={comment} placeholder={t('docs.commentHint')} onChange={(e) => setComment(e.target.value)} />}
        </Field>
      </div>
      <ContentEditor projectId={doc.projectId} type={doc.type} content={content} onChange={setContent} errors={errors} />
      <div className="editor-actions">
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button-primary" disabled={busy} title="Ctrl+S">
          {t('common.save')} (Ctrl+S)
        </button>
      </div>
    </form>
  );
}

export function DocumentPanel(props: { projectId: string; docId: string; editing: boolean; canEdit: boolean; tree: DocumentTreeNode[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const doc = useApiQuery('document.get', { params: { id: props.docId } });
  const [panel, setPanel] = useState<'history' | 'delete' | null>(null);
  if (doc.isPending) return <Spinner />;
  if (doc.error) return <p className="form-error">{doc.error.message}</p>;
  const base = `/project/${props.projectId}/${props.docId}`;
  return (
    <article className="doc" aria-label={doc.data.name}>
      <header className="doc-header">
        <h1>{doc.data.name}</h1>
        <div className="toolbar">
          <span className="muted">
            {t('docs.lastSaved', { name: doc.data.updatedByName, rev: doc.data.rev })}
          </span>
          <button type="button" className="button" aria-pressed={panel === 'history'} onClick={() => setPanel(panel === 'history' ? null : 'history')}>
            {t('docs.history')}
          </button>
          {props.canEdit && !props.editing && (
            <>
              <button type="button" className="button button-primary" onClick={() => void navigate(`${base}/edit`)}>
                {t('docs.edit')}
              </button>
              <button type="button" className="button button-danger" onClick={() => setPanel('delete')}>
                {t('projects.delete')}
              </button>
            </>
          )}
        </div>
      </header>
      {props.editing && props.canEdit ? <Editor key={`${doc.data.id}-${doc.data.rev}`} doc={doc.data} onDone={() => void navigate(base)} /> : <DocumentBody doc={doc.data} />}
      {panel === 'history' && <History doc={doc.data} canEdit={props.canEdit} />}
      {panel === 'delete' && (
        <ConfirmDialog
          title={t('projects.delete')}
          message={doc.data.type === 'folder' ? t('docs.deleteFolderConfirm', { name: doc.data.name }) : t('docs.deleteConfirm', { name: doc.data.name })}
          confirmLabel={t('projects.delete')}
          danger
          onConfirm={() => api.call('document.delete', { params: { id: props.docId } }).then(() => refresh()).then(() => navigate(`/project/${props.projectId}`))}
          onClose={() => setPanel(null)}
        />
      )}
    </article>
  );
}
