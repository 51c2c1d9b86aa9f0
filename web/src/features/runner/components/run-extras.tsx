/** Around a run: the script results, the code snippets of the request, and the recent runs. */
import { CopyOutlined, HistoryOutlined, RedoOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RunRequest } from '@shared/schemas/runner';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { SNIPPET_TARGETS, type ScriptResult, type SnippetTarget } from '../lib/engines';
import { statusTag, TAG } from '../../../lib/tag-colors';
import type { RecentRun } from '../lib/recent-runs';

export function ScriptResults({ pre, post, written }: { pre?: ScriptResult; post?: ScriptResult; written: string[] }) {
  const { t } = useTranslation();
  const phases = [
    ['pre', pre],
    ['post', post],
  ] as const;
  const tests = phases.flatMap(([, r]) => r?.tests ?? []);
  const failed = tests.filter((x) => !x.passed).length;
  return (
    <div className="run-results" aria-label={t('runner.results')} role="region">
      {phases.map(([phase, r]) =>
        r?.error ? (
          <Alert
            key={phase}
            type="error"
            showIcon
            title={t('runner.scriptError', { phase: t(`runner.phases.${phase}`), message: r.error })}
          />
        ) : null,
      )}
      {tests.length ? (
        <>
          <Typography.Text strong>{t('runner.testsSummary', { passed: tests.length - failed, failed })}</Typography.Text>
          <List
            size="small"
            dataSource={tests}
            renderItem={(x) => (
              <List.Item aria-label={`${x.passed ? t('runner.passed') : t('runner.failed')} ${x.name}`}>
                <Space>
                  <Tag color={x.passed ? TAG.ok : TAG.bad}>{x.passed ? t('runner.passed') : t('runner.failed')}</Tag>
                  <span>{x.name}</span>
                  {x.error ? <Typography.Text type="danger">{x.error}</Typography.Text> : null}
                </Space>
              </List.Item>
            )}
          />
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t('runner.noTests')}</Typography.Paragraph>
      )}
      {written.length ? <Alert type="info" showIcon title={t('runner.variablesSet', { names: written.join(', ') })} /> : null}
      {phases
        .flatMap(([phase, r]) => (r?.warnings.length ? [[phase, r.warnings] as const] : []))
        .map(([phase, warnings]) => (
          <Alert
            key={`w-${phase}`}
            type="warning"
            showIcon
            title={`${t(`runner.phases.${phase}`)}: ${t('runner.warnings')}`}
            description={warnings.join('\n')}
          />
        ))}
      {phases.some(([, r]) => r?.logs.length) ? (
        <>
          <Typography.Text strong>{t('runner.logs')}</Typography.Text>
          <pre className="run-raw">{phases.flatMap(([, r]) => r?.logs ?? []).join('\n')}</pre>
        </>
      ) : null}
    </div>
  );
}

export function SnippetsPanel(props: {
  request: RunRequest | null;
  toSnippet: (req: RunRequest, target: SnippetTarget) => Promise<string>;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<SnippetTarget>('curl');
  const [code, setCode] = useState('');
  const { request, toSnippet } = props;
  useEffect(() => {
    let live = true;
    if (!request) return;
    toSnippet(request, target).then(
      (text) => live && setCode(text),
      (e: unknown) => live && setCode(String(e)),
    );
    return () => {
      live = false;
    };
  }, [request, target, toSnippet]);
  const copy = () =>
    navigator.clipboard.writeText(code).then(
      () => notify.success(t('runner.copied')),
      () => notify.error(t('runner.notCopied')),
    );
  return (
    <section className="run-snippets" aria-label={t('runner.snippets')}>
      <Flex gap={8} align="center">
        <Select
          aria-label={t('runner.snippets')}
          value={target}
          onChange={setTarget}
          options={SNIPPET_TARGETS.map((value) => ({ value, label: t(`runner.snippetTargets.${value}`) }))}
          popupMatchSelectWidth={false}
        />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} disabled={!request || !code}>
          {t('runner.copy')}
        </Button>
      </Flex>
      {request ? (
        <pre className="run-raw" role="region" aria-label={t(`runner.snippetTargets.${target}`)}>
          {code}
        </pre>
      ) : (
        <Typography.Paragraph type="secondary">{t('runner.urlRequired')}</Typography.Paragraph>
      )}
    </section>
  );
}

export function RecentRuns(props: { runs: RecentRun[]; onLoad: (run: RecentRun) => void; onRerun: (run: RecentRun) => void }) {
  const { t } = useTranslation();
  return (
    <section className="run-recent" aria-label={t('runner.recent')}>
      <Typography.Text type="secondary">
        <HistoryOutlined aria-hidden /> {t('runner.recentHint')}
      </Typography.Text>
      {props.runs.length ? (
        <List
          size="small"
          // Keyed by run: a new run joins the top, and a row keyed by its place would become another run under the pointer.
          rowKey="id"
          dataSource={props.runs}
          renderItem={(run) => (
            <List.Item
              aria-label={`${run.method} ${run.url}`}
              actions={[
                <Button key="load" size="small" onClick={() => props.onLoad(run)}>
                  {t('runner.load')}
                </Button>,
                <Button key="rerun" size="small" icon={<RedoOutlined aria-hidden />} onClick={() => props.onRerun(run)}>
                  {t('runner.rerun')}
                </Button>,
              ]}
            >
              <Space wrap>
                <Tag>{run.method}</Tag>
                <Typography.Text ellipsis className="run-recent-url">
                  {run.url}
                </Typography.Text>
                {run.status !== undefined ? (
                  <Tag color={statusTag(run.status)}>{run.status}</Tag>
                ) : (
                  <Tag color={TAG.bad}>{t('runner.failed')}</Tag>
                )}
                {run.timeMs !== undefined ? <span>{run.timeMs} ms</span> : null}
                <Typography.Text type="secondary">{formatDate(new Date(run.at).toISOString())}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Empty description={t('runner.recentEmpty')} />
      )}
    </section>
  );
}
