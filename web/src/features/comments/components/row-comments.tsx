/** Beside a parameter row: how many threads are anchored there, and the way to open them or start one. */
import { CommentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { sameAnchor, type CommentAnchor } from '@shared/schemas/comment';
import { useComments } from '../api';
import { openComments } from '../lib/drawer';
import '../../../i18n/comment-texts';

export function RowComments({ documentId, anchor }: { documentId: string; anchor: CommentAnchor }) {
  const { t } = useTranslation();
  // The document's list, read once for the header and every row.
  const list = useComments(documentId);
  if (!list.data) return null;
  const threads = list.data.comments.filter((c) => !c.parentId && c.anchor && sameAnchor(c.anchor, anchor)).length;
  if (!threads && !list.data.mayComment) return null;
  return (
    <Button
      size="small"
      type="text"
      className={threads ? 'row-comments row-comments-some' : 'row-comments'}
      icon={<CommentOutlined aria-hidden />}
      aria-label={threads ? t('comments.rowComments', { count: threads }) : t('comments.addRowComment')}
      onClick={() => openComments(documentId, anchor)}
    >
      {threads || null}
    </Button>
  );
}
