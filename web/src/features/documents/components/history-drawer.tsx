/** A document's history in a drawer: every saved version, each to view, compare and restore. */
import { ExportOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, List, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DocumentView } from '@shared/schemas/document';
import { PageLoading } from '../../../components/page-loading';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../paths';
import { useHistory, useHistoryEntry } from '../api';
import { displayComment, savedBy } from '../lib/kinds';
import { HistoryEntry } from './history-entry';

export function HistoryDrawer(props: { doc: DocumentView; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useHistory(props.doc.id);
  const [chosen, setChosen] = useState<{ id: string; mode: 'view' | 'compare' } | null>(null);
  const entry = useHistoryEntry(props.doc.id, chosen?.id ?? null);
  return (
    <Drawer open title={t('docs.history')} size={760} onClose={props.onClose} destroyOnHidden>
      <section aria-label={t('docs.history')}>
        {entries.isPending ? <PageLoading /> : null}
        {entries.data && !entries.data.length ? <Empty description={t('docs.noHistory')} /> : null}
        {entries.data?.length ? (
          <List
            size="small"
            // Keyed by version, not by place: a save or a restore adds an entry at the top, and a row keyed by its
            // index would turn into another version under a pointer already on its way to click it.
            rowKey="id"
            dataSource={entries.data ?? []}
            renderItem={(h) => (
              <List.Item
                className={chosen?.id === h.id ? 'history-chosen' : undefined}
                actions={[
                  <Button key="view" type="link" size="small" onClick={() => setChosen({ id: h.id, mode: 'view' })}>
                    {t('docs.viewVersion')}
                  </Button>,
                  <Button key="compare" type="link" size="small" onClick={() => setChosen({ id: h.id, mode: 'compare' })}>
                    {t('history.compare')}
                  </Button>,
                  <Link
                    key="page"
                    to={paths.history.href(props.doc.projectId, props.doc.id, h.id)}
                    aria-label={t('history.openPage', { rev: h.rev })}
                  >
                    <ExportOutlined aria-hidden />
                  </Link>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span>
                      <Tag>{t('history.rev', { rev: h.rev })}</Tag>
                      {displayComment(h, t)}
                    </span>
                  }
                  description={`${savedBy(h.editorName, h.note, t)} · ${formatDate(h.savedAt)}`}
                />
              </List.Item>
            )}
          />
        ) : null}
        {chosen && entry.data ? (
          <HistoryEntry
            key={`${chosen.id}-${chosen.mode}`}
            current={props.doc}
            entry={entry.data}
            canEdit={props.canEdit}
            initialMode={chosen.mode}
            onRestored={() => setChosen(null)}
          />
        ) : chosen ? (
          <PageLoading />
        ) : null}
      </section>
    </Drawer>
  );
}
