import { useTranslation } from 'react-i18next';
import { ComingLater } from '../components/coming-later';
import { LinkButton } from '../components/link-button';
import { Logo } from '../components/logo';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

/** Routes of the spec whose features are not in this version (third-party login, password reset, shares and exports). */
export function Component() {
  const { t } = useTranslation();
  useTitle(t('common.notYet'));
  return (
    <main className="auth-page auth-main">
      <div className="auth-card">
        <Logo />
        <ComingLater action={<LinkButton to={paths.home.href()}>{t('common.home')}</LinkButton>} />
      </div>
    </main>
  );
}
