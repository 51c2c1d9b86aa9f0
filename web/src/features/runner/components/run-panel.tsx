/**
 * The interface test runner: the request (method, address, parameters, headers, body, scripts), the way it is sent,
 * its response, its code snippets and the recent runs. The same panel is an HTTP API document's Run tab and the
 * blank test page; the page hands in the first draft, the environment and what to send with (`engines`).
 *
 * A send: the pre-request script runs on the request with the variables filled in (and may change it or set
 * variables, after which anything still unfilled is filled again); the request goes out; the post-response script
 * runs on the response. Environment values a script sets are written back to this browser: a variable the
 * environment defines gets its local value, any other name is kept for this environment in this browser only.
 */
import { SendOutlined, StopOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Input, Segmented, Select, Space, Tabs, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse } from '@shared/schemas/document';
import { HTTP_METHODS } from '@shared/schemas/document-kinds';
import { RUN_TRANSPORTS, type RunRequest, type RunResponse, type RunTransport } from '@shared/schemas/runner';
import { PageLoading } from '../../../components/page-loading';
import { buildRequest, canSend, DRAFT_BODY_TYPES, type RunDraft, type RunMethod } from '../lib/draft';
import { RunFailure } from '../lib/direct-transport';
import type { RunEngines, ScriptResult } from '../lib/engines';
import { readRecentRuns, recordRun, type RecentRun } from '../lib/recent-runs';
import { useRunLocals, writeRunLocals } from '../lib/run-locals';
import { substitute, variableValues, type RunVariable } from '../lib/variables';
import { RecentRuns, ScriptResults, SnippetsPanel } from './run-extras';
import { ResponseView } from './response-view';
import { RowsEditor } from './rows-editor';
import '../../../i18n/runner';

const CodeEditor = lazy(() => import('../../../components/code-editor'));

/** The environment a run uses, as the page resolved it. */
export interface RunEnvironment {
  /** Where values of names the environment does not define are kept: the environment's id, or `none`. */
  scope: string;
  baseUrl: string;
  variables: RunVariable[];
  /** Writes a defined variable's local value (this browser). */
  setLocal: (variableId: string, value: string) => void;
}

export interface RunPanelProps {
  /** Whose recent runs (`guest` when nobody is signed in). */
  userId: string;
  /** The document run (recent runs are kept per document); null: the blank test page. */
  docId: string | null;
  initialDraft: RunDraft;
  env: RunEnvironment;
  engines: RunEngines;
  /** The document's responses, for the comparison with what came back. */
  documented?: ApiResponse[];
  /** Shown above the request: the environment picker of the blank page. */
  header?: ReactNode;
  /** Beside Send: the blank page's "save as a document". */
  actions?: (draft: RunDraft) => ReactNode;
}

const TRANSPORT_KEY = 'apiloom.run.transport';
const storedTransport = (): RunTransport | null => {
  try {
    return RUN_TRANSPORTS.find((x) => x === localStorage.getItem(TRANSPORT_KEY)) ?? null;
  } catch {
    return null;
  }
};

interface Outcome {
  transport: RunTransport;
  request: RunRequest;
  response?: RunResponse;
  failure?: RunFailure;
  pre?: ScriptResult;
  post?: ScriptResult;
  written: string[];
  missing: string[];
}

/** The request with any `{{name}}` the pre-request script's variables now fill. */
function refill(req: RunRequest, values: Record<string, string>): RunRequest {
  const sub = (text: string) => substitute(text, values);
  const body = req.body;
  return {
    ...req,
    url: sub(req.url),
    headers: req.headers.map((h) => ({ name: sub(h.name), value: sub(h.value) })),
    body:
      body.kind === 'text'
        ? { kind: 'text', text: sub(body.text) }
        : body.kind === 'form'
          ? { kind: 'form', fields: body.fields.map((f) => ('file' in f ? f : { name: sub(f.name), value: sub(f.value) })) }
          : body,
  };
}

