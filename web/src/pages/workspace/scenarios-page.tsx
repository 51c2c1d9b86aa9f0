/**
 * The project's test scenarios in the workspace (issue 36): the scenario list takes the document tree's place on
 * the left, and the right side shows one scenario (edit, run, its runs, its schedules), one run's report or two runs compared.
 * This page composes the features a run needs: the runner's transports and script sandbox, the environment chosen
 * in the header, and the document tree a step picks its API document from.
 */
import { ExperimentOutlined } from '@ant-design/icons';
import { Empty, Space, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { atLeast } from '@shared/access';
import { RUN_TRANSPORTS } from '@shared/schemas/runner';
import { PageLoading } from '../../components/page-loading';
import { QueryState } from '../../components/query-state';
import { useDocumentTree } from '../../features/documents/api';
import { useEnvironments } from '../../features/environments/api';
import { useProject } from '../../features/projects/api';
import { variableValues } from '../../features/runner/lib/variables';
import { runEngines } from '../../features/runner/lib/engines';
import { useRunDetail, useScenario, useScenarioList } from '../../features/scenarios/api';
import { PostmanExportButton } from '../../features/scenarios/components/postman-buttons';
import { RunCompare } from '../../features/scenarios/components/run-compare';
import { RunHistory } from '../../features/scenarios/components/run-history';
import { ScenarioRunPanel, type BrowserRunSetup } from '../../features/scenarios/components/run-panel';
import { RunReportView } from '../../features/scenarios/components/run-report';
import { ScenarioEditor } from '../../features/scenarios/components/scenario-editor';
import { ScenarioSide } from '../../features/scenarios/components/scenario-side';
import { ScheduleList } from '../../features/scenarios/components/schedule-list';
import '../../i18n/scenario';
import { useTitle } from '../../lib/title';
import { paths, SCENARIO_TABS, type ScenarioTab } from '../../paths';
import { useRunEnvironment } from './run-tab';
import { Workspace } from './workspace';

export function Component() {
  const { id: projectId = '', scenarioId, runId, before, after } = useParams();
  const navigate = useNavigate();
  const project = useProject(projectId, { ignoreMessage: true });
  const canEdit = atLeast(project.data?.role, 'edit') && project.data?.state === 'active';
  return (
    <Workspace
      projectId={projectId}
      editing={false}
      side={
        <ScenarioSide
          projectId={projectId}
          canEdit={canEdit}
          selectedId={scenarioId}
          linkOf={(id) => paths.scenarios.href(projectId, id)}
          onCreated={(id) => void navigate(paths.scenarios.href(projectId, id))}
          onDeleted={(id) => id === scenarioId && void navigate(paths.scenarios.href(projectId))}
        />
      }
    >
      {!scenarioId ? (
        <Intro projectName={project.data?.name} />
      ) : runId ? (
        <RunPage projectId={projectId} scenarioId={scenarioId} runId={runId} />
      ) : before && after ? (
        <ComparePage projectId={projectId} scenarioId={scenarioId} before={before} after={after} />
      ) : (
        <ScenarioPage projectId={projectId} scenarioId={scenarioId} canEdit={canEdit} />
      )}
    </Workspace>
  );
}

function Intro({ projectName }: { projectName?: string }) {
  const { t } = useTranslation();
  useTitle(t('scenario.title'), projectName);
  return (
    <section aria-labelledby="scenarios-title">
      <Typography.Title level={1} id="scenarios-title">
        {t('scenario.title')}
      </Typography.Title>
      <Empty image={<ExperimentOutlined aria-hidden style={{ fontSize: 48 }} />} description={t('scenario.pick')}>
        <Typography.Paragraph type="secondary">{t('scenario.emptyHint')}</Typography.Paragraph>
      </Empty>
    </section>
  );
}

/** The runner's transports and sandbox, with the environment chosen in the header. */
function useBrowserRunSetup(projectId: string): BrowserRunSetup | null {
  const { env, runEnv, pending } = useRunEnvironment(projectId);
  return useMemo(() => {
    if (pending) return null;
    const makeScripts = runEngines.scripts;
    return {
      transports: RUN_TRANSPORTS.flatMap((name) => {
        const send = runEngines.transports[name];
        return send ? [{ name, send }] : [];
      }),
      ...(makeScripts
        ? {
            scripts: () => {
              const sandbox = makeScripts();
              return { run: (phase, code, run) => sandbox.run(phase, code, run), dispose: () => sandbox.dispose() };
            },
          }
        : {}),
      environment: env
        ? { id: env.id, name: env.name, baseUrl: runEnv.baseUrl, variables: variableValues(runEnv.variables, runEnv.scriptValues) }
        : null,
    };
  }, [env, runEnv, pending]);
}

function ScenarioPage({ projectId, scenarioId, canEdit }: { projectId: string; scenarioId: string; canEdit: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tabParam = search.get('tab');
  const tab: ScenarioTab = (SCENARIO_TABS as readonly string[]).includes(tabParam ?? '') ? (tabParam as ScenarioTab) : 'edit';
  const scenario = useScenario(scenarioId);
  const list = useScenarioList(projectId);
  const tree = useDocumentTree(projectId);
  const setup = useBrowserRunSetup(projectId);
  const environments = useEnvironments(projectId, tab === 'schedules');
  useTitle(scenario.data?.name, t('scenario.title'));
  const runHref = (runId: string) => paths.scenarios.run(projectId, scenarioId, runId);
  return (
    <QueryState query={scenario}>
      {scenario.data ? (
        <section aria-labelledby="scenario-title">
          <Space className="scenario-heading" wrap>
            <Typography.Title level={1} id="scenario-title">
              {scenario.data.name}
            </Typography.Title>
            <PostmanExportButton scenarioId={scenarioId} name={scenario.data.name} />
          </Space>
          <Tabs
            activeKey={tab}
            onChange={(next) => void navigate(paths.scenarios.href(projectId, scenarioId, next as ScenarioTab), { replace: true })}
            items={[
              {
                key: 'edit',
                label: t('scenario.tabs.edit'),
                children:
                  tree.data && list.data ? (
                    <ScenarioEditor
                      // A save from elsewhere (or a rename) that changes the revision starts the editor from it again.
                      key={`${scenario.data.id}-${scenario.data.rev}`}
                      scenario={scenario.data}
                      canEdit={canEdit}
                      context={{
                        tree: tree.data,
                        scenarios: list.data.scenarios.filter((s) => s.id !== scenarioId).map((s) => ({ id: s.id, name: s.name })),
                        canEdit,
                      }}
                    />
                  ) : (
                    <PageLoading />
                  ),
              },
              {
                key: 'run',
                label: t('scenario.tabs.run'),
                children: setup ? (
                  <ScenarioRunPanel scenario={scenario.data} setup={setup} canSave={canEdit} reportHref={runHref} />
                ) : (
                  <PageLoading />
                ),
              },
              {
                key: 'history',
                label: t('scenario.tabs.history'),
                children: (
                  <RunHistory
                    scenarioId={scenarioId}
                    runHref={runHref}
                    onCompare={(a, b) => void navigate(paths.scenarios.compare(projectId, scenarioId, a, b))}
                  />
                ),
              },
              {
                key: 'schedules',
                label: t('scenario.tabs.schedules'),
                children: <ScheduleList scenarioId={scenarioId} environments={environments.data} canEdit={canEdit} />,
              },
            ]}
          />
        </section>
      ) : null}
    </QueryState>
  );
}

function BackLink({ projectId, scenarioId }: { projectId: string; scenarioId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => void navigate(paths.scenarios.href(projectId, scenarioId, 'history'))}>
      {t('scenario.report.back')}
    </Typography.Link>
  );
}

function RunPage({ projectId, scenarioId, runId }: { projectId: string; scenarioId: string; runId: string }) {
  const { t } = useTranslation();
  const scenario = useScenario(scenarioId);
  const run = useRunDetail(runId);
  useTitle(t('scenario.report.title'), scenario.data?.name);
  return (
    <section aria-labelledby="run-title">
      <BackLink projectId={projectId} scenarioId={scenarioId} />
      <Typography.Title level={1} id="run-title">
        {`${t('scenario.report.title')}${scenario.data ? ` · ${scenario.data.name}` : ''}`}
      </Typography.Title>
      <QueryState query={run}>{run.data ? <RunReportView run={run.data} scenarioName={scenario.data?.name ?? ''} /> : null}</QueryState>
    </section>
  );
}

function ComparePage(props: { projectId: string; scenarioId: string; before: string; after: string }) {
  const { t } = useTranslation();
  const a = useRunDetail(props.before);
  const b = useRunDetail(props.after);
  useTitle(t('scenario.compare.title'));
  return (
    <section aria-labelledby="compare-title">
      <BackLink projectId={props.projectId} scenarioId={props.scenarioId} />
      <Typography.Title level={1} id="compare-title">
        {t('scenario.compare.title')}
      </Typography.Title>
      <QueryState query={a}>
        <QueryState query={b}>
          {a.data && b.data ? (
            <RunCompare before={a.data} after={b.data} runHref={(runId) => paths.scenarios.run(props.projectId, props.scenarioId, runId)} />
          ) : null}
        </QueryState>
      </QueryState>
    </section>
  );
}
