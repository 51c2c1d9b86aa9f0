/**
 * The settings tab "Notification channels" (issue 38) of a project, or of a team (its defaults for its projects
 * with no channel of their own): the channels with their kind and health (OK,
 * failing, or paused and why), each added and edited in a dialog, tested with a message whose outcome shows beside
 * it, resumed when paused, and its delivery log in a drawer. Administrators only: the tab is shown to them alone
 * and the routes refuse everyone else.
 */
import { Button, Card, Empty, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelTestOutcome, ChannelView } from '@shared/schemas/channels';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import '../../../i18n/channels';
import { useChannels, useDeleteChannel, useResumeChannel, useTestChannel, type ChannelOwner } from '../api';
import { ChannelDialog } from './channel-dialog';
import { KIND_ICONS, TONES } from './channel-kinds';
import { DeliveryDrawer } from './delivery-drawer';

const healthOf = (c: ChannelView) => (c.state === 'paused' ? 'paused' : c.failingSince ? 'failing' : 'ok');
const HEALTH_COLOR = { ok: TONES.ok, failing: TONES.warn, paused: TONES.bad } as const;

export function ChannelsPanel({ owner, canEdit }: { owner: ChannelOwner; canEdit: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const channels = useChannels(owner);
  const remove = useDeleteChannel(owner);
  const resume = useResumeChannel(owner);
  const test = useTestChannel(owner);
  const [dialog, setDialog] = useState<{ editing: ChannelView | null } | null>(null);
  const [logOf, setLogOf] = useState<ChannelView | null>(null);
  const [outcomes, setOutcomes] = useState<Record<string, ChannelTestOutcome>>({});

  const sendTest = (channel: ChannelView) =>
    test.mutateAsync({ params: { id: owner.id, channelId: channel.id } }).then(
      (outcome) => setOutcomes((all) => ({ ...all, [channel.id]: outcome })),
      () => undefined,
    );

  const outcomeText = (o: ChannelTestOutcome) =>
    o.status === 'sent'
      ? t('channels.testSent')
      : t('channels.testFailed', { answer: [o.httpStatus, o.excerpt].filter(Boolean).join(' ') || '-' });

  return (
    <section aria-labelledby={`${id}-title`}>
      <Card>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={2} id={`${id}-title`} className="settings-card-title">
            {t('channels.title')}
          </Typography.Title>
          {canEdit ? (
            <Button type="primary" onClick={() => setDialog({ editing: null })}>
              {t('channels.add')}
            </Button>
          ) : null}
        </Flex>
        <Typography.Paragraph type="secondary">{t(owner.kind === 'team' ? 'channels.teamText' : 'channels.text')}</Typography.Paragraph>
        <QueryState query={channels}>
          {channels.data?.channels.length ? (
            <Table<ChannelView>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={channels.data.channels}
              columns={[
                {
                  title: t('channels.name'),
                  dataIndex: 'name',
                  render: (name: string, row) => (
                    <Space direction="vertical" size={0}>
                      <span>
                        {KIND_ICONS[row.kind]} <strong>{name}</strong>
                      </span>
                      <Typography.Text type="secondary">{t(`channels.kinds.${row.kind}`)}</Typography.Text>
                    </Space>
                  ),
                },
                {
                  title: t('channels.address'),
                  dataIndex: 'target',
                  render: (target: string) => <Typography.Text code>{target}</Typography.Text>,
                },
                {
                  title: t('channels.health'),
                  key: 'health',
                  render: (_, row) => {
                    const health = healthOf(row);
                    return (
                      <Space direction="vertical" size={0}>
                        <Tag color={HEALTH_COLOR[health]}>{t(`channels.state.${health}`)}</Tag>
                        {health === 'paused' ? (
                          <Typography.Text type="secondary">
                            {t('channels.pausedReason', { time: formatDate(row.failingSince) })}
                          </Typography.Text>
                        ) : health === 'failing' ? (
                          <Typography.Text type="secondary">
                            {t('channels.failingSince', { time: formatDate(row.failingSince) })}
                          </Typography.Text>
                        ) : null}
                      </Space>
                    );
                  },
                },
                {
                  title: t('channels.actions'),
                  key: 'actions',
                  render: (_, row) => (
                    <Space direction="vertical" size={4}>
                      <Space wrap size={4}>
                        <Button
                          size="small"
                          loading={test.isPending && test.variables?.params.channelId === row.id}
                          onClick={() => void sendTest(row)}
                        >
                          {t('channels.test')}
                        </Button>
                        <Button size="small" onClick={() => setLogOf(row)}>
                          {t('channels.log')}
                        </Button>
                        {canEdit ? (
                          <>
                            <Button size="small" onClick={() => setDialog({ editing: row })}>
                              {t('channels.edit')}
                            </Button>
                            {row.state === 'paused' ? (
                              <Button
                                size="small"
                                onClick={() =>
                                  void resume.mutateAsync({ params: { id: owner.id, channelId: row.id } }).then(
                                    () => notify.success(t('channels.resumed')),
                                    () => undefined,
                                  )
                                }
                              >
                                {t('channels.resume')}
                              </Button>
                            ) : null}
                            <Popconfirm
                              title={t('channels.deleteConfirm', { name: row.name })}
                              onConfirm={() =>
                                void remove.mutateAsync({ params: { id: owner.id, channelId: row.id } }).then(
                                  () => notify.success(t('channels.deleted')),
                                  () => undefined,
                                )
                              }
                            >
                              <Button danger size="small">
                                {t('channels.delete')}
                              </Button>
                            </Popconfirm>
                          </>
                        ) : null}
                      </Space>
                      {outcomes[row.id] ? (
                        <Typography.Text role="status" type={outcomes[row.id]!.status === 'sent' ? 'success' : 'danger'}>
                          {outcomeText(outcomes[row.id]!)}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  ),
                },
              ]}
            />
          ) : (
            <Empty description={t('channels.empty')} />
          )}
        </QueryState>
      </Card>
      {dialog ? <ChannelDialog owner={owner} editing={dialog.editing} open onClose={() => setDialog(null)} /> : null}
      <DeliveryDrawer owner={owner} channel={logOf} onClose={() => setLogOf(null)} />
    </section>
  );
}
