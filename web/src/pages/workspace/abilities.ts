/** What the reader may do in the workspace, decided once for its header, tree and panel. */
import { projectAbilities } from '@shared/access';
import type { ProjectView } from '@shared/schemas/project';

/**
 * The workspace's role gates, each decided once: what the project role allows (shared/access.ts, the rules the
 * routes check), narrowed by reading a release (a tag: nothing in it is edited, and live-only pages stay away) and
 * by having a session (pages that need one).
 */
export function workspaceAbilities(
  project: Pick<ProjectView, 'role' | 'state'> | undefined,
  read: { version?: string; signedIn: boolean },
) {
  const role = projectAbilities(project?.role, project?.state === 'active');
  const live = !read.version;
  return {
    /** Write documents: new, bin, tree menu, drag and drop, the editor. */
    edit: role.edit && live,
    /** Publish releases (the releases drawer opens for this even before the first release). */
    publish: role.publish,
    share: role.share,
    environments: role.environments && live,
    export: role.export && read.signedIn,
    settings: role.settings && read.signedIn,
    /** A document's history. */
    history: role.history && read.signedIn && live,
    /** The overview's recent changes (of the live project or the release read). */
    recentChanges: role.history,
  };
}
