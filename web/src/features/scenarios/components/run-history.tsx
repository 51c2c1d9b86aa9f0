/**
 * A scenario's runs, newest first (issue 36): when, by whom, where, with which environment and how each went, the
 * pass rate over them, and two runs ticked to compare.
 */
import { DiffOutlined } from '@ant-design/icons';
import { Button, Empty, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RunListItem } from '@shared/schemas/scenario';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { useRuns } from '../api';
import { passRate } from '../lib/runs';
import { StatusTag } from './status-tag';

export function RunHistory(props: {
  scenarioId: string;
  runHref: (runId: string) => string;
  onCompare: (before: string, after: string) => void;
}) {
  const { t } = useTranslation();
  const runs = useRuns(props.scenarioId);
  const [chosen, setChosen] = useState<string[]>([]);
  const list = runs.data ?? [];
  const rate = passRate(list.map((r) => r.summary.status));
  const compare = () => {
    // Older first: the list is newest first.
    const [a, b] = list.filter((r) => chosen.includes(r.id)).reverse();
    if (a && b) props.onCompare(a.id, b.id);
  };
  return (
    <QueryState query={runs}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scenario.history.empty')} />
      ) : (
        <div className="scenario-steps">
          <Space wrap>
            {rate === null ? null : (
              <Typography.Text strong>{t('scenario.history.passRate', { count: list.length, rate })}</Typography.Text>
            )}
            <Button icon={<DiffOutlined aria-hidden />} disabled={chosen.length !== 2} onClick={compare}>
              {t('scenario.history.compare')}
            </Button>
            {chosen.length !== 2 ? <Typography.Text type="secondary">{t('scenario.history.compareHint')}</Typography.Text> : null}
          </Space>
          <Table<RunListItem>
            size="small"
            rowKey="id"
            dataSource={list}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            rowSelection={{
              selectedRowKeys: chosen,
              onChange: (keys) => setChosen((keys as string[]).slice(-2)),
              getCheckboxProps: (r) => ({ 'aria-label': formatDate(r.createdAt) }),
            }}
            columns={[
              {
                key: 'when',
                title: t('scenario.history.when'),
                render: (_, r) => <Link to={props.runHref(r.id)}>{formatDate(r.createdAt)}</Link>,
              },
              { key: 'result', title: t('scenario.history.result'), render: (_, r) => <StatusTag status={r.summary.status} /> },
              {
                key: 'counts',
                title: t('scenario.report.checksTitle'),
                render: (_, r) => t('scenario.history.counts', { passed: r.summary.steps.passed, failed: r.summary.steps.failed }),
              },
              { key: 'who', title: t('scenario.history.who'), render: (_, r) => r.ranByName },
              { key: 'place', title: t('scenario.history.place'), render: (_, r) => t(`scenario.places.${r.place}`) },
              { key: 'env', title: t('scenario.history.environment'), render: (_, r) => r.environmentName || '—' },
              { key: 'duration', title: t('scenario.history.duration'), render: (_, r) => `${r.summary.durationMs} ms` },
            ]}
          />
        </div>
      )}
    </QueryState>
  );
}
