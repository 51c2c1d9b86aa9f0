/**
 * What the workspace shows, read once for its header, tree and panel: the project, its tree and releases, the
 * released version read (if any), where links go, and what the reader may do (`can`).
 */
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { DocumentTreeNode } from '@shared/schemas/document';
import { serialLabels } from '@shared/serial-numbers';
import { hasSession } from '../../features/auth/api/session';
import { useDocumentTree } from '../../features/documents/api';
import { useProject } from '../../features/projects/api';
import { useReleases } from '../../features/shares/api';
import { paths, VERSION_PARAM } from '../../paths';
import { workspaceAbilities } from './abilities';

const NO_NODES: DocumentTreeNode[] = [];

/** The released version the address asks to read (`?version=`), if any: read only, as the release froze it. */
function useReadVersion(live: boolean) {
  const [search] = useSearchParams();
  return live ? undefined : search.get(VERSION_PARAM) || undefined;
}

export function useWorkspace(props: { projectId: string; docId?: string; editing: boolean; live: boolean }) {
  const { projectId, docId } = props;
  const navigate = useNavigate();
  const signedIn = hasSession();
  const version = useReadVersion(props.live);
  const project = useProject(projectId, { ignoreMessage: true, ignoreRedirect: !signedIn, version });
  // Asked for at once, not after the project: the route has usually started both requests already.
  const tree = useDocumentTree(projectId, version);
  const releases = useReleases(projectId, !!project.data);
  const can = workspaceAbilities(project.data, { version, signedIn });
  const editing = props.editing && can.edit;
  const nodes = tree.data ?? NO_NODES;
  // The project's 序号样式: one label per node, the same in the tree and the open document's heading.
  const serialStyle = project.data?.serialStyle ?? 'none';
  const serials = useMemo(() => serialLabels(tree.data ?? [], serialStyle), [tree.data, serialStyle]);
  // Stable, so the (memoised) tree does not render again when the workspace does.
  const openDocument = useCallback(
    (id: string) => void navigate(paths.document.href(projectId, id, editing ? 'edit' : undefined, { version })),
    [navigate, projectId, editing, version],
  );
  const linkOf = useCallback((id: string) => paths.document.href(projectId, id, undefined, { version }), [projectId, version]);
  /** The same place (document or project) in another version; none: live. */
  const readVersion = (next: string | undefined) =>
    void navigate(
      docId && !props.live
        ? paths.document.href(projectId, docId, undefined, { version: next })
        : paths.project.href(projectId, { version: next }),
    );
  const releaseList = releases.data ?? [];
  return {
    projectId,
    docId,
    signedIn,
    version,
    release: version ? releaseList.find((r) => r.version === version) : undefined,
    project,
    tree,
    nodes,
    releases,
    releaseList,
    can,
    editing,
    serials,
    openDocument,
    linkOf,
    readVersion,
  };
}
export type WorkspaceState = ReturnType<typeof useWorkspace>;
