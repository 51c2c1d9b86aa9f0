import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { atLeast } from '@shared/access';
import { LIVE } from '@shared/schemas/compat';
import { ChangesReport } from '../../features/compat/components/changes-report';
import { useProject } from '../../features/projects/api';
import { useReleases } from '../../features/shares/api';
import { useTitle } from '../../lib/title';
import { paths } from '../../paths';
import { Workspace } from './workspace';
import '../../i18n/compat';

function Changes({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const project = useProject(projectId, { ignoreMessage: true });
  const releases = useReleases(projectId);
  useTitle(t('compat.title'), project.data?.name);
  const list = releases.data ?? [];
  // Without a `from`, the latest release against the live project.
  const from = search.get('from') ?? list[0]?.version;
  const to = search.get('to') ?? LIVE;
  return (
    <section className="changes-page" aria-labelledby="changes-title">
      <Typography.Title level={1} id="changes-title">
        {t('compat.title')}
      </Typography.Title>
      {releases.data ? (
        <ChangesReport
          projectId={projectId}
          releases={list}
          from={from}
          to={to}
          onPick={(f, nextTo) => void navigate(paths.changes.href(projectId, { from: f, to: nextTo }), { replace: true })}
          canAccept={atLeast(project.data?.role, 'edit') && project.data?.state === 'active'}
        />
      ) : null}
    </section>
  );
}

/** `/project/{id}/changes?from=1.0.0&to=live`: the compatibility report inside the workspace, beside the tree. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <Workspace projectId={id} editing={false}>
      <Changes projectId={id} />
    </Workspace>
  );
}
