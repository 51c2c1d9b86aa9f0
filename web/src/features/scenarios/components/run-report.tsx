/**
 * One run's report (issue 36): who ran it, where and with which environment; the failing checks first, each
 * saying what failed with its field path; then every step of every iteration with its request, response, time and
 * size. The report downloads as a self-contained HTML page, JUnit XML or JSON (shared/scenarios/reports.ts).
 */
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Collapse, Descriptions, Dropdown, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@shared/constants';
import type { StepResult } from '@shared/scenarios/engine';
import { caseName, failuresOf, htmlReport, jsonReport, junitReport, type RunReport } from '@shared/scenarios/reports';
import type { RunView } from '@shared/schemas/scenario';
import { sizeText } from '../../../lib/bytes';
import { formatDate } from '../../../lib/dates';
import { downloadText } from '../../../lib/download';
import { isFailure } from '../lib/runs';
import { StatusTag } from './status-tag';

const FORMATS = {
  html: { type: 'text/html', ext: 'html', write: htmlReport },
  junit: { type: 'application/xml', ext: 'xml', write: junitReport },
  json: { type: 'application/json', ext: 'json', write: (report: RunReport) => jsonReport(report) },
} as const;

/** A stored run's results as the engine's: the stored ones are the same records, their error codes as text. */
const asEngineResults = (run: RunView) => run.results as StepResult[];

export function RunReportView({ run, scenarioName }: { run: RunView; scenarioName: string }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = (LOCALES as readonly string[]).includes(i18n.language) ? (i18n.language as Locale) : DEFAULT_LOCALE;
  const results = asEngineResults(run);
  const failing = results.filter(isFailure);
  const report: RunReport = { scenarioName, environmentName: run.environmentName, summary: run.summary, results };
  const s = run.summary;
  return (
    <div className="scenario-steps">
      <Space wrap>
        <StatusTag status={s.status} />
        <Typography.Text>
          {t('scenario.report.summary', {
            passed: s.steps.passed,
            failed: s.steps.failed,
            skipped: s.steps.skipped,
            requests: s.requests,
            duration: s.durationMs,
          })}
        </Typography.Text>
        <Dropdown
          menu={{
            items: (Object.keys(FORMATS) as (keyof typeof FORMATS)[]).map((key) => ({ key, label: t(`scenario.report.formats.${key}`) })),
            onClick: ({ key }) => {
              const format = FORMATS[key as keyof typeof FORMATS];
              downloadText(
                `${scenarioName}-${run.createdAt.slice(0, 19).replace(/[:T]/g, '-')}.${format.ext}`,
                format.write(report, locale),
                format.type,
              );
            },
          }}
        >
          <Button icon={<DownloadOutlined aria-hidden />}>{t('scenario.report.download')}</Button>
        </Dropdown>
      </Space>
      <Typography.Text type="secondary">
        {t('scenario.report.ranBy', { name: run.ranByName, date: formatDate(run.createdAt), place: t(`scenario.places.${run.place}`) })}
        {run.environmentName ? ` · ${run.environmentName}` : ''}
      </Typography.Text>
      {s.stoppedBy ? (
        <Typography.Text type="danger">{t(`scenario.run.stoppedBy.${s.stoppedBy}`, { detail: s.stopDetail ?? '' })}</Typography.Text>
      ) : null}

      <section aria-label={t('scenario.report.failures')}>
        <Typography.Title level={3}>{t('scenario.report.failures')}</Typography.Title>
        {failing.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scenario.report.noFailures')} />
        ) : (
          <List
            size="small"
            bordered
            dataSource={failing}
            renderItem={(r) => (
              <List.Item>
                <List.Item.Meta
                  title={
                    <Space wrap>
                      <StatusTag status={r.status} />
                      {caseName(r)}
                    </Space>
                  }
                  description={
                    <ul>
                      {failuresOf(r, locale).map((line, i) => (
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  }
                />
              </List.Item>
            )}
          />
        )}
      </section>

      <section aria-label={t('scenario.report.allSteps')}>
        <Typography.Title level={3}>{t('scenario.report.allSteps')}</Typography.Title>
        <Collapse
          size="small"
          items={results.map((r, i) => ({
            key: i,
            label: (
              <Space wrap size={6}>
                <StatusTag status={r.status} />
                <span>{caseName(r)}</span>
                {r.response ? (
                  <Typography.Text type="secondary">{`${r.response.status} · ${Math.round(r.response.timeMs)} ms · ${sizeText(r.response.size)}`}</Typography.Text>
                ) : null}
              </Space>
            ),
            children: <StepDetail result={r} locale={locale} />,
          }))}
        />
      </section>
    </div>
  );
}

function StepDetail({ result: r, locale }: { result: StepResult; locale: Locale }) {
  const { t } = useTranslation();
  const headers = (list: { name: string; value: string }[]) => list.map((h) => `${h.name}: ${h.value}`).join('\n');
  return (
    <Descriptions size="small" column={1} bordered>
      {r.request ? (
        <Descriptions.Item label={t('scenario.report.request')}>
          <pre className="scenario-pre">{`${r.request.method} ${r.request.url}\n${headers(r.request.headers)}${r.request.body ? `\n\n${r.request.body}` : ''}`}</pre>
        </Descriptions.Item>
      ) : null}
      {r.response ? (
        <>
          <Descriptions.Item label={t('scenario.report.response')}>
            <pre className="scenario-pre">{`${r.response.status}\n${headers(r.response.headers)}\n\n${r.response.body}`}</pre>
            {r.response.bodyCut ? <Typography.Text type="secondary">{t('scenario.report.bodyCut')}</Typography.Text> : null}
          </Descriptions.Item>
          <Descriptions.Item label={t('scenario.report.time')}>{`${Math.round(r.response.timeMs)} ms`}</Descriptions.Item>
          <Descriptions.Item label={t('scenario.report.size')}>{sizeText(r.response.size)}</Descriptions.Item>
        </>
      ) : null}
      {Object.keys(r.extracted).length ? (
        <Descriptions.Item label={t('scenario.report.extracted')}>
          <pre className="scenario-pre">
            {Object.entries(r.extracted)
              .map(([k, v]) => `${k} = ${v}`)
              .join('\n')}
          </pre>
        </Descriptions.Item>
      ) : null}
      {r.checks.length ? (
        <Descriptions.Item label={t('scenario.report.checksTitle')}>
          <ul>
            {r.checks.map((c, i) => (
              <li key={i}>
                <StatusTag status={c.passed ? 'passed' : 'failed'} />
                {c.passed ? `${c.kind} ${c.target} ${c.op} ${c.expected}` : failuresOf({ ...r, checks: [c], error: undefined }, locale)[0]}
              </li>
            ))}
          </ul>
        </Descriptions.Item>
      ) : null}
      {r.missingVariables?.length ? (
        <Descriptions.Item label={t('scenario.report.checksTitle')}>
          {t('scenario.report.missingVariables', { names: r.missingVariables.join(', ') })}
        </Descriptions.Item>
      ) : null}
      {r.error ? (
        <Descriptions.Item label={t('scenario.status.error')}>
          {t('scenario.report.error', { detail: `${r.error.code}: ${r.error.detail}` })}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
