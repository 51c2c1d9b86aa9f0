/**
 * A project's landing page (issue 37: it was an empty "pick a document"): what the project holds by kind, its
 * latest saves with who saved and when, and links to what people start with. An empty project says how to begin.
 */
import { CloudServerOutlined, ImportOutlined, PlusOutlined, ShareAltOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Statistic, Typography } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { atLeast } from '@shared/access';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DOCUMENT_TYPES } from '@shared/schemas/document-kinds';
import type { ProjectView } from '@shared/schemas/project';
import { LinkButton } from '../../components/link-button';
import { useRecentChanges } from '../../features/documents/api';
import { displayComment, displayName, KIND_ICON } from '../../features/documents/lib/kinds';
import { countByKind } from '../../features/documents/lib/tree-ids';
import { formatDate } from '../../lib/dates';
import { useTitle } from '../../lib/title';
import { paths } from '../../paths';
import type { WorkspaceState } from './use-workspace';

// Watching the project (issue 38): its changes and comments reach the bell.
const WatchButton = lazy(() => import('../../features/comments/components/watch-button').then((m) => ({ default: m.WatchButton })));

export function ProjectOverview({ ws, project, onNewDocument }: { ws: WorkspaceState; project: ProjectView; onNewDocument: () => void }) {
  const { t } = useTranslation();
  useTitle(project.name);
  const empty = !!ws.tree.data && !ws.nodes.length;
  return (
    <section className="overview" aria-label={project.name}>
      <Typography.Title level={1}>{project.name}</Typography.Title>
      {ws.signedIn && atLeast(project.role, 'view') ? (
        <Suspense fallback={null}>
          <WatchButton targetId={project.id} />
        </Suspense>
      ) : null}
      <Typography.Paragraph type="secondary">{project.description || t('projects.noDescription')}</Typography.Paragraph>
      {empty ? (
        <Empty
          description={
            <>
              <strong>{t('projectView.noDocuments')}</strong>
              <br />
              {ws.can.edit ? t('docs.startHint') : t('projectView.noDocumentsText')}
            </>
          }
        >
          {ws.can.edit ? (
            <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onNewDocument}>
              {t('docs.new')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <div className="overview-grid">
          <KindCounts ws={ws} />
          {ws.can.recentChanges ? <RecentChanges ws={ws} /> : null}
        </div>
      )}
      <QuickLinks ws={ws} onNewDocument={empty ? undefined : onNewDocument} />
    </section>
  );
}

/** How many documents of each kind the project holds; kinds it has none of are left out. */
function KindCounts({ ws }: { ws: WorkspaceState }) {
  const { t } = useTranslation();
  const counts = useMemo(() => countByKind(ws.nodes), [ws.nodes]);
  const documents = [...counts].reduce((sum, [kind, count]) => (kind === 'folder' ? sum : sum + count), 0);
  return (
    <Card title={<h2 className="card-title">{t('workspace.overview.counts')}</h2>} size="small">
      <Typography.Paragraph>{t('workspace.overview.total', { count: documents })}</Typography.Paragraph>
      <ul className="overview-counts" aria-label={t('workspace.overview.counts')}>
        {DOCUMENT_TYPES.filter((kind) => counts.get(kind)).map((kind) => (
          <li key={kind}>
            <Statistic title={t(`docs.kinds.${kind}`)} value={counts.get(kind)} prefix={KIND_ICON[kind]} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The latest saves: the document (a link), the save's note, who saved it and when. */
function RecentChanges({ ws }: { ws: WorkspaceState }) {
  const { t } = useTranslation();
  const recent = useRecentChanges(ws.projectId, ws.version);
  return (
    <Card title={<h2 className="card-title">{t('workspace.overview.recent')}</h2>} size="small" loading={recent.isPending}>
      {recent.data?.length ? (
        <ul className="overview-recent" aria-label={t('workspace.overview.recent')}>
          {recent.data.map((change) => (
            <li key={change.id}>
              <span className="overview-recent-kind">{KIND_ICON[change.type]}</span>
              <div>
                <Link to={ws.linkOf(change.id)}>{displayName(change.name, t)}</Link>
                <Typography.Text type="secondary" className="overview-recent-who">
                  {t('workspace.overview.savedBy', { name: change.updatedByName, date: formatDate(change.updatedAt) })}
                </Typography.Text>
                <Typography.Text type="secondary">{displayComment(change, t)}</Typography.Text>
              </div>
            </li>
          ))}
        </ul>
      ) : recent.isError ? null : (
        <Typography.Paragraph type="secondary">{t('workspace.overview.noRecent')}</Typography.Paragraph>
      )}
    </Card>
  );
}

/** Where people start: each link only for a reader who may use it. */
function QuickLinks({ ws, onNewDocument }: { ws: WorkspaceState; onNewDocument?: () => void }) {
  const { t } = useTranslation();
  const { can, projectId } = ws;
  const links = [
    can.edit && onNewDocument ? (
      <Button key="new" icon={<PlusOutlined aria-hidden />} onClick={onNewDocument}>
        {t('workspace.overview.newDocument')}
      </Button>
    ) : null,
    can.edit ? (
      <LinkButton key="import" to={paths.importPage.href({ projectId })} icon={<ImportOutlined aria-hidden />}>
        {t('workspace.overview.import')}
      </LinkButton>
    ) : null,
    can.share ? (
      <LinkButton key="share" to={paths.shares.href(projectId)} icon={<ShareAltOutlined aria-hidden />}>
        {t('workspace.overview.share')}
      </LinkButton>
    ) : null,
    can.settings && can.edit ? (
      <LinkButton key="mock" to={paths.projectSettings.href(projectId, 'info')} icon={<ThunderboltOutlined aria-hidden />}>
        {t('workspace.overview.mock')}
      </LinkButton>
    ) : null,
    can.environments ? (
      <LinkButton key="environments" to={paths.environments.href(projectId)} icon={<CloudServerOutlined aria-hidden />}>
        {t('workspace.overview.environments')}
      </LinkButton>
    ) : null,
  ].filter(Boolean);
  if (!links.length) return null;
  return (
    <nav aria-label={t('workspace.overview.links')} className="overview-quick">
      <h2 className="card-title">{t('workspace.overview.links')}</h2>
      <div className="overview-links">{links}</div>
    </nav>
  );
}
