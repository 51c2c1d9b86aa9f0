import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { atLeast } from '@shared/access';
import { QueryState } from '../../components/query-state';
import { EnvironmentsManager } from '../../features/environments/components/environments-manager';
import { GlobalParamsEditor } from '../../features/environments/components/global-params-editor';
import { useProject } from '../../features/projects/api';
import { useTitle } from '../../lib/title';
import { Workspace } from './workspace';

function Page({ projectId, what }: { projectId: string; what: 'environments' | 'globals' }) {
  const { t } = useTranslation();
  const project = useProject(projectId, { ignoreMessage: true });
  const title = what === 'environments' ? t('env.title') : t('env.globals');
  useTitle(title, project.data?.name);
  const canEdit = atLeast(project.data?.role, 'edit') && project.data?.state === 'active';
  return (
    <section className="environments-page" aria-labelledby="environments-title">
      <Typography.Title level={1} id="environments-title">
        {title}
      </Typography.Title>
      <QueryState query={project}>
        {project.data ? (
          what === 'environments' ? (
            <EnvironmentsManager projectId={projectId} canEdit={canEdit} members={atLeast(project.data.role, 'view')} />
          ) : (
            <GlobalParamsEditor projectId={projectId} canEdit={canEdit} />
          )
        ) : null}
      </QueryState>
    </section>
  );
}

/** `/project/{id}/env`: the project's environments and their variables, inside the workspace. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <Workspace projectId={id} editing={false}>
      <Page projectId={id} what="environments" />
    </Workspace>
  );
}

/** `/project/{id}/global-param`: the project's global parameters, inside the workspace. */
export function GlobalParamsPage() {
  const { id = '' } = useParams();
  return (
    <Workspace projectId={id} editing={false}>
      <Page projectId={id} what="globals" />
    </Workspace>
  );
}
