/** The compatibility report between two versions of a project (issue 35). */
import { useApiQuery } from '../../../lib/api';

/** `to` is a release's version or `live`; nothing is asked until both versions are chosen. */
export const useChanges = (projectId: string, from: string | undefined, to: string) =>
  useApiQuery('release.changes', { params: { id: projectId }, query: { from: from ?? '', to } }, { enabled: !!from, ignoreMessage: true });
