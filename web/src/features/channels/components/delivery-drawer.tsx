/** A channel's delivery log: when, which event, how it went, and the start of the provider's answer. */
import { Drawer, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChannelView, DeliveryView } from '@shared/schemas/channels';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { useDeliveries, type ChannelOwner } from '../api';
import { TONES } from './channel-kinds';

const STATUS_COLOR = { sending: TONES.info, sent: TONES.ok, failed: TONES.bad, refused: TONES.warn } as const;

export function DeliveryDrawer({ owner, channel, onClose }: { owner: ChannelOwner; channel: ChannelView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const log = useDeliveries(owner, channel?.id ?? null);
  return (
    <Drawer open={!!channel} width={760} title={t('channels.logTitle', { name: channel?.name ?? '' })} onClose={onClose} destroyOnHidden>
      <QueryState query={log}>
        {log.data?.deliveries.length ? (
          <Table<DeliveryView>
            rowKey="eventId"
            size="small"
            pagination={false}
            dataSource={log.data.deliveries}
            columns={[
              { title: t('channels.time'), dataIndex: 'at', render: (at: string) => formatDate(at), width: 170 },
              {
                title: t('channels.events'),
                dataIndex: 'kind',
                render: (kind: string) => t(`channels.event.${kind}`, { defaultValue: kind }),
              },
              {
                title: t('channels.status'),
                dataIndex: 'status',
                render: (status: DeliveryView['status'], row) => (
                  <Tag color={STATUS_COLOR[status]}>
                    {t(`channels.statuses.${status}`)}
                    {row.httpStatus ? ` · ${row.httpStatus}` : ''}
                  </Tag>
                ),
              },
              { title: t('channels.attempts'), dataIndex: 'attempts', width: 80 },
              {
                title: t('channels.answer'),
                dataIndex: 'excerpt',
                render: (excerpt: string) => (
                  <Typography.Text code ellipsis={{ tooltip: excerpt }} style={{ maxWidth: 240 }}>
                    {excerpt}
                  </Typography.Text>
                ),
              },
            ]}
          />
        ) : (
          <Empty description={t('channels.logEmpty')} />
        )}
      </QueryState>
    </Drawer>
  );
}
