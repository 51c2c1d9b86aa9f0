/** Import warnings: each message in the reader's language, with where in the source it points. */
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@shared/messages';
import type { ImportWarning, ImportWarningCode } from '@shared/import/types';
import { warningCounts, warningCountsText, warningText } from '@shared/import/warnings';
import '../../../i18n/imports';

/** A preview's warnings carry a code and params; a job's come already in the caller's language. */
export type ShownWarning = ImportWarning | { pointer: string; message: string };

/** What the list shows at most; the counts by kind above it cover every warning. */
const SHOWN = 500;

/**
 * `counts`: every warning counted by kind (a job's report keeps only its first warnings); a preview, which has
 * them all, counts them here.
 */
export function WarningList({ warnings, counts }: { warnings: ShownWarning[]; counts?: Partial<Record<ImportWarningCode, number>> }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en' ? 'en' : 'zh';
  if (!warnings.length) return <Typography.Paragraph type="secondary">{t('imports.noWarnings')}</Typography.Paragraph>;
  const byKind = counts ?? warningCounts(warnings.filter((w): w is ImportWarning => 'code' in w));
  const total = Object.values(byKind).reduce((n, c) => n + c, 0);
  return (
    <>
      {Object.keys(byKind).length > 1 || total > SHOWN ? (
        <Typography.Paragraph className="import-warning-kinds">
          {t('imports.warningKinds', { counts: warningCountsText(locale, byKind) })}
          {total > SHOWN ? ` · ${t('imports.warningsShown', { count: total, shown: Math.min(SHOWN, warnings.length) })}` : ''}
        </Typography.Paragraph>
      ) : null}
      <List
        size="small"
        className="import-warnings"
        aria-label={t('imports.warnings', { count: warnings.length })}
        dataSource={warnings.slice(0, SHOWN)}
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
    </>
  );
}
