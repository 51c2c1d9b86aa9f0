import { atLeast } from '../../../shared/access';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, LanguageSwitch, Logo, Spinner } from '../components/ui';
import { DocumentPanel } from '../features/documents/document-panel';
import { NewDocumentDialog } from '../features/documents/new-document';
import { DocumentTree } from '../features/documents/tree';
import { useApiQuery } from '../lib/api';
import { sessionToken } from '../lib/cookies';

/** A project's page (public projects open to anyone): the document tree and the selected document. */
export function Component() {
  const { t } = useTranslation();
  const { id = '', doc, mode } = useParams();
  const signedIn = !!sessionToken();
  const project = useApiQuery('project.get', { params: { id } }, { ignoreMessage: true, ignoreRedirect: !signedIn });
  const tree = useApiQuery('document.tree', { params: { projectId: id } }, { enabled: !!project.data, ignoreMessage: true });
  const [creating, setCreating] = useState(false);
  const canEdit = atLeast(project.data?.role, 'edit');
  const editing = mode === 'edit';

  return (
    <div className="project-page">
      <header className="console-header">
        <Link to={signedIn ? '/dashboard' : '/'}>
          <Logo small />
        </Link>
        {project.data ? (
          <Link className="project-title" to={`/project/${id}`}>
            {project.data.name}
          </Link>
        ) : null}
        <div className="user-menu">
          <LanguageSwitch />
          {canEdit ? (
            <>
              <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
                {t('docs.new')}
              </button>
              <Link className="button" to={`/dashboard/project/${id}/info`}>
                {t('projects.settings')}
              </Link>
            </>
          ) : null}
        </div>
      </header>
      {project.isPending ? (
        <Spinner />
      ) : project.error ? (
        <main className="project-main">
          <EmptyState
            icon="lock"
            title={project.error.code === 41000 ? t('projectView.signIn') : project.error.message}
            action={<Link to={`/login?f=${encodeURIComponent(`/project/${id}`)}`}>{t('home.login')}</Link>}
          />
        </main>
      ) : (
        <div className="project-body">
          <aside className="project-side">{tree.data ? <DocumentTree projectId={id} nodes={tree.data} selected={doc} canEdit={canEdit} /> : <Spinner />}</aside>
          <main className="project-content">
            {doc ? (
              <DocumentPanel key={doc} projectId={id} docId={doc} editing={editing} canEdit={canEdit} tree={tree.data ?? []} />
            ) : tree.data?.length ? (
              <>
                <h1>{project.data.name}</h1>
                <p className="muted">{project.data.description || t('projects.noDescription')}</p>
                <p>{t('docs.pick')}</p>
              </>
            ) : (
              <EmptyState icon="document" title={t('projectView.noDocuments')} description={canEdit ? t('docs.startHint') : t('projectView.noDocumentsText')} />
            )}
          </main>
        </div>
      )}
      {creating && tree.data ? <NewDocumentDialog projectId={id} tree={tree.data} onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
