import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { useProject } from '../../features/projects/api';
import { useTitle } from '../../lib/title';
import { ProjectShares } from '../shares/manage';
import { Workspace } from './workspace';

function Shares({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const project = useProject(projectId, { ignoreMessage: true });
  useTitle(t('shares.title'), project.data?.name);
  return (
    <section className="shares-page" aria-labelledby="shares-title">
      <Typography.Title level={1} id="shares-title">
        {t('shares.title')}
      </Typography.Title>
      <QueryState query={project}>{project.data ? <ProjectShares project={project.data} /> : null}</QueryState>
    </section>
  );
}

/** `/project/{id}/share`: share management inside the workspace, beside the project's tree. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <Workspace projectId={id} editing={false}>
      <Shares projectId={id} />
    </Workspace>
  );
}
