/**
 * A scenario's Run tab (issue 36): runs its saved steps in the browser, in a Web Worker, through the transport the
 * reader picks (direct, proxy or plug-in, as the interface runner sends) with the environment chosen in the
 * workspace's header; each step is listed as it ends. An editor's run is then saved to the scenario's history.
 */
import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, InputNumber, Radio, Space, Typography } from 'antd';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EngineOptions, ScenarioScripts, StepResult } from '@shared/scenarios/engine';
import { keptResults } from '@shared/scenarios/kept-run';
import type { ScenarioView } from '@shared/schemas/scenario';
import { errorMessage } from '../../../lib/form';
import { readScenario, scenarioSources, useSaveRun } from '../api';
import { useScenarioRun } from '../hooks/use-scenario-run';
import { inspectDataSet } from '../lib/data-set';
import { useProblemText } from './data-set-editor';
import { ServerRun } from './server-run';
import { StatusTag } from './status-tag';

/** The live list shows the last steps only: a long run's earlier ones are in its report. */
const LIVE_STEPS = 100;

/** What the page hands the run: the runner's transports and script sandbox, and the chosen environment. */
export interface BrowserRunSetup {
  /** The ways a request can go, in the order offered (`direct`, `proxy`, `plugin`: the runner's). */
  transports: { name: string; send: EngineOptions['transport'] }[];
  /** Makes a script sandbox for one run (disposed after it); absent: steps' scripts do not run. */
  scripts?: () => { run: ScenarioScripts; dispose: () => void };
  environment: { id: string; name: string; baseUrl: string; variables: Record<string, string> } | null;
}

