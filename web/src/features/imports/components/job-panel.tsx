/** A running import: its real progress from the job, then its report with links to what changed, or its error. */
import { Alert, Button, Flex, List, Progress, Statistic, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ImportJobView } from '@shared/schemas/import';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';
import { WarningList } from './warning-list';
import '../../../i18n/imports';

export function UploadProgress({ fraction }: { fraction: number }) {
  const { t } = useTranslation();
  return (
    <div className="import-progress">
      <Typography.Text>{t('imports.states.uploading')}</Typography.Text>
      <Progress percent={Math.round(fraction * 100)} status="active" aria-label={t('imports.uploadProgress')} />
    </div>
  );
}

/** `verdict`: what the import changes for the API's clients (the page composes the compatibility feature's view). */
export function JobPanel({ job, onAgain, verdict }: { job: ImportJobView; onAgain: () => void; verdict?: ReactNode }) {
  const { t } = useTranslation();
  const { done, total } = job.progress;
  if (job.state === 'failed')
    return (
      <Flex vertical gap={12}>
        <Alert type="error" showIcon role="alert" title={t('imports.failed', { message: job.error?.message ?? '' })} />
        <div>
          <Button onClick={onAgain}>{t('imports.again')}</Button>
        </div>
      </Flex>
    );
  if (job.state !== 'done' || !job.report)
    return (
      <div className="import-progress" role="status">
        <Typography.Text>
          {t(`imports.states.${job.state}`)}
          {total ? ` ${t('imports.progressOf', { done, total })}` : ''}
        </Typography.Text>
        <Progress percent={total ? Math.floor((done / total) * 100) : 0} status="active" aria-label={t('imports.jobProgress')} />
      </div>
    );
  const { report } = job;
  return (
    <section aria-labelledby="import-report" className="import-report">
      <Typography.Title level={2} id="import-report">
        {job.options.dryRun ? t('imports.dryRunReport') : t('imports.report')}
      </Typography.Title>
      <Flex gap={32} wrap className="import-report-counts">
        {(['created', 'updated', 'skipped', 'deleted', 'failed'] as const).map((key) => (
          <Statistic key={key} title={t(`imports.reportCounts.${key}`)} value={report[key]} />
        ))}
      </Flex>
      {verdict}
      {report.warnings.length ? (
        <>
          <Typography.Title level={3}>
            {t('imports.warnings', {
              count: report.warningCounts ? Object.values(report.warningCounts).reduce((n, c) => n + c, 0) : report.warnings.length,
            })}
          </Typography.Title>
          <WarningList warnings={report.warnings} counts={report.warningCounts} />
        </>
      ) : null}
      {report.conflicts?.length ? (
        <>
          <Typography.Title level={3}>{t('imports.fieldConflicts', { count: report.conflicts.length })}</Typography.Title>
          <List
            size="small"
            className="import-conflicts"
            dataSource={report.conflicts}
            renderItem={(c) => (
              <List.Item>
                <Flex vertical gap={2}>
                  <span>
                    <strong>{c.name}</strong> · <code>{c.field}</code> · {t(`imports.conflictKept.${c.kept}`)}
                  </span>
                  <Typography.Text type="secondary">
                    {t('imports.conflictOurs')}: {c.ours}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('imports.conflictTheirs')}: {c.theirs}
                  </Typography.Text>
                </Flex>
              </List.Item>
            )}
          />
        </>
      ) : null}
      {report.changes.length ? (
        <>
          <Typography.Title level={3}>{t('imports.changes')}</Typography.Title>
          <List
            size="small"
            className="import-changes"
            dataSource={report.changes}
            renderItem={(c) => (
              <List.Item>
                <span>
                  <Tag>{t(`imports.changeActions.${c.action}`)}</Tag>
                  {c.action === 'deleted' || job.options.dryRun ? (
                    c.name
                  ) : (
                    <Link to={paths.document.href(job.projectId, c.documentId)}>{c.name}</Link>
                  )}
                </span>
              </List.Item>
            )}
          />
        </>
      ) : null}
      <Flex gap={8} wrap>
        <LinkButton type="primary" to={paths.project.href(job.projectId)}>
          {t('imports.openProject')}
        </LinkButton>
        <Button onClick={onAgain}>{t('imports.again')}</Button>
      </Flex>
    </section>
  );
}
