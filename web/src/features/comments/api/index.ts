/** Comments of a document, the project's members to mention, and watching: what the comment screens read and change. */
import type { RouteId } from '@shared/routes';
import { useApiMutation, useApiQuery } from '../../../lib/api';

/** A document's comments with what the reader may do there; the header's count comes from the same read. */
export const useComments = (documentId: string, enabled = true) =>
  useApiQuery('comment.list', { params: { id: documentId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });

/** A change to comments; the list is read again after it, and the bell's reads (a mention of oneself aside) stay as they are. */
export const useCommentChange = <Id extends 'comment.create' | 'comment.update' | 'comment.delete' | 'comment.resolve'>(id: Id) =>
  useApiMutation(id, { invalidates: ['comment.list'] });

export const useCommentPolicy = () => useApiMutation('comment.policy', { invalidates: ['comment.list'] });

/** Who the `@` of the editor offers: the project's members. */
export const useMentionable = (projectId: string, enabled: boolean) =>
  useApiQuery('project.members', { params: { id: projectId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });

const WATCH_READS: RouteId[] = ['watch.get'];
/** Whether the reader watches a project, folder or document. */
export const useWatch = (targetId: string, enabled: boolean) =>
  useApiQuery('watch.get', { params: { id: targetId } }, { enabled, ignoreMessage: true, ignoreRedirect: true });
export const useWatchChange = <Id extends 'watch.add' | 'watch.remove'>(id: Id) => useApiMutation(id, { invalidates: WATCH_READS });
