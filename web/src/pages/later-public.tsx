import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, Logo } from '../components/ui';

/** Routes of the spec whose features are not in this version (third-party login, password reset, invitations). */
export function Component() {
  const { t } = useTranslation();
  return (
    <div className="auth-page">
      <div className="auth-card">
        <Logo />
        <EmptyState icon="tools" title={t('common.notYet')} description={t('common.notYetText')} action={<Link to="/">{t('common.home')}</Link>} />
      </div>
    </div>
  );
}
