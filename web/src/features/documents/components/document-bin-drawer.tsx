/**
 * The project's document bin (issue 27), for its editors: what was deleted, by whom and when, how many documents
 * each delete took, and how long until the purge; each can be restored to where it was.
 */
import { UndoOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, List, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BinEntry } from '@shared/schemas/document';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { useDocumentBin } from '../api';
import { useDocumentBinning } from '../lib/bin';
import { displayName, KIND_ICON } from '../lib/kinds';

export function DocumentBinDrawer({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const bin = useDocumentBin(projectId);
  const { restoreFromBin } = useDocumentBinning();
  const [busy, setBusy] = useState<string | null>(null);
  const list = bin.data ?? [];
  const restore = async (entry: BinEntry) => {
    setBusy(entry.id);
    await restoreFromBin(entry.id, displayName(entry.name, t), entry.parentId);
    setBusy(null);
  };
  return (
    <Drawer open title={t('documentBin.title')} size={520} onClose={onClose} destroyOnHidden>
      <section aria-label={t('documentBin.title')}>
        <Typography.Paragraph type="secondary">{t('documentBin.hint')}</Typography.Paragraph>
        <QueryState query={bin}>
          {list.length ? (
            <List<BinEntry>
              dataSource={list}
              renderItem={(entry) => {
                const name = displayName(entry.name, t);
                return (
                  <List.Item
                    actions={[
                      <Button
                        key="restore"
                        size="small"
                        icon={<UndoOutlined aria-hidden />}
                        loading={busy === entry.id}
                        aria-label={`${t('documentBin.restore')} ${name}`}
                        onClick={() => void restore(entry)}
                      >
                        {t('documentBin.restore')}
                      </Button>,
                    ]}
                  >
                    <List.Item.Meta
                      avatar={KIND_ICON[entry.type]}
                      title={name}
                      description={
                        <>
                          <div>{t('documentBin.meta', { name: entry.binnedByName, date: formatDate(entry.binnedAt) })}</div>
                          <div className="muted small">
                            {entry.count > 1 ? `${t('documentBin.count', { count: entry.count })} · ` : ''}
                            {t('documentBin.daysLeft', { days: entry.daysLeft })}
                          </div>
                        </>
                      }
                    />
                  </List.Item>
                );
              }}
            />
          ) : (
            <Empty description={t('documentBin.empty')} />
          )}
        </QueryState>
      </section>
    </Drawer>
  );
}
