/**
 * An HTTP API document's Run tab: the runner (a feature of its own) prefilled from the document, with the
 * environment chosen in the workspace's header, its variables (local values over shared ones) and the global
 * parameters that apply with it. Recent runs are kept per signed-in user (`guest` for a public reader). The
 * document's scripts fill the script tabs, and its editors save them with it.
 */
import { useMemo } from 'react';
import type { DocumentViewOf } from '@shared/schemas/document';
import { PageLoading } from '../../components/page-loading';
import { errorMessage } from '../../lib/form';
import { notify } from '../../lib/notify';
import { useCurrentUser } from '../../features/auth/api/session';
import { useEnvironments, useGlobalParams } from '../../features/environments/api';
import { effectiveGlobals } from '../../features/environments/lib/globals';
import { localValueOf, setLocalValue, useChosenEnvironment, useLocalValues } from '../../features/environments/lib/local';
import { useScriptValues, writeScriptValues } from '../../features/environments/lib/script-values';
import { useSaveScripts } from '../../features/runner/api';
import { RunPanel, type RunEnvironment } from '../../features/runner/components/run-panel';
import { draftFromApi } from '../../features/runner/lib/draft';
import { runEngines } from '../../features/runner/lib/engines';

/** The environment chosen for a project in this browser, as the runner uses it; null until it is known. */
export function useRunEnvironment(projectId: string | null) {
  const envs = useEnvironments(projectId ?? '', !!projectId);
  const [chosen] = useChosenEnvironment(projectId ?? '');
  const localVersion = useLocalValues();
  const env = envs.data?.find((e) => e.id === chosen) ?? null;
  const scope = env?.id ?? 'none';
  const scriptValues = useScriptValues(scope);
  const runEnv = useMemo(
    (): RunEnvironment => ({
      scope,
      baseUrl: env?.baseUrl ?? '',
      variables: (env?.variables ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        value: v.value,
        secret: v.secret,
        local: localValueOf(v.id),
      })),
      setLocal: setLocalValue,
      scriptValues,
      writeScriptValues: (changes) => writeScriptValues(scope, changes),
    }),
    // The local values are read again whenever one changes (`localVersion`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [env, localVersion, scriptValues],
  );
  return { env, runEnv, pending: !!projectId && envs.isPending };
}

export function RunTab({ projectId, doc, canEdit }: { projectId: string; doc: DocumentViewOf<'api'>; canEdit: boolean }) {
  const user = useCurrentUser({ ignoreRedirect: true });
  const saving = useSaveScripts();
  const globals = useGlobalParams(projectId);
  const { env, runEnv, pending } = useRunEnvironment(projectId);
  const requestKey = useMemo(() => JSON.stringify({ ...doc.content, scripts: undefined }), [doc.content]);
  if (pending || globals.isPending) return <PageLoading />;
  const initial = draftFromApi(doc.content, effectiveGlobals(globals.data?.value, env?.globalParams));
  return (
    <RunPanel
      // A new environment or a saved change of the request starts from its prefilled request again; saving the scripts
      // (from this panel) does not, so the form keeps what was typed in it.
      key={`${doc.id}-${requestKey}-${env?.id ?? ''}`}
      userId={user.data?.id ?? 'guest'}
      docId={doc.id}
      initialDraft={initial}
      env={runEnv}
      engines={runEngines}
      documented={doc.content.responses}
      scripts={
        canEdit
          ? {
              saved: { pre: doc.content.scripts?.pre ?? '', post: doc.content.scripts?.post ?? '' },
              save: (scripts) => saving.saveScripts(doc, scripts).catch((error: unknown) => notify.error(errorMessage(error))),
              saving: saving.isPending,
            }
          : undefined
      }
    />
  );
}