export function ScenarioRunPanel(props: {
  scenario: ScenarioView;
  setup: BrowserRunSetup;
  canSave: boolean;
  reportHref: (runId: string) => string;
}) {
  const { t } = useTranslation();
  const problemText = useProblemText();
  const available = props.setup.transports;
  const [transport, setTransport] = useState(available[0]?.name ?? '');
  const [iterations, setIterations] = useState(1);
  const [bail, setBail] = useState(false);
  const [saved, setSaved] = useState<{ runId?: string; error?: string } | null>(null);
  const [notStarted, setNotStarted] = useState('');
  const run = useScenarioRun();
  const saveRun = useSaveRun();
  const { environment } = props.setup;
  const dataSet = props.scenario.content.dataSet;
  const rows = dataSet ? inspectDataSet(dataSet) : null;

  const start = async () => {
    setSaved(null);
    setNotStarted('');
    if (rows && !rows.ok) {
      setNotStarted(problemText(rows.problem));
      return;
    }
    // The run takes the scenario as saved now, and the documents' states with it.
    let fresh: ScenarioView;
    try {
      fresh = await readScenario(props.scenario.id);
    } catch (error) {
      setNotStarted(errorMessage(error));
      return;
    }
    const sandbox = props.setup.scripts?.();
    const finished = await run
      .start(
        {
          content: fresh.content,
          environment: { baseUrl: environment?.baseUrl ?? '', variables: environment?.variables ?? {} },
          iterations,
          bail,
          scripts: !!sandbox,
        },
        {
          transport: available.find((a) => a.name === transport)!.send,
          sources: scenarioSources(fresh.documents),
          ...(sandbox ? { scripts: sandbox.run } : {}),
        },
      )
      .finally(() => sandbox?.dispose());
    if (!finished || !props.canSave) return;
    try {
      const item = await saveRun.mutateAsync({
        body: {
          scenarioId: props.scenario.id,
          place: 'browser',
          environmentId: environment?.id ?? '',
          environmentName: environment?.name ?? '',
          summary: finished.summary,
          results: keptResults(finished.results),
        },
      });
      setSaved({ runId: item.id });
    } catch (error) {
      setSaved({ error: errorMessage(error) });
    }
  };

  const shown = run.results.length > LIVE_STEPS ? run.results.slice(-LIVE_STEPS) : run.results;
  const summary = run.summary;
  return (
    <div className="scenario-steps">
      <Space wrap>
        <Radio.Group
          aria-label={t('scenario.run.transport')}
          optionType="button"
          value={transport}
          disabled={run.running}
          options={available.map(({ name }) => ({ value: name, label: t(`scenario.run.transports.${name}`) }))}
          onChange={(e) => setTransport(e.target.value as string)}
        />
        <Typography.Text type="secondary">
          {environment ? t('scenario.run.environment', { name: environment.name }) : t('scenario.run.noEnvironment')}
        </Typography.Text>
      </Space>
      <Space wrap>
        {rows?.ok ? (
          <Typography.Text>{t('scenario.run.iterationsWithData', { count: rows.rows.length })}</Typography.Text>
        ) : (
          <InputNumber
            addonBefore={t('scenario.run.iterations')}
            aria-label={t('scenario.run.iterations')}
            min={1}
            max={10_000}
            value={iterations}
            disabled={run.running}
            onChange={(v) => setIterations(v ?? 1)}
          />
        )}
        <Checkbox checked={bail} disabled={run.running} onChange={(e) => setBail(e.target.checked)}>
          {t('scenario.run.bail')}
        </Checkbox>
        {run.running ? (
          <Button danger icon={<StopOutlined aria-hidden />} onClick={run.stop}>
            {t('scenario.run.stop')}
          </Button>
        ) : (
          <Button type="primary" icon={<CaretRightOutlined aria-hidden />} disabled={!available.length} onClick={() => void start()}>
            {t('scenario.run.start')}
          </Button>
        )}
      </Space>
      {props.canSave ? (
        <ServerRun
          scenarioId={props.scenario.id}
          environmentId={environment?.id ?? ''}
          iterations={iterations}
          bail={bail}
          disabled={run.running}
          reportHref={props.reportHref}
        />
      ) : null}
      {notStarted ? <Alert type="error" showIcon role="alert" title={t('scenario.run.notFinished', { detail: notStarted })} /> : null}
      {run.failure ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('scenario.run.notFinished', {
            detail: run.failure.message,
          })}
        />
      ) : null}
      {summary ? (
        <Alert
          type={summary.status === 'passed' ? 'success' : 'error'}
          showIcon
          title={
            <Space wrap>
              <StatusTag status={summary.status} />
              {t('scenario.report.summary', {
                passed: summary.steps.passed,
                failed: summary.steps.failed,
                skipped: summary.steps.skipped,
                requests: summary.requests,
                duration: summary.durationMs,
              })}
            </Space>
          }
          description={
            <>
              {summary.stoppedBy ? (
                <div>{t(`scenario.run.stoppedBy.${summary.stoppedBy}`, { detail: summary.stopDetail ?? '' })}</div>
              ) : null}
              {saved?.runId ? (
                <Space>
                  {t('scenario.run.saved')}
                  <Link to={props.reportHref(saved.runId)}>{t('scenario.run.viewReport')}</Link>
                </Space>
              ) : null}
              {saved?.error ? <div>{t('scenario.run.notSaved', { detail: saved.error })}</div> : null}
            </>
          }
        />
      ) : null}
      <section aria-label={t('scenario.run.live')}>
        <Typography.Title level={3}>{t('scenario.run.live')}</Typography.Title>
        {run.results.length === 0 && !run.running ? <Typography.Text type="secondary">{t('scenario.run.waiting')}</Typography.Text> : null}
        {run.results.length > LIVE_STEPS ? (
          <Typography.Text type="secondary">{t('scenario.run.more', { count: LIVE_STEPS })}</Typography.Text>
        ) : null}
        <ol className="scenario-live" aria-busy={run.running}>
          {shown.map((r, i) => (
            <LiveRow key={run.results.length - shown.length + i} result={r} />
          ))}
          {run.running ? (
            <li>
              <StatusTag status="running" />
            </li>
          ) : null}
        </ol>
      </section>
    </div>
  );
}

/**
 * One line of the live list, in plain markup and rendered once: a run of thousands of steps adds lines many times a
 * second, and only the new ones may cost the page any work.
 */
const LiveRow = memo(function LiveRow({ result: r }: { result: StepResult }) {
  const { t } = useTranslation();
  const where = [...r.trail, r.name || r.stepId].join(' › ');
  const status = t(`scenario.status.${r.status}`);
  return (
    <li className="scenario-live-row" aria-label={`${r.iterationName} ${where} ${status}`}>
      <span className={`scenario-status scenario-status-${r.status}`}>{status}</span>
      <span className="scenario-live-muted">{r.iterationName}</span>
      <span>{where}</span>
      {r.request ? <code>{`${r.request.method} ${r.request.url}`}</code> : null}
      {r.response ? <span>{`${r.response.status} · ${Math.round(r.response.timeMs)} ms`}</span> : null}
      {r.error ? <span className="scenario-live-error">{r.error.detail}</span> : null}
    </li>
  );
});
