/**
 * What the scenario screens read and change (issue 36): a project's scenarios and folders, one scenario with the
 * state of the documents its steps refer to, saving against the revision read, and the runs. Also the sources a
 * browser run reads its documents, models and called scenarios from.
 */
import type { DocumentLookup, ScenarioSources } from '@shared/scenarios/engine';
import type { ParamItem } from '@shared/schemas/params';
import type { ReferencedDocument } from '@shared/schemas/scenario';
import { useQuery } from '@tanstack/react-query';
import { api, apiQuery, invalidate, isApiError, useApiMutation, useApiQuery } from '../../../lib/api';

const quiet = { ignoreMessage: true, ignoreRedirect: true } as const;

export const useScenarioList = (projectId: string) => useApiQuery('scenario.list', { params: { id: projectId } }, quiet);
export const useScenario = (id: string | undefined) =>
  useApiQuery('scenario.get', { params: { id: id ?? '' } }, { ...quiet, enabled: !!id });
export const useRuns = (scenarioId: string | undefined) =>
  useApiQuery('scenarioRun.list', { params: { id: scenarioId ?? '' } }, { ...quiet, enabled: !!scenarioId });
export const useRunDetail = (runId: string | undefined) =>
  useApiQuery('scenarioRun.get', { params: { id: runId ?? '' } }, { ...quiet, enabled: !!runId, staleTime: Infinity });

/** The scenario as stored now (its latest revision), outside the cache. */
export const readScenario = (id: string) => api.call('scenario.get', { params: { id } }, quiet);

const LISTS = ['scenario.list', 'scenario.get'] as const;
export const useScenarioChange = <Id extends 'scenario.create' | 'scenario.update' | 'scenario.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: LISTS, ignoreMessage: true });
export const useFolderChange = <Id extends 'scenarioFolder.create' | 'scenarioFolder.update' | 'scenarioFolder.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: ['scenario.list'], ignoreMessage: true });
export const useSaveRun = () =>
  useApiMutation('scenarioRun.save', { invalidates: ['scenarioRun.list', 'scenario.list'], ignoreMessage: true });

/** Starts a run on the server (`scenarioJob.start`); the screen follows the job with `useServerRunJob`. */
export const useStartServerRun = () => useApiMutation('scenarioJob.start', { ignoreMessage: true });

const SERVER_RUN_POLL_MS = 1_000;
/** A server run's job, read again every second until it has ended. */
export const useServerRunJob = (jobId: string | null) =>
  useQuery({
    ...apiQuery('scenarioJob.get', { params: { id: jobId ?? '' } }, quiet),
    enabled: !!jobId,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'done' || state === 'failed' ? false : SERVER_RUN_POLL_MS;
    },
  });
/** The history and the list's pass rates read again (a server run ended). */
export const refreshRuns = () => invalidate('scenarioRun.list', 'scenario.list');

const lookupOf = (ref: ReferencedDocument): DocumentLookup | undefined =>
  ref.state === 'ok' ? undefined : { state: ref.state, id: ref.id, title: ref.title };

/**
 * Where a browser run reads what its steps refer to: the documents' states as `scenario.get` told them (a deleted or
 * binned one fails the run with that reason), each document and model read through the API when the run asks.
 */
export function scenarioSources(known: readonly ReferencedDocument[]): ScenarioSources {
  const states = new Map(known.map((d) => [d.id, d]));
  const read = (id: string) => api.call('document.get', { params: { id } }, quiet);
  return {
    async document(id) {
      const ref = states.get(id);
      const gone = ref && lookupOf(ref);
      if (gone) return gone;
      try {
        const doc = await read(id);
        return doc.type === 'api' ? { state: 'ok', id, title: doc.name, content: doc.content } : { state: 'notApi', id, title: doc.name };
      } catch (error) {
        if (isApiError(error)) return { state: 'missing', id };
        throw error;
      }
    },
    async model(id): Promise<ParamItem[] | undefined> {
      try {
        const doc = await read(id);
        return doc.type === 'model' ? doc.content.schema : undefined;
      } catch {
        return undefined;
      }
    },
    async scenario(id) {
      try {
        const called = await api.call('scenario.get', { params: { id } }, quiet);
        for (const d of called.documents) if (!states.has(d.id)) states.set(d.id, d);
        return { name: called.name, content: called.content };
      } catch {
        return undefined;
      }
    },
  };
}

/** A Postman collection (v2.0/v2.1) imported as a new scenario; the answer says what it could not carry. */
export const useImportPostman = () => useApiMutation('scenario.importPostman', { invalidates: ['scenario.list'], ignoreMessage: true });
/** A scenario as a Postman collection v2.1, read when asked for (a download, never cached). */
export const readPostmanExport = (id: string) => api.call('scenario.exportPostman', { params: { id } }, quiet);

/** A scenario's schedules (a cron and time zone per environment), with when each fires next. */
export const useSchedules = (scenarioId: string) =>
  useApiQuery('scenarioSchedule.list', { params: { id: scenarioId } }, { ...quiet, enabled: !!scenarioId });
/** Sets or deletes a schedule; the list is read again after it, and the screen shows a failure. */
export const useScheduleChange = <Id extends 'scenarioSchedule.save' | 'scenarioSchedule.delete'>(id: Id) =>
  useApiMutation(id, { invalidates: ['scenarioSchedule.list'], ignoreMessage: true });
