/**
 * A compatibility verdict at a glance (issue 35): operations added, changed and removed; errors, warnings, info and
 * accepted findings; the suggested bump. The report page shows it over its findings, and the import's report (a dry
 * run's too) over the findings that applying the file would bring.
 */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { operationLabel } from '@shared/compat/render';
import type { CompatReport, Finding } from '@shared/compat/types';
import { TAG } from '../../../lib/tag-colors';
import '../../../i18n/compat';

export const SEVERITY_COLOR = { error: TAG.bad, warning: TAG.warn, info: TAG.info } as const;

export function VerdictSummary({ verdict }: { verdict: Pick<CompatReport, 'summary' | 'bump'> }) {
  const { t } = useTranslation();
  const { operations, error, warning, info, accepted } = verdict.summary;
  return (
    <Space wrap size={[8, 8]}>
      <span>
        {t('compat.operations')}: <Tag color={TAG.ok}>+{operations.added}</Tag>
        <Tag color={TAG.warn}>~{operations.changed}</Tag>
        <Tag color={TAG.bad}>−{operations.removed}</Tag>
      </span>
      <Tag color={TAG.bad} data-testid="count-error">
        {error} {t('compat.error')}
      </Tag>
      <Tag color={TAG.warn} data-testid="count-warning">
        {warning} {t('compat.warning')}
      </Tag>
      <Tag color={TAG.info} data-testid="count-info">
        {info} {t('compat.info')}
      </Tag>
      {accepted ? (
        <Tag data-testid="count-accepted">
          {accepted} {t('compat.accepted')}
        </Tag>
      ) : null}
      <span>{t('compat.bump', { bump: t(`compat.bumps.${verdict.bump}`) })}</span>
    </Space>
  );
}

/** A finding's severity, marked when the project accepted it. */
export function SeverityTag({ finding }: { finding: Finding }) {
  const { t } = useTranslation();
  if (!finding.severity) return null;
  return (
    <Tag color={finding.accepted ? 'default' : SEVERITY_COLOR[finding.severity]}>
      {t(`compat.severities.${finding.severity}`)}
      {finding.accepted ? ` (${t('compat.accepted')})` : ''}
    </Tag>
  );
}

/** What applying an import would change for the API's clients: the verdict, and what breaks or may break them. */
export function ImportVerdict({ verdict }: { verdict: Pick<CompatReport, 'summary' | 'bump' | 'findings'> }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'zh';
  const breaking = verdict.findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
  return (
    <section aria-labelledby="import-verdict" className="import-verdict">
      <Typography.Title level={3} id="import-verdict">
        {t('compat.title')}
      </Typography.Title>
      <VerdictSummary verdict={verdict} />
      {breaking.length ? (
        <ul className="changes-findings">
          {breaking.map((f) => (
            <li key={f.key} data-severity={f.severity}>
              <SeverityTag finding={f} /> <code>{f.id}</code> <span className="muted">{operationLabel(f.operation)}</span>
              <div>{f.message[locale]}</div>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph>{t('compat.none')}</Typography.Paragraph>
      )}
    </section>
  );
}
