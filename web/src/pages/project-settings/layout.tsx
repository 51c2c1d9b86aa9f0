import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import type { ProjectView } from '../../../../shared/schemas/project';
import { Spinner } from '../../components/ui';
import { useApiQuery } from '../../lib/api';

export interface ProjectSettingsContext {
  project: ProjectView;
}

/** Project settings (spec section 2): info, authority, share list, export, transfer, quit. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const project = useApiQuery('project.get', { params: { id } });
  const tab = (to: string, label: string) => (
    <NavLink to={`/dashboard/project/${id}/${to}`} className={({ isActive }) => `tab${isActive ? ' active' : ''}`}>
      {label}
    </NavLink>
  );
  if (project.isPending) return <Spinner />;
  if (project.error) return <p className="form-error">{project.error.message}</p>;
  return (
    <section className="settings">
      <h1>
        {t('projectSettings.title')} · {project.data.name}
      </h1>
      <nav className="tabs">
        {tab('info', t('projectSettings.info'))}
        {tab('auth', t('projectSettings.auth'))}
        {tab('share', t('projectSettings.share'))}
        {tab('export', t('projectSettings.export'))}
        {tab('style', t('projectSettings.style'))}
        {tab('transfer', t('projectSettings.transfer'))}
        {tab('quit', t('projectSettings.quit'))}
      </nav>
      <Outlet context={{ project: project.data } satisfies ProjectSettingsContext} />
    </section>
  );
}
