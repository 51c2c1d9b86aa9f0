/** What the workspace reads and changes about documents. Shared reads pass their token, so they cache apart. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RouteId, RouteRequest } from '@shared/routes';
import type { ModelContent, ParamItem } from '@shared/schemas/document';
import { DOCUMENT_ID_PATTERN } from '@shared/schemas/document-kinds';
import { api, apiQuery, invalidate, useApiQuery } from '../../../lib/api';
import { referencedModels, type ModelsById } from '../lib/param-rows';

/**
 * The whole tree of a project, live or as a release froze it; the workspace route starts this request before its
 * page code has loaded.
 */
export const documentTreeQuery = (projectId: string, version?: string) => ({
  ...apiQuery('document.tree', { params: { projectId } }, { ignoreMessage: true, version }),
  // A refetched tree replaces the old one: comparing 5,000 nodes to reuse unchanged ones costs more than it saves.
  structuralSharing: false,
});
export const useDocumentTree = (projectId: string, version?: string) => useQuery(documentTreeQuery(projectId, version));

/** How a document is read: live, as a release froze it (`version`), or by a share link's reader (`shareToken`). */
export interface ReadAs {
  version?: string;
  shareToken?: string;
}
/** A share link's reader has no session to lose: a refusal is shown on the page, never a trip to sign in. */
export const useDocument = (id: string, as: ReadAs & { enabled?: boolean } = {}) =>
  useApiQuery('document.get', { params: { id } }, { ...as, ignoreMessage: true, ignoreRedirect: !!as.shareToken });
/**
 * The data models that parameter lists refer to, and the models those refer to, read as the document was (live,
 * released or shared). A model the reader may not read, or that no longer exists, stays unknown.
 */
export function useModels(lists: ParamItem[][], as: ReadAs = {}): ModelsById {
  // Models found inside models read so far: each round of reads may name more, until none is new.
  const [nested, setNested] = useState<string[]>([]);
  const ids = [...new Set([...referencedModels(lists.flat(), NO_MODELS), ...nested])].filter(isDocumentId);
  const results = useQueries({
    queries: ids.map((id) =>
      apiQuery('document.get', { params: { id } }, { ...as, ignoreMessage: true, ignoreRedirect: true, staleTime: 60_000 }),
    ),
  });
  const loadedKey = results.map((r, i) => (r.data?.type === 'model' ? `${ids[i]}@${r.data.rev}` : '')).join(',');
  const models = useMemo(() => {
    const found = new Map<string, ModelContent>();
    results.forEach((r, i) => r.data?.type === 'model' && found.set(ids[i]!, r.data.content));
    return found;
    // A new map only when another model (or revision) arrived: `loadedKey` names them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey]);
  // Set during render (React's "adjusting state when a prop changes"): the next reads start before anything paints.
  const all = referencedModels(lists.flat(), models).filter(isDocumentId);
  if (all.some((id) => !ids.includes(id))) setNested(all);
  return models;
}

const NO_MODELS: ModelsById = new Map();
const isDocumentId = (id: string) => DOCUMENT_ID_PATTERN.test(id);

export const useHistory = (id: string) => useApiQuery('document.history', { params: { id } });
export const useHistoryEntry = (id: string, historyId: string | null) =>
  useApiQuery('document.historyGet', { params: { id, historyId: historyId ?? '' } }, { enabled: !!historyId });
/**
 * Documents whose title, path or content holds the keyword (the server's search). Each keyword is its own query:
 * a search whose keyword is no longer asked for has no reader left, and react-query cancels its request.
 */
export const useDocumentSearch = (projectId: string, keyword: string, enabled = true) =>
  useApiQuery('document.search', { params: { projectId }, query: { keyword } }, { enabled: enabled && !!keyword, ignoreMessage: true });

/** The project's document bin (editors only). */
export const useDocumentBin = (projectId: string, enabled = true) => useApiQuery('document.bin', { params: { projectId } }, { enabled });

const DOCUMENT_READS: RouteId[] = [
  'document.tree',
  'document.get',
  'document.history',
  'document.children',
  'document.search',
  'document.bin',
];
/** After any document change: the tree, the open document and its history. */
export const refreshDocuments = () => invalidate(...DOCUMENT_READS);

/** Document changes go through `call` with `ignoreMessage`: each caller shows a failure where it belongs. */
export const documentCalls = {
  create: (body: RouteRequest<'document.create'>['body']) => api.call('document.create', { body }, { ignoreMessage: true }),
  update: (body: RouteRequest<'document.update'>['body']) => api.call('document.update', { body }, { ignoreMessage: true }),
  remove: (id: string) => api.call('document.delete', { params: { id } }, { ignoreMessage: true }),
  copy: (id: string) => api.call('document.copy', { body: { id } }, { ignoreMessage: true }),
  resort: (docId: string, parentId: string, preId: string) =>
    api.call('document.resort', { params: { docId, parentId, preId } }, { ignoreMessage: true }),
  latest: (id: string) => api.call('document.get', { params: { id } }, { ignoreMessage: true }),
  restore: (historyId: string) => api.call('document.historyRevert', { params: { id: historyId } }, { ignoreMessage: true }),
  /** Back from the project's document bin. */
  unbin: (id: string) => api.call('document.binRestore', { params: { id } }, { ignoreMessage: true }),
};
