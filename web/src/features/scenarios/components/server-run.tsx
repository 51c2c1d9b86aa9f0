/**
 * Running a scenario on the server instead (issue 36, the `scenarioJob` routes): requests go from the server, so the
 * environment's run secrets apply and only public addresses are reached. The job is followed until it ends, and its
 * run (kept in the history like a browser's) opens from here.
 */
import { CloudServerOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/form';
import { refreshRuns, useServerRunJob, useStartServerRun } from '../api';

export function ServerRun(props: {
  scenarioId: string;
  environmentId: string;
  iterations: number;
  bail: boolean;
  disabled: boolean;
  reportHref: (runId: string) => string;
}) {
  const { t } = useTranslation();
  const start = useStartServerRun();
  const [jobId, setJobId] = useState<string | null>(null);
  const [refused, setRefused] = useState('');
  const job = useServerRunJob(jobId);
  const view = job.data;
  const ended = view?.state === 'done' || view?.state === 'failed';
  const [seenEnd, setSeenEnd] = useState<string | null>(null);
  if (ended && view && seenEnd !== view.id) {
    setSeenEnd(view.id);
    void refreshRuns();
  }

  const run = async () => {
    setRefused('');
    setJobId(null);
    try {
      const started = await start.mutateAsync({
        body: { scenarioId: props.scenarioId, environmentId: props.environmentId, iterations: props.iterations, bail: props.bail },
      });
      setJobId(started.id);
    } catch (error) {
      setRefused(errorMessage(error));
    }
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button
          icon={<CloudServerOutlined aria-hidden />}
          loading={start.isPending || (!!jobId && !ended)}
          disabled={props.disabled}
          onClick={() => void run()}
        >
          {t('scenario.run.server')}
        </Button>
        <Typography.Text type="secondary">{t('scenario.run.serverHint')}</Typography.Text>
      </Space>
      {refused ? <Alert type="error" showIcon role="alert" title={refused} /> : null}
      {view && !ended ? (
        <Typography.Text role="status">
          {t(`scenario.run.serverStates.${view.state === 'queued' ? 'queued' : 'running'}`, {
            done: view.progress.iterationsDone,
            total: view.progress.iterations,
            requests: view.progress.requests,
          })}
        </Typography.Text>
      ) : null}
      {view?.state === 'done' && view.runId ? (
        <Space role="status">
          {t('scenario.run.serverStates.done')}
          <Link to={props.reportHref(view.runId)}>{t('scenario.run.viewReport')}</Link>
        </Space>
      ) : null}
      {view?.state === 'failed' ? (
        <Alert type="error" showIcon role="alert" title={t('scenario.run.serverStates.failed', { detail: view.error?.message ?? '' })} />
      ) : null}
    </Space>
  );
}
