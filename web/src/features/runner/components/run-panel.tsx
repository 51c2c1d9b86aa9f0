/**
 * The interface test runner: the request (method, address, parameters, headers, body, scripts), the way it is sent,
 * its response, its code snippets and the recent runs. The same panel is an HTTP API document's Run tab and the
 * blank test page; the page hands in the first draft, the environment and what to send with (`engines`), and on a
 * document its editors get to save the scripts with it (`scripts`). What one send does is the `useRun` hook's.
 */
import { Typography } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiResponse, ApiScripts } from '@shared/schemas/document';
import { RUN_TRANSPORTS } from '@shared/schemas/runner';
import { useRun, type RunEnvironment } from '../hooks/use-run';
import { buildRequest, canSend, type RunDraft } from '../lib/draft';
import type { RunEngines } from '../lib/engines';
import { variableValues } from '../lib/variables';
import { AddressBar, TransportPicker, useTransport } from './address-bar';
import { RequestTabs } from './request-tabs';
import { RecentRuns, SnippetsPanel } from './run-extras';
import { RunOutcome } from './run-outcome';
import '../../../i18n/runner';

export type { RunEnvironment };

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
  /** The document's saved scripts and how to save them, for its editors. */
  scripts?: { saved: ApiScripts; save: (scripts: ApiScripts) => Promise<unknown>; saving: boolean };
  /** Shown above the request: the environment picker of the blank page. */
  header?: ReactNode;
  /** Beside Send: the blank page's "save as a document". */
  actions?: (draft: RunDraft) => ReactNode;
}

export function RunPanel(props: RunPanelProps) {
  const { t } = useTranslation();
  const { engines, env, scripts } = props;
  const [draft, setDraft] = useState<RunDraft>(props.initialDraft);
  const patch = (change: Partial<RunDraft>) => setDraft((d) => ({ ...d, ...change }));
  const available = RUN_TRANSPORTS.filter((x) => engines.transports[x]);
  const [transport, setTransport] = useTransport(available);
  const values = useMemo(() => variableValues(env.variables, env.scriptValues), [env.variables, env.scriptValues]);
  const run = useRun({ userId: props.userId, docId: props.docId, engines, env, values });
  const preview = useMemo(() => (canSend(draft) ? buildRequest(draft, values, env.baseUrl).request : null), [draft, values, env.baseUrl]);
  const send = (sent: RunDraft) => void run.send(sent, transport);
  const scriptSaving = scripts && {
    unsaved: draft.preScript !== scripts.saved.pre || draft.postScript !== scripts.saved.post,
    saving: scripts.saving,
    save: () => void scripts.save({ pre: draft.preScript, post: draft.postScript }),
  };

  return (
    <section className="run-panel" aria-label={t('runner.tab')}>
      {props.header}
      <AddressBar
        draft={draft}
        patch={patch}
        sending={run.sending}
        onSend={() => send(draft)}
        onCancel={run.cancel}
        actions={props.actions?.(draft)}
      />
      <TransportPicker available={available} value={transport} onChange={setTransport} />
      {env.baseUrl ? <Typography.Text type="secondary">{t('runner.baseUrl', { url: env.baseUrl })}</Typography.Text> : null}
      <RequestTabs draft={draft} patch={patch} scripts={!!engines.scripts} scriptSaving={scriptSaving} />
      {engines.snippet ? <SnippetsPanel request={preview} toSnippet={engines.snippet} /> : null}
      <Typography.Title level={2} className="run-title">
        {t('runner.response')}
      </Typography.Title>
      <RunOutcome outcome={run.outcome} sending={run.sending} documented={props.documented} scripts={!!engines.scripts} />
      <Typography.Title level={2} className="run-title">
        {t('runner.recent')}
      </Typography.Title>
      <RecentRuns
        runs={run.runs}
        onLoad={(recent) => setDraft(recent.draft)}
        onRerun={(recent) => {
          setDraft(recent.draft);
          send(recent.draft);
        }}
      />
    </section>
  );
}
