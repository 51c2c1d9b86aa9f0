/**
 * A project's share links (spec section 2's share list): each with what it holds, the version it shows, when it
 * ends, whether it asks for a password, and its link to copy or open; editors create, change and delete them.
 */
import { CopyOutlined, DeleteOutlined, EditOutlined, ExportOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Flex, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { atLeast } from '@shared/access';
import type { ProjectView } from '@shared/schemas/project';
import type { ShareView } from '@shared/schemas/share';
import { ConfirmModal } from '../../../components/confirm-modal';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useReleases, useShareChange, useShares } from '../api';
import { expiryState, shareLink } from '../lib/shares';
import { ShareDialog } from './share-dialog';

/** A dark orange: antd's orange tag text is too light on its background for a 4.5:1 contrast. */
const SOON_COLOR = '#ad4e00';

interface ShareManagerProps {
  project: ProjectView;
  /** The document picker of the share dialog, on the tree of the chosen version (none: live). */
  picker: (version: string | undefined) => ReactNode;
  /** A document's name in the live tree, to say what a share holds (undefined once it is gone). */
  nameOf: (docId: string) => string | undefined;
}

export function ShareManager({ project, picker, nameOf }: ShareManagerProps) {
  const { t } = useTranslation();
  const canList = atLeast(project.role, 'edit');
  const canChange = canList && project.state === 'active';
  const shares = useShares(project.id, canList);
  const releases = useReleases(project.id, canList);
  const remove = useShareChange('share.delete');
  const [dialog, setDialog] = useState<{ share?: ShareView } | null>(null);
  const [deleting, setDeleting] = useState<ShareView | null>(null);

  if (!canList) return <Alert type="info" showIcon title={t('shares.editorsOnly')} />;

  const copy = (share: ShareView) =>
    navigator.clipboard.writeText(shareLink(location.origin, share.projectId, share.id)).then(
      () => notify.success(t('docs.linkCopied')),
      () => notify.error(t('shares.linkNotCopied')),
    );

  const scope = (share: ShareView) => {
    if (!share.docIds.length) return t('shares.wholeProject');
    const names = share.docIds.map((id) => nameOf(id) ?? t('shares.goneDocument'));
    return (
      <Tooltip title={names.join(t('shares.nameSeparator'))}>
        <span>{t('shares.scopeCount', { count: share.docIds.length })}</span>
      </Tooltip>
    );
  };

  const expiry = (share: ShareView) => {
    const state = expiryState(share.expireAt);
    return (
      <Space size={4} wrap>
        <span>{formatDate(share.expireAt)}</span>
        {state === 'expired' ? (
          <Tag color="red">{t('shares.expired')}</Tag>
        ) : state === 'soon' ? (
          <Tag color={SOON_COLOR}>{t('shares.expiresSoon')}</Tag>
        ) : null}
      </Space>
    );
  };

  return (
    <section aria-label={t('shares.title')} className="share-manager">
      <Flex justify="space-between" align="center" gap={12} wrap className="share-manager-top">
        <Typography.Paragraph type="secondary" className="share-intro">
          {t('shares.intro')}
        </Typography.Paragraph>
        {canChange ? (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({})}>
            {t('shares.new')}
          </Button>
        ) : null}
      </Flex>
      {!canChange ? <Alert className="form-alert" type="info" showIcon title={t('shares.archivedReadOnly')} /> : null}
      <QueryState query={shares}>
        {shares.data?.length ? (
          <Table<ShareView>
            rowKey="id"
            size="middle"
            pagination={false}
            scroll={{ x: 760 }}
            components={{ table: (props: object) => <table {...props} aria-label={t('shares.title')} /> }}
            dataSource={shares.data}
            columns={[
              {
                key: 'name',
                title: t('shares.name'),
                render: (_, s) => (
                  <>
                    <strong>{s.name}</strong>
                    <div className="muted small">{t('shares.createdBy', { name: s.createdByName, date: formatDate(s.createdAt) })}</div>
                  </>
                ),
              },
              { key: 'scope', title: t('shares.documents'), render: (_, s) => scope(s) },
              { key: 'version', title: t('shares.version'), render: (_, s) => (s.version ? <Tag>{s.version}</Tag> : t('releases.live')) },
              { key: 'expireAt', title: t('shares.expireAt'), render: (_, s) => expiry(s) },
              {
                key: 'password',
                title: t('shares.password'),
                render: (_, s) =>
                  s.hasPassword ? (
                    <Tag icon={<LockOutlined aria-hidden />}>{t('shares.withPassword')}</Tag>
                  ) : (
                    <span className="muted">{t('shares.noPassword')}</span>
                  ),
              },
              {
                key: 'actions',
                title: t('projects.actions'),
                render: (_, s) => (
                  <Space size={0}>
                    <Tooltip title={t('docs.copyLink')}>
                      <Button
                        type="text"
                        icon={<CopyOutlined aria-hidden />}
                        aria-label={t('shares.copyLinkOf', { name: s.name })}
                        onClick={() => void copy(s)}
                      />
                    </Tooltip>
                    <Tooltip title={t('shares.open')}>
                      <Button
                        type="text"
                        icon={<ExportOutlined aria-hidden />}
                        href={shareLink(location.origin, s.projectId, s.id)}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('shares.openOf', { name: s.name })}
                      />
                    </Tooltip>
                    {canChange ? (
                      <Tooltip title={t('shares.edit')}>
                        <Button
                          type="text"
                          icon={<EditOutlined aria-hidden />}
                          aria-label={t('shares.editOf', { name: s.name })}
                          onClick={() => setDialog({ share: s })}
                        />
                      </Tooltip>
                    ) : null}
                    <Tooltip title={t('projects.delete')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('shares.deleteOf', { name: s.name })}
                        onClick={() => setDeleting(s)}
                      />
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        ) : (
          <Empty
            description={
              <>
                <strong>{t('shares.none')}</strong>
                <br />
                {canChange ? t('shares.noneHint') : null}
              </>
            }
          />
        )}
      </QueryState>
      {dialog ? (
        <ShareDialog
          project={project}
          share={dialog.share}
          releases={releases.data ?? []}
          picker={picker}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {deleting ? (
        <ConfirmModal
          title={t('shares.delete')}
          message={t('shares.deleteConfirm', { name: deleting.name })}
          okText={t('projects.delete')}
          danger
          onConfirm={() => remove.mutateAsync({ params: { id: deleting.id } })}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
