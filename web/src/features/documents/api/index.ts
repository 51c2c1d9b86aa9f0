/** What the workspace reads and changes about documents. Shared reads pass their token, so they cache apart. */
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { RouteId } from '@shared/routes';
import type { ModelContent, ParamItem } from '@shared/schemas/document';
import { DOCUMENT_ID_PATTERN } from '@shared/schemas/document-kinds';
import { api, apiQuery, useApiMutation, useApiQuery } from '../../../lib/api';
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
export const useDocumentTree = (projectId: string, version?: string, enabled = true) =>
  useQuery({ ...documentTreeQuery(projectId, version), enabled });

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

/** Every read a document change can affect: the tree, the open document, its history, searches and the bin. */
const DOCUMENT_READS: RouteId[] = [
  'document.tree',
  'document.get',
  'document.history',
  'document.children',
  'document.search',
  'document.bin',
  'document.recent',
];

/** A change to one document: every document read is refreshed after it, and the caller shows a failure where it belongs. */
const useDocumentChange = <Id extends RouteId>(id: Id) => useApiMutation(id, { invalidates: DOCUMENT_READS, ignoreMessage: true });

export const useCreateDocument = () => useDocumentChange('document.create');
/** Saves a new revision (the content, a comment, a name); refused with `staleRevision` when someone saved since `rev`. */
export const useSaveDocument = () => useDocumentChange('document.update');
export const useCopyDocument = () => useDocumentChange('document.copy');
/** Moves a document under `parentId`, after `preId` (or first). */
export const useMoveDocument = () => useDocumentChange('document.resort');
/** Puts a preserved version back as the newest. */
export const useRestoreVersion = () => useDocumentChange('document.historyRevert');
/** Moves a document (and what a folder holds) to the project's bin. */
export const useBinDocument = () => useDocumentChange('document.delete');
/** Back from the project's document bin. */
export const useUnbinDocument = () => useDocumentChange('document.binRestore');

/** A rename starts from the latest revision: the tree the name was picked in may be older than the document. */
export const useRenameDocument = () =>
  useApiMutation(
    async ({ id, name }: { id: string; name: string }) => {
      const { rev } = await api.call('document.get', { params: { id } }, { ignoreMessage: true });
      return api.call('document.update', { body: { id, rev, name } }, { ignoreMessage: true });
    },
    { invalidates: DOCUMENT_READS },
  );

/** The project's latest saves, newest first, with who saved each: the project overview's "recent changes". */
export const useRecentChanges = (projectId: string, version?: string) =>
  useApiQuery('document.recent', { params: { projectId } }, { version, ignoreMessage: true, ignoreRedirect: true });
