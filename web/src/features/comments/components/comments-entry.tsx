/**
 * A document's comments from its header: the watch switch (for members), the button with the comment count that
 * opens the comments, and the drawer itself while it is open for this document.
 */
import { CommentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useComments } from '../api';
import { openComments, useOpenComments } from '../lib/drawer';
import { CommentsDrawer } from './comments-drawer';
import { WatchButton } from './watch-button';
import '../../../i18n/comment-texts';

export function CommentsEntry({
  projectId,
  documentId,
  userId,
  member,
  markdown,
}: {
  projectId: string;
  documentId: string;
  /** The signed-in reader, if any. */
  userId: string | undefined;
  /** Whether the reader is a member of the project (only members watch). */
  member: boolean;
  markdown: (source: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useComments(documentId);
  const open = useOpenComments();
  const count = list.data?.comments.length ?? 0;
  return (
    <>
      {member ? <WatchButton targetId={documentId} /> : null}
      <Button icon={<CommentOutlined aria-hidden />} onClick={() => openComments(documentId)} disabled={!list.data}>
        {t('comments.button', { count })}
      </Button>
      {open?.documentId === documentId && list.data ? (
        <CommentsDrawer projectId={projectId} userId={userId} open={open} list={list.data} markdown={markdown} />
      ) : null}
    </>
  );
}
