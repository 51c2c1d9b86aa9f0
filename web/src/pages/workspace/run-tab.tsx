/**
 * An HTTP API document's Run tab: the runner (a feature of its own) prefilled from the document, with the
 * environment chosen in the workspace's header, its variables (local values over shared ones) and the global
 * parameters that apply with it. Recent runs are kept per signed-in user (`guest` for a public reader).
 */
import { useMemo } from 'react';
import type { DocumentViewOf } from '@shared/schemas/document';
import { PageLoading } from '../../components/page-loading';
import { useCurrentUser } from '../../features/auth/api/session';
import { useEnvironments, useGlobalParams } from '../../features/environments/api';
import { effectiveGlobals } from '../../features/environments/lib/globals';
import { localValueOf, setLocalValue, useChosenEnvironment, useLocalValues } from '../../features/environments/lib/local';
import { RunPanel, type RunEnvironment } from '../../features/runner/components/run-panel';
import { draftFromApi } from '../../features/runner/lib/draft';
import { runEngines } from '../../features/runner/lib/engines';

/** The environment chosen for a project in this browser, as the runner uses it; null until it is known. */
export function useRunEnvironment(projectId: string | null) {
  const envs = useEnvironments(projectId ?? '', !!projectId);
  const [chosen] = useChosenEnvironment(projectId ?? '');
  const localVersion = useLocalValues();
  const env = envs.data?.find((e) => e.id === chosen) ?? null;
  const runEnv = useMemo(
    (): RunEnvironment => ({
      scope: env?.id ?? 'none',
      baseUrl: env?.baseUrl ?? '',
      variables: (env?.variables ?? []).map((v) => ({
        id: v.id,
        name: v.name,
        value: v.value,
        secret: v.secret,
        local: localValueOf(v.id),
      })),
      setLocal: setLocalValue,
    }),
    // The local values are read again whenever one changes (`localVersion`).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [env, localVersion],
  );
  return { env, runEnv, pending: !!projectId && envs.isPending };
}

export function RunTab({ projectId, doc }: { projectId: string; doc: DocumentViewOf<'api'> }) {
  const user = useCurrentUser({ ignoreRedirect: true });
  const globals = useGlobalParams(projectId);
  const { env, runEnv, pending } = useRunEnvironment(projectId);
  if (pending || globals.isPending) return <PageLoading />;
  const initial = draftFromApi(doc.content, effectiveGlobals(globals.data?.value, env?.globalParams));
  return (
    <RunPanel
      // A new environment or a saved change of the document starts from its prefilled request again.
      key={`${doc.id}-${doc.rev}-${env?.id ?? ''}`}
      userId={user.data?.id ?? 'guest'}
      docId={doc.id}
      initialDraft={initial}
      env={runEnv}
      engines={runEngines}
      documented={doc.content.responses}
    />
  );
}
