/** One preserved version: shown as it was, or compared with the current one; restored after a confirmation. */
import { RollbackOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popconfirm, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentView, HistoryEntryView } from '@shared/schemas/document';
import { formatDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useRestoreVersion } from '../api';
import { displayComment, displayName, savedBy } from '../lib/kinds';
import { DocumentBody } from './document-body';
import { comparableText, HistoryDiff } from './history-diff';

export function HistoryEntry(props: {
  current: DocumentView;
  entry: HistoryEntryView;
  canEdit: boolean;
  initialMode?: 'view' | 'compare';
  onRestored?: () => void;
}) {
  const { t } = useTranslation();
  const { current, entry } = props;
  const [mode, setMode] = useState<'view' | 'compare'>(props.initialMode ?? 'view');
  const restoreVersion = useRestoreVersion();
  const restore = async () => {
    try {
      await restoreVersion.mutateAsync({ params: { id: entry.id } });
      notify.success(t('docs.restored'));
      props.onRestored?.();
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const version = { name: entry.name, projectId: current.projectId, type: entry.type, content: entry.content } as Parameters<
    typeof comparableText
  >[0] & { projectId: string };
  return (
    <section className="history-entry" aria-label={t('history.version', { rev: entry.rev })}>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'note', label: t('history.note'), children: displayComment(entry, t) },
          { key: 'editor', label: t('history.editor'), children: savedBy(entry.editorName, entry.note, t) },
          { key: 'time', label: t('history.time'), children: formatDate(entry.savedAt) },
        ]}
      />
      <div className="history-entry-bar">
        <Segmented
          value={mode}
          onChange={(v) => setMode(v as 'view' | 'compare')}
          options={[
            { value: 'view', label: t('history.view') },
            { value: 'compare', label: t('history.compare') },
          ]}
        />
        {props.canEdit ? (
          <Popconfirm
            title={t('history.restoreConfirm', { rev: entry.rev })}
            okText={t('docs.restore')}
            cancelText={t('common.cancel')}
            onConfirm={() => void restore()}
          >
            <Button icon={<RollbackOutlined aria-hidden />}>{t('docs.restore')}</Button>
          </Popconfirm>
        ) : null}
      </div>
      {mode === 'view' ? (
        <div className="history-view">
          <h2 className="history-title">{displayName(entry.name, t)}</h2>
          <DocumentBody doc={version} />
        </div>
      ) : (
        <HistoryDiff before={comparableText(version)} after={comparableText(current)} />
      )}
    </section>
  );
}
