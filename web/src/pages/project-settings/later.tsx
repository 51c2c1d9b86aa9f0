import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui';

/** Settings whose features are not in this version yet: said plainly, not faked. */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <EmptyState icon="tools" title={t('common.notYet')} description={t('common.notYetText')} />
    </div>
  );
}
