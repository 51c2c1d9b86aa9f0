/** The compatibility report between two versions of a project, and the project's policy that it obeys (issue 35). */
import { useApiMutation, useApiQuery } from '../../../lib/api';

/** `to` is a release's version or `live`; nothing is asked until both versions are chosen. */
export const useChanges = (projectId: string, from: string | undefined, to: string) =>
  useApiQuery('release.changes', { params: { id: projectId }, query: { from: from ?? '', to } }, { enabled: !!from, ignoreMessage: true });

/** The project's policy: readers see it, editors change it. */
export const useCompatPolicy = (projectId: string, enabled = true) =>
  useApiQuery('compat.policy', { params: { projectId } }, { enabled, ignoreMessage: true });

/** The project's APIs and models with its policy: what the import preview's verdict compares a file against. */
export const useCompatLive = (projectId: string, enabled: boolean) =>
  useApiQuery('compat.live', { params: { projectId } }, { enabled, ignoreMessage: true });

/** A change of the policy: every report (and the publish dialog's next version) is read again after it. */
export const usePolicyChange = <Id extends 'compat.severities' | 'compat.accept' | 'compat.unaccept'>(id: Id) =>
  useApiMutation(id, { invalidates: ['compat.policy', 'compat.live', 'release.changes', 'release.nextVersion'], ignoreMessage: true });
