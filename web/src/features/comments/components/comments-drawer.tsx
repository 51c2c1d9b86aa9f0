/**
 * A document's comments: its threads (each its first comment and the replies), the ones anchored to a parameter row
 * labelled with it, resolved ones greyed with who resolved them; the editor for a new thread at the foot. Opened at a
 * row, it shows that row's threads and anchors a new one there.
 */
import { Alert, Button, Drawer, Flex, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sameAnchor, type CommentList, type CommentView, type CommentWritten } from '@shared/schemas/comment';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useCommentChange, useCommentPolicy } from '../api';
import { closeComments, openComments, type OpenComments } from '../lib/drawer';
import { CommentEditor, type Draft } from './comment-editor';
import '../../../i18n/comment-texts';

export interface CommentsDrawerProps {
  projectId: string;
  userId: string | undefined;
  open: OpenComments;
  list: CommentList;
  /** The app's one markdown renderer (sanitised), handed in by the page. */
  markdown: (source: string) => ReactNode;
}

export function CommentsDrawer({ projectId, userId, open, list, markdown }: CommentsDrawerProps) {
  const { t } = useTranslation();
  const create = useCommentChange('comment.create');
  const policy = useCommentPolicy();
  const [unreachable, setUnreachable] = useState<string[]>([]);
  const roots = list.comments.filter((c) => !c.parentId && (!open.anchor || (c.anchor && sameAnchor(c.anchor, open.anchor))));
  const repliesOf = (id: string) => list.comments.filter((c) => c.parentId === id);
  const told = (written: CommentWritten) => {
    const names = written.unreachable.map((p) => p.name);
    setUnreachable(names);
    if (!names.length) notify.success(t('comments.sent'));
  };
  const write = async (draft: Draft, parentId?: string) =>
    told(
      await create.mutateAsync({
        body: { documentId: open.documentId, ...draft, ...(parentId ? { parentId } : open.anchor ? { anchor: open.anchor } : {}) },
      }),
    );
  return (
    <Drawer open onClose={closeComments} title={t('comments.title')} size="large" className="comments-drawer">
      {open.anchor ? (
        <Flex gap={8} align="center" className="comments-filter">
          <Tag color="blue">{t('comments.anchoredTo', { label: open.anchor.label })}</Tag>
          <Button type="link" onClick={() => openComments(open.documentId)}>
            {t('comments.showAll')}
          </Button>
        </Flex>
      ) : null}
      {roots.length ? (
        <ol className="comment-threads" aria-label={t('comments.title')}>
          {roots.map((root) => (
            <li key={root.id} className={root.resolved ? 'comment-thread comment-resolved' : 'comment-thread'}>
              <CommentItem comment={root} {...{ projectId, userId, list, markdown }} />
              {root.resolved ? (
                <Typography.Text type="secondary" className="comment-resolved-by">
                  {t('comments.resolved', { name: root.resolvedByName })}
                </Typography.Text>
              ) : null}
              {repliesOf(root.id).length ? (
                <ol className="comment-replies">
                  {repliesOf(root.id).map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} {...{ projectId, userId, list, markdown }} />
                    </li>
                  ))}
                </ol>
              ) : null}
              {list.mayComment ? <ReplyBox projectId={projectId} onSubmit={(draft) => write(draft, root.id)} /> : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">{t('comments.empty')}</p>
      )}
      {unreachable.length ? (
        <Alert type="warning" showIcon role="alert" title={t('comments.unreachable', { names: unreachable.join(', ') })} closable />
      ) : null}
      {list.mayComment ? (
        <CommentEditor
          projectId={projectId}
          placeholder={t('comments.placeholder')}
          submitText={t('comments.send')}
          onSubmit={(d) => write(d)}
        />
      ) : (
        <p className="muted">{userId ? t('comments.closedToViewers') : t('comments.readOnly')}</p>
      )}
      {list.mayModerate ? (
        <label className="comments-policy">
          <Switch
            size="small"
            checked={list.viewersMayComment}
            loading={policy.isPending}
            onChange={(viewersMayComment) => policy.mutate({ body: { projectId, viewersMayComment } })}
          />{' '}
          {t('comments.viewersMayComment')}
        </label>
      ) : null}
    </Drawer>
  );
}

function ReplyBox({ projectId, onSubmit }: { projectId: string; onSubmit: (draft: Draft) => Promise<unknown> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        {t('comments.reply')}
      </Button>
    );
  return (
    <CommentEditor
      projectId={projectId}
      placeholder={t('comments.replyPlaceholder')}
      submitText={t('comments.reply')}
      onCancel={() => setOpen(false)}
      onSubmit={async (draft) => {
        await onSubmit(draft);
        setOpen(false);
      }}
    />
  );
}

function CommentItem({
  comment,
  projectId,
  userId,
  list,
  markdown,
}: {
  comment: CommentView;
  projectId: string;
  userId: string | undefined;
  list: CommentList;
  markdown: (source: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const update = useCommentChange('comment.update');
  const remove = useCommentChange('comment.delete');
  const resolve = useCommentChange('comment.resolve');
  const mine = comment.authorId === userId;
  return (
    <article className="comment" aria-label={comment.authorName}>
      <Flex gap={8} align="baseline" wrap className="comment-meta">
        <Typography.Text strong>{comment.authorName}</Typography.Text>
        <Typography.Text type="secondary">{formatDate(comment.createdAt)}</Typography.Text>
        {comment.editedAt ? <Typography.Text type="secondary">{t('comments.edited')}</Typography.Text> : null}
        {comment.anchor ? <Tag color="blue">{t('comments.anchoredTo', { label: comment.anchor.label })}</Tag> : null}
      </Flex>
      {editing ? (
        <CommentEditor
          projectId={projectId}
          initial={comment.body}
          placeholder={t('comments.placeholder')}
          submitText={t('comments.save')}
          onCancel={() => setEditing(false)}
          onSubmit={async (draft) => {
            await update.mutateAsync({ body: { id: comment.id, ...draft } });
            setEditing(false);
          }}
        />
      ) : (
        <div className="comment-body">{markdown(comment.body)}</div>
      )}
      {!editing ? (
        <Space size={0} className="comment-actions">
          {!comment.parentId && list.mayResolve ? (
            <Button
              size="small"
              type="link"
              loading={resolve.isPending}
              onClick={() => resolve.mutate({ params: { id: comment.id }, body: { resolved: !comment.resolved } })}
            >
              {comment.resolved ? t('comments.reopen') : t('comments.resolve')}
            </Button>
          ) : null}
          {mine ? (
            <Button size="small" type="link" onClick={() => setEditing(true)}>
              {t('comments.edit')}
            </Button>
          ) : null}
          {mine || list.mayModerate ? (
            <Popconfirm title={t('comments.deleteConfirm')} onConfirm={() => remove.mutate({ params: { id: comment.id } })}>
              <Button size="small" type="link" danger>
                {t('comments.delete')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ) : null}
    </article>
  );
}
