/**
 * Two runs of a scenario side by side (issue 36): each step of each iteration with its outcome, status code and
 * time in both, what passed in one and failed in the other marked (and shown alone on request).
 */
import { Space, Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RunView } from '@shared/schemas/scenario';
import { formatDate } from '../../../lib/dates';
import { compareRuns, type ComparedStep } from '../lib/runs';
import { StatusTag } from './status-tag';

export function RunCompare(props: { before: RunView; after: RunView; runHref: (runId: string) => string }) {
  const { t } = useTranslation();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const rows = useMemo(() => compareRuns(props.before.results, props.after.results), [props.before, props.after]);
  const shown = onlyChanged ? rows.filter((r) => r.changed) : rows;
  const side = (which: 'before' | 'after') => (_: unknown, row: ComparedStep) => {
    const s = row[which];
    if (!s) return <Typography.Text type="secondary">{t('scenario.compare.absent')}</Typography.Text>;
    return (
      <Space size={4}>
        <StatusTag status={s.status} />
        {s.httpStatus === undefined ? null : <span>{s.httpStatus}</span>}
        {s.timeMs === undefined ? null : <Typography.Text type="secondary">{`${Math.round(s.timeMs)} ms`}</Typography.Text>}
      </Space>
    );
  };
  const heading = (label: string, run: RunView) => (
    <Space direction="vertical" size={0}>
      <span>{label}</span>
      <Link to={props.runHref(run.id)}>{formatDate(run.createdAt)}</Link>
    </Space>
  );
  return (
    <div className="scenario-steps">
      <Space>
        <Switch checked={onlyChanged} onChange={setOnlyChanged} aria-label={t('scenario.compare.onlyChanged')} />
        {t('scenario.compare.onlyChanged')}
      </Space>
      <Table<ComparedStep>
        size="small"
        rowKey="key"
        dataSource={shown}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        rowClassName={(r) => (r.changed ? 'scenario-changed' : '')}
        columns={[
          { key: 'iteration', title: t('scenario.report.iteration'), render: (_, r) => r.iterationName },
          { key: 'step', title: t('scenario.report.step'), render: (_, r) => r.name },
          { key: 'before', title: heading(t('scenario.compare.before'), props.before), render: side('before') },
          { key: 'after', title: heading(t('scenario.compare.after'), props.after), render: side('after') },
          { key: 'changed', title: t('scenario.compare.changed'), render: (_, r) => (r.changed ? '●' : '') },
        ]}
      />
    </div>
  );
}
