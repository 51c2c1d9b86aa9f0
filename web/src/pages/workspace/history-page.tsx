import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { atLeast } from '@shared/access';
import { documentOfHistory, historyIdSchema } from '@shared/schemas/document';
import { LinkButton } from '../../components/link-button';
import { PageLoading } from '../../components/page-loading';
import { useDocument, useHistoryEntry } from '../../features/documents/api';
import { HistoryEntry } from '../../features/documents/components/history-entry';
import { displayName } from '../../features/documents/lib/kinds';
import { useProject } from '../../features/projects/api';
import { errorMessage } from '../../lib/form';
import { useTitle } from '../../lib/title';
import { paths } from '../../paths';
import { NotFound } from '../error-page';
import { Workspace } from './workspace';

function Entry({ projectId, docId, historyId }: { projectId: string; docId: string; historyId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const project = useProject(projectId, { ignoreMessage: true });
  const doc = useDocument(docId);
  const entry = useHistoryEntry(docId, historyId);
  const name = doc.data ? displayName(doc.data.name, t) : '';
  useTitle(entry.data ? t('history.rev', { rev: entry.data.rev }) : undefined, name, project.data?.name);
  if (doc.error || entry.error) return <Alert type="error" showIcon title={errorMessage(doc.error ?? entry.error)} />;
  if (!doc.data || !entry.data) return <PageLoading />;
  const canEdit = atLeast(project.data?.role, 'edit') && project.data?.state === 'active';
  return (
    <article className="doc" aria-label={t('history.pageTitle', { name, rev: entry.data.rev })}>
      <Flex justify="space-between" align="center" wrap gap={8} className="doc-header">
        <Typography.Title level={1} className="doc-title">
          {t('history.pageTitle', { name, rev: entry.data.rev })}
        </Typography.Title>
        <LinkButton to={paths.document.href(projectId, docId)} icon={<ArrowLeftOutlined aria-hidden />}>
          {t('history.back')}
        </LinkButton>
      </Flex>
      <HistoryEntry
        current={doc.data}
        entry={entry.data}
        canEdit={canEdit}
        onRestored={() => void navigate(paths.document.href(projectId, docId))}
      />
    </article>
  );
}

/** `/project/{projectId}/{docId}/history/{historyId}`: one preserved version as a page of its own. */
export function Component() {
  const { projectId = '', docId = '', historyId = '' } = useParams();
  if (!historyIdSchema.safeParse(historyId).success || documentOfHistory(historyId) !== docId) return <NotFound />;
  return (
    <Workspace projectId={projectId} docId={docId} editing={false}>
      <Entry projectId={projectId} docId={docId} historyId={historyId} />
    </Workspace>
  );
}