export function RunPanel(props: RunPanelProps) {
  const { t } = useTranslation();
  const { engines, env } = props;
  const [draft, setDraft] = useState<RunDraft>(props.initialDraft);
  const available = RUN_TRANSPORTS.filter((x) => engines.transports[x]);
  const [chosenTransport, setChosenTransport] = useState<RunTransport | null>(storedTransport);
  const transport: RunTransport = chosenTransport && available.includes(chosenTransport) ? chosenTransport : 'direct';
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [sending, setSending] = useState(false);
  const [runs, setRuns] = useState<RecentRun[]>(() => readRecentRuns(props.userId, props.docId));
  const abort = useRef<AbortController | null>(null);
  const extras = useRunLocals(env.scope);
  const values = useMemo(() => variableValues(env.variables, extras), [env.variables, extras]);
  const patch = (change: Partial<RunDraft>) => setDraft((d) => ({ ...d, ...change }));
  const preview = useMemo(() => (canSend(draft) ? buildRequest(draft, values, env.baseUrl).request : null), [draft, values, env.baseUrl]);

  /** Environment values a script changed, written back; the names written. */
  const writeBack = useCallback(
    (before: Record<string, string>, after: Record<string, string>): string[] => {
      const changed = Object.entries(after).filter(([name, value]) => before[name] !== value);
      const undefinedNames: Record<string, string> = {};
      for (const [name, value] of changed) {
        const variable = env.variables.find((v) => v.name === name);
        if (variable) env.setLocal(variable.id, value);
        else undefinedNames[name] = value;
      }
      if (Object.keys(undefinedNames).length) writeRunLocals(env.scope, undefinedNames);
      return changed.map(([name]) => name);
    },
    [env],
  );

  const send = async (sent: RunDraft) => {
    if (!canSend(sent) || sending) return;
    const via = engines.transports[transport]!;
    const controller = new AbortController();
    abort.current = controller;
    setSending(true);
    setOutcome(null);
    let environment = { ...values };
    let variables: Record<string, string> = {};
    const written: string[] = [];
    let { request, missing } = buildRequest(sent, environment, env.baseUrl);
    const runner = engines.scripts && (sent.preScript.trim() || sent.postScript.trim()) ? engines.scripts() : undefined;
    const result: Outcome = { transport, request, written, missing };
    try {
      if (runner && sent.preScript.trim()) {
        const pre = await runner.run('pre', sent.preScript, { request, environment, variables });
        result.pre = pre;
        written.push(...writeBack(environment, pre.environment));
        environment = pre.environment;
        variables = pre.variables;
        request = refill(pre.request, { ...environment, ...variables });
        result.request = request;
        result.missing = missing = missing.filter((name) => !Object.hasOwn(environment, name) && !Object.hasOwn(variables, name));
      }
      try {
        result.response = await via(request, controller.signal);
      } catch (e) {
        result.failure =
          e instanceof RunFailure
            ? e
            : controller.signal.aborted
              ? new RunFailure('aborted')
              : new RunFailure('refused', e instanceof Error ? e.message : String(e));
      }
      if (runner && result.response && sent.postScript.trim()) {
        const post = await runner.run('post', sent.postScript, { request, response: result.response, environment, variables });
        result.post = post;
        written.push(...writeBack(environment, post.environment));
      }
    } finally {
      runner?.dispose();
      abort.current = null;
      setSending(false);
    }
    setOutcome({ ...result, written: [...new Set(written)] });
    setRuns(
      recordRun(props.userId, props.docId, {
        id: crypto.randomUUID(),
        at: Date.now(),
        transport,
        draft: sent,
        method: request.method,
        url: request.url,
        status: result.response?.status,
        timeMs: result.response?.timeMs,
        failure: result.failure?.kind,
      }),
    );
  };

  const scriptsShown = !!engines.scripts;
  const scriptEditor = (which: 'preScript' | 'postScript', label: string) => (
    <div className="run-script">
      <Typography.Paragraph type="secondary">{t('runner.scriptHelp')}</Typography.Paragraph>
      <Suspense fallback={<PageLoading />}>
        <CodeEditor
          value={draft[which]}
          onChange={(text) => patch({ [which]: text })}
          language="javascript"
          label={label}
          minHeight={140}
        />
      </Suspense>
    </div>
  );
  const bodyEditor =
    draft.bodyType === 'none' ? (
      <Typography.Paragraph type="secondary">{t('runner.noBody')}</Typography.Paragraph>
    ) : draft.bodyType === 'form' || draft.bodyType === 'form-data' ? (
      <RowsEditor
        label={t('runner.bodyText')}
        rows={draft.form}
        onChange={(form) => patch({ form })}
        files={draft.bodyType === 'form-data'}
      />
    ) : (
      <Input.TextArea
        className="run-body-text"
        aria-label={t('runner.bodyText')}
        autoSize={{ minRows: 6, maxRows: 24 }}
        value={draft.bodyText}
        onChange={(e) => patch({ bodyText: e.target.value })}
      />
    );

  const failure = outcome?.failure;
  return (
    <section className="run-panel" aria-label={t('runner.tab')}>
      {props.header}
      <Flex gap={8} wrap align="center" className="run-line">
        <Space.Compact className="run-address">
          <Select
            aria-label={t('runner.method')}
            value={draft.method}
            onChange={(method: RunMethod) => patch({ method })}
            options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
            popupMatchSelectWidth={false}
          />
          <Input
            aria-label={t('runner.url')}
            placeholder={t('runner.urlPlaceholder')}
            value={draft.url}
            onChange={(e) => patch({ url: e.target.value })}
            onPressEnter={() => void send(draft)}
          />
        </Space.Compact>
        <Tooltip title={canSend(draft) ? undefined : t('runner.urlRequired')}>
          {sending ? (
            <Button danger icon={<StopOutlined aria-hidden />} onClick={() => abort.current?.abort()}>
              {t('runner.cancel')}
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined aria-hidden />} disabled={!canSend(draft)} onClick={() => void send(draft)}>
              {t('runner.send')}
            </Button>
          )}
        </Tooltip>
        {props.actions?.(draft)}
      </Flex>
      <Flex gap={8} wrap align="center" className="run-line">
        <Typography.Text id="run-transport-label">{t('runner.transport')}</Typography.Text>
        <Segmented
          aria-labelledby="run-transport-label"
          value={transport}
          onChange={(next) => {
            setChosenTransport(next);
            try {
              localStorage.setItem(TRANSPORT_KEY, next);
            } catch {
              // The choice lasts for this page.
            }
          }}
          options={available.map((x) => ({ value: x, label: t(`runner.transports.${x}`) }))}
        />
        <Typography.Text type="secondary">{t(`runner.transportHints.${transport}`)}</Typography.Text>
      </Flex>
      {env.baseUrl ? <Typography.Text type="secondary">{t('runner.baseUrl', { url: env.baseUrl })}</Typography.Text> : null}
      <Tabs
        className="run-request"
        items={[
          {
            key: 'params',
            label: t('runner.tabs.params'),
            children: (
              <>
                <RowsEditor label={t('runner.pathParams')} rows={draft.pathParams} onChange={(pathParams) => patch({ pathParams })} />
                <RowsEditor label={t('runner.query')} rows={draft.query} onChange={(query) => patch({ query })} />
              </>
            ),
          },
          {
            key: 'headers',
            label: t('runner.tabs.headers'),
            children: <RowsEditor label={t('runner.tabs.headers')} rows={draft.headers} onChange={(headers) => patch({ headers })} />,
          },
          {
            key: 'body',
            label: t('runner.tabs.body'),
            children: (
              <>
                <Segmented
                  aria-label={t('runner.bodyType')}
                  value={draft.bodyType}
                  onChange={(bodyType) => patch({ bodyType })}
                  options={DRAFT_BODY_TYPES.map((x) => ({ value: x, label: t(`runner.bodyTypes.${x}`) }))}
                />
                {bodyEditor}
              </>
            ),
          },
          ...(scriptsShown
            ? [
                { key: 'pre', label: t('runner.tabs.pre'), children: scriptEditor('preScript', t('runner.preScriptLabel')) },
                { key: 'post', label: t('runner.tabs.post'), children: scriptEditor('postScript', t('runner.postScriptLabel')) },
              ]
            : []),
        ]}
      />
      {engines.snippet ? <SnippetsPanel request={preview} toSnippet={engines.snippet} /> : null}
      <Typography.Title level={2} className="run-title">
        {t('runner.response')}
      </Typography.Title>
      <div aria-live="polite">
        {sending ? <Typography.Text>{t('runner.sending')}</Typography.Text> : null}
        {outcome?.missing.length ? (
          <Alert type="warning" showIcon title={t('runner.missingVariables', { names: outcome.missing.join(', ') })} />
        ) : null}
        {failure ? (
          <Alert type="error" showIcon role="alert" title={t(`runner.failures.${failure.kind}`, { detail: failure.detail })} />
        ) : null}
        {outcome?.response ? (
          <ResponseView
            response={outcome.response}
            transport={outcome.transport}
            documented={props.documented}
            results={
              scriptsShown && (outcome.pre || outcome.post) ? (
                <ScriptResults pre={outcome.pre} post={outcome.post} written={outcome.written} />
              ) : undefined
            }
          />
        ) : !outcome && !sending ? (
          <Typography.Paragraph type="secondary">{t('runner.noResponse')}</Typography.Paragraph>
        ) : null}
        {outcome && !outcome.response && (outcome.pre?.error || outcome.pre?.warnings.length) ? (
          <ScriptResults pre={outcome.pre} written={outcome.written} />
        ) : null}
      </div>
      <Typography.Title level={2} className="run-title">
        {t('runner.recent')}
      </Typography.Title>
      <RecentRuns
        runs={runs}
        onLoad={(run) => setDraft(run.draft)}
        onRerun={(run) => {
          setDraft(run.draft);
          void send(run.draft);
        }}
      />
    </section>
  );
}
