/**
 * What the Web Worker found in the source: its format, what it holds, what the import would do, what that would
 * break (`verdict`: the page composes the compatibility feature's view), and its warnings.
 */
import type { ReactNode } from 'react';
import { Alert, Collapse, Descriptions, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PreviewState } from '../lib/use-preview';
import { WarningList } from './warning-list';
import '../../../i18n/imports';

export function PreviewPanel({ state, verdict }: { state: PreviewState; verdict?: ReactNode }) {
  const { t } = useTranslation();
  if (state.status === 'idle') return null;
  if (state.status === 'reading')
    return (
      <div role="status" className="import-reading">
        <Spin size="small" /> {t('imports.reading')}
      </div>
    );
  if (state.status === 'refused') return <Alert type="error" showIcon role="alert" title={t(`error.${state.reason}`, state.params)} />;
  if (state.status === 'failed') return <Alert type="error" showIcon role="alert" title={t('api.busy')} description={state.message} />;
  const { counts, plan, warnings } = state;
  return (
    <section aria-label={t('imports.preview')} className="import-preview">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 4 }}
        items={[
          {
            key: 'format',
            label: t('imports.detected'),
            span: 'filled',
            children: <strong>{t(`imports.formats.${state.format}`)}</strong>,
          },
          ...(['apis', 'models', 'pages', 'folders'] as const).map((key) => ({
            key,
            label: t(`imports.counts.${key}`),
            children: counts[key],
          })),
          ...(['created', 'updated', 'skipped', 'deleted'] as const).map((key) => ({
            key: `plan-${key}`,
            label: t(`imports.plan.${key}`),
            children: plan[key],
          })),
        ]}
      />
      <Typography.Paragraph type="secondary" className="import-hint">
        {t('imports.planHint')}
      </Typography.Paragraph>
      {verdict}
      <Collapse
        size="small"
        items={[
          ...(plan.conflicts.length
            ? [
                {
                  key: 'conflicts',
                  label: t('imports.conflicts', { count: plan.updated + plan.skipped }),
                  children: (
                    <ul className="import-conflicts">
                      {plan.conflicts.map((c) => (
                        <li key={c.documentId}>
                          {c.name} <Tag>{t(`imports.conflictActions.${c.action}`)}</Tag>
                        </li>
                      ))}
                    </ul>
                  ),
                },
              ]
            : []),
          { key: 'warnings', label: t('imports.warnings', { count: warnings.length }), children: <WarningList warnings={warnings} /> },
        ]}
      />
    </section>
  );
}
