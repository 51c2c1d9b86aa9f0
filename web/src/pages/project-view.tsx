import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, LanguageSwitch, Logo, Spinner } from '../components/ui';
import { useApiQuery } from '../lib/api';
import { sessionToken } from '../lib/cookies';

/** A project's page: public projects open to anyone; the document tree and editors live here. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const project = useApiQuery('project.get', { params: { id } }, { ignoreMessage: true, ignoreRedirect: !sessionToken() });
  return (
    <div className="project-page">
      <header className="console-header">
        <Link to={sessionToken() ? '/dashboard' : '/'}>
          <Logo small />
        </Link>
        {project.data ? <strong className="project-title">{project.data.name}</strong> : null}
        <div className="user-menu">
          <LanguageSwitch />
          {project.data && (project.data.role === 'creator' || project.data.role === 'edit') ? (
            <Link className="button" to={`/dashboard/project/${id}/info`}>
              {t('projects.settings')}
            </Link>
          ) : null}
        </div>
      </header>
      <main className="project-main">
        {project.isPending ? (
          <Spinner />
        ) : project.error ? (
          <EmptyState icon="lock" title={project.error.code === 41000 ? t('projectView.signIn') : project.error.message} action={<Link to={`/login?f=${encodeURIComponent(`/project/${id}`)}`}>{t('home.login')}</Link>} />
        ) : (
          <>
            <p className="muted">{project.data.description || t('projects.noDescription')}</p>
            <EmptyState icon="document" title={t('projectView.noDocuments')} description={t('projectView.noDocumentsText')} />
          </>
        )}
      </main>
    </div>
  );
}
