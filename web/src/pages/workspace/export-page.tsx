import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMatch, useParams } from 'react-router';
import { ProjectExport } from '../exports/project-export';
import { useProject } from '../../features/projects/api';
import { useTitle } from '../../lib/title';
import { paths } from '../../paths';
import { Workspace } from './workspace';
import '../../i18n/exports';

function Export({ projectId, chosen }: { projectId: string; chosen: boolean }) {
  const { t } = useTranslation();
  const project = useProject(projectId, { ignoreMessage: true });
  useTitle(t('exports.title'), project.data?.name);
  return (
    <section className="export-page" aria-labelledby="export-title">
      <Typography.Title level={1} id="export-title">
        {t('exports.title')}
      </Typography.Title>
      <ProjectExport projectId={projectId} initialScope={chosen ? 'chosen' : 'whole'} />
    </section>
  );
}

/**
 * `/project/{id}/export` (the whole project) and `/project/{id}/export/export-item` (chosen documents): the
 * export screen inside the workspace, beside the project's tree.
 */
export function Component() {
  const { id = '' } = useParams();
  const chosen = !!useMatch(paths.exportPage.itemPattern);
  return (
    <Workspace projectId={id} editing={false}>
      <Export key={String(chosen)} projectId={id} chosen={chosen} />
    </Workspace>
  );
}
