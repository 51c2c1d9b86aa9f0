/** Import warnings: each message in the reader's language, with where in the source it points. */
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/messages';
import type { ImportWarning } from '@shared/import/types';
import { warningText } from '@shared/import/warnings';
import '../../../i18n/imports';

/** A preview's warnings carry a code and params; a job's come already in the caller's language. */
export type ShownWarning = ImportWarning | { pointer: string; message: string };

export function WarningList({ warnings }: { warnings: ShownWarning[] }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'zh';
  if (!warnings.length) return <Typography.Paragraph type="secondary">{t('imports.noWarnings')}</Typography.Paragraph>;
  return (
    <List
      size="small"
      className="import-warnings"
      aria-label={t('imports.warnings', { count: warnings.length })}
      dataSource={warnings.slice(0, 500)}
      renderItem={(w) => (
        <List.Item>
          <span>{'message' in w ? w.message : warningText(locale, w)}</span>
          {w.pointer ? (
            <Typography.Text type="secondary" className="import-pointer">
              {t('imports.at')}: <code>{w.pointer}</code>
            </Typography.Text>
          ) : null}
        </List.Item>
      )}
    />
  );
}
