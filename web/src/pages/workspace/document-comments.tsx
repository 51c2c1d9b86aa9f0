/**
 * The comments of the open document, composed here from the comments feature and the documents feature's markdown
 * renderer and row slot: the header's entry (watch, count, drawer) and the markers beside parameter rows.
 */
import type { ReactNode } from 'react';
import { atLeast } from '@shared/access';
import { useCurrentUser } from '../../features/auth/api/session';
import { CommentsEntry } from '../../features/comments/components/comments-entry';
import { RowComments } from '../../features/comments/components/row-comments';
import { MarkdownView } from '../../features/documents/components/markdown-view';
import { RowAsideContext, type RowPlace } from '../../features/documents/lib/row-aside';
import type { WorkspaceState } from './use-workspace';

const markdown = (source: string) => <MarkdownView source={source} className="comment-markdown" />;

export function DocumentComments({ ws, documentId }: { ws: WorkspaceState; documentId: string }) {
  const user = useCurrentUser({ ignoreRedirect: true });
  return (
    <CommentsEntry
      projectId={ws.projectId}
      documentId={documentId}
      userId={user.data?.id}
      member={ws.signedIn && atLeast(ws.project.data?.role, 'view')}
      markdown={markdown}
    />
  );
}

export function CommentRows({ documentId, children }: { documentId: string; children: ReactNode }) {
  const aside = (place: RowPlace) => <RowComments documentId={documentId} anchor={place} />;
  return <RowAsideContext.Provider value={aside}>{children}</RowAsideContext.Provider>;
}
