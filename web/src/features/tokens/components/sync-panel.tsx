import { Card, Empty, List, Space, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportHistoryEntry } from '@shared/schemas/open';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import '../../../i18n/tokens';
import { useImportHistory } from '../api';

const STATE_COLOR = { uploading: 'default', queued: 'default', running: 'blue', done: 'green', failed: 'red' } as const;

/** The project's last imports: when, by whom or by which token, what changed, the warnings (issue 26). */
export function SyncPanel({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const history = useImportHistory(projectId);
  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <Typography.Title level={2} id={`${id}-title`} className="settings-card-title">
          {t('tokens.sync.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('tokens.sync.text')}</Typography.Paragraph>
        <QueryState query={history}>
          {history.data?.imports.length ? (
            <List<ImportHistoryEntry>
              dataSource={history.data.imports}
              renderItem={(job) => (
                <List.Item data-testid="sync-entry">
                  <Space direction="vertical" size={4} style={{ width: '100%' }}>
                    <Space wrap>
                      <Tag color={STATE_COLOR[job.state]}>{t(`tokens.sync.states.${job.state}`)}</Tag>
                      <Typography.Text strong>{job.source}</Typography.Text>
                      <Typography.Text type="secondary">{formatDate(job.createdAt)}</Typography.Text>
                      <Typography.Text>
                        {job.by.kind === 'token' ? t('tokens.sync.byToken', { name: job.by.name }) : job.by.name}
                      </Typography.Text>
                      {job.options.dryRun ? <Tag>{t('tokens.sync.dryRun')}</Tag> : null}
                    </Space>
                    {job.report ? <Typography.Text>{t('tokens.sync.counts', job.report)}</Typography.Text> : null}
                    {job.error ? <Typography.Text type="danger">{job.error.message}</Typography.Text> : null}
                    {job.report?.warnings.length ? (
                      <details>
                        <summary>
                          {t('tokens.sync.warnings')} ({job.report.warnings.length})
                        </summary>
                        <ul>
                          {job.report.warnings.map((w, i) => (
                            <li key={i}>
                              <Typography.Text code>{w.pointer || '/'}</Typography.Text> {w.message}
                            </li>
                          ))}
                        </ul>
                      </details>
                    ) : null}
                  </Space>
                </List.Item>
              )}
            />
          ) : (
            <Empty description={t('tokens.sync.empty')} />
          )}
        </QueryState>
      </Card>
    </section>
  );
}
