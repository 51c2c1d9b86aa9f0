import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/session';
import { EmptyState } from '../../components/ui';
import { config } from '../../config';

/** Account association: third-party sign-in providers (none are configured in this deployment). */
export function RelationPage() {
  const { t } = useTranslation();
  return (
    <div className="panel">
      <EmptyState icon="link" title={t('relation.title')} description={config.offline ? t('relation.offline') : t('relation.none')} />
    </div>
  );
}

/** Quit: sign out of this browser. */
export function QuitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="panel">
      <h2>{t('quit.title')}</h2>
      <p className="muted">{t('quit.text')}</p>
      <button type="button" className="button button-danger" onClick={() => void signOut(() => void navigate('/login', { replace: true }))}>
        {t('dashboard.logout')}
      </button>
    </div>
  );
}
