/**
 * The version list: each release with who published it, when, its notes and how many documents it froze; read
 * any of them; editors publish a new one, and the creator or an administrator deletes one.
 */
import { DeleteOutlined, DiffOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, List, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast, type Role } from '@shared/access';
import type { ReleaseView } from '@shared/schemas/share';
import { ConfirmModal } from '../../../components/confirm-modal';
import { LinkButton } from '../../../components/link-button';
import { paths } from '../../../paths';
import { QueryState } from '../../../components/query-state';
import type { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { useReleaseChange } from '../api';
import { PublishDialog } from './publish-dialog';

export interface ReleasesDrawerProps {
  projectId: string;
  releases: { data?: ReleaseView[]; isPending: boolean; error: ApiError | null };
  /** The reader's role on the live project. */
  role: Role | undefined;
  /** May publish: an editor of an active project. */
  canPublish: boolean;
  /** The version being read; none for live. */
  current: string | undefined;
  onView: (version: string | undefined) => void;
  onClose: () => void;
}

export function ReleasesDrawer(props: ReleasesDrawerProps) {
  const { t } = useTranslation();
  const [publishing, setPublishing] = useState(false);
  const [deleting, setDeleting] = useState<ReleaseView | null>(null);
  const remove = useReleaseChange('release.delete');
  const canDelete = atLeast(props.role, 'admin');
  const list = props.releases.data ?? [];

  return (
    <Drawer
      open
      title={t('releases.title')}
      size={560}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        props.canPublish ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setPublishing(true)}>
            {t('releases.publish')}
          </Button>
        ) : null
      }
    >
      <section aria-label={t('releases.title')}>
        <QueryState query={props.releases}>
          {list.length ? (
            <List<ReleaseView>
              dataSource={list}
              renderItem={(r) => (
                <List.Item
                  className={props.current === r.version ? 'release-current' : undefined}
                  actions={[
                    <Button
                      key="view"
                      type="link"
                      size="small"
                      icon={<EyeOutlined aria-hidden />}
                      disabled={props.current === r.version}
                      aria-label={t('releases.viewOf', { version: r.version })}
                      onClick={() => props.onView(r.version)}
                    >
                      {props.current === r.version ? t('releases.viewing') : t('releases.view')}
                    </Button>,
                    <LinkButton
                      key="changes"
                      type="link"
                      size="small"
                      icon={<DiffOutlined aria-hidden />}
                      aria-label={t('releases.changesOf', { version: r.version })}
                      to={paths.changes.href(props.projectId, { from: r.version, to: 'live' })}
                    />,
                    ...(canDelete
                      ? [
                          <Button
                            key="delete"
                            type="link"
                            size="small"
                            danger
                            icon={<DeleteOutlined aria-hidden />}
                            aria-label={t('releases.deleteOf', { version: r.version })}
                            onClick={() => setDeleting(r)}
                          />,
                        ]
                      : []),
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <span>
                        <Tag color="purple">{r.version}</Tag>
                        <span className="muted small">{t('releases.documents', { count: r.documentCount })}</span>
                      </span>
                    }
                    description={
                      <>
                        <div>{t('releases.publishedBy', { name: r.createdByName, date: formatDate(r.createdAt) })}</div>
                        {r.desc ? <Typography.Paragraph className="release-notes">{r.desc}</Typography.Paragraph> : null}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          ) : (
            <Empty
              description={
                <>
                  <strong>{t('releases.none')}</strong>
                  <br />
                  {props.canPublish ? t('releases.noneHint') : t('releases.noneText')}
                </>
              }
            />
          )}
        </QueryState>
      </section>
      {publishing ? <PublishDialog projectId={props.projectId} onClose={() => setPublishing(false)} /> : null}
      {deleting ? (
        <ConfirmModal
          title={t('releases.delete')}
          message={t('releases.deleteConfirm', { version: deleting.version })}
          okText={t('projects.delete')}
          danger
          onConfirm={async () => {
            await remove.mutateAsync({ params: { projectId: props.projectId, version: deleting.version } });
            if (props.current === deleting.version) props.onView(undefined);
          }}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </Drawer>
  );
}
