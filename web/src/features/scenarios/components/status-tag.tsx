import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS = { passed: 'success', failed: 'error', error: 'error', skipped: 'default', running: 'processing' } as const;

/** A step's or a run's outcome, in words and colour. */
export function StatusTag({ status }: { status: keyof typeof COLORS }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`scenario.status.${status}`)}</Tag>;
}
