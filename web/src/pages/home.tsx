import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { DEFAULT_AFTER_LOGIN } from '../../../shared/constants';
import { LanguageSwitch, Logo } from '../components/ui';
import { config } from '../config';
import { signedIn, useAfterLogin, useCurrentUser } from '../features/auth/session';
import { api, isApiError } from '../lib/api';
import { toast } from '../components/toast';

/** The demo account seeded by the local stack (and by a deployment that offers the online demo). */
const DEMO = { username: 'demo@apiloom.local', password: 'Demo12345' };

export function Component() {
  const { t } = useTranslation();
  const user = useCurrentUser({ ignoreRedirect: true });
  const afterLogin = useAfterLogin();
  const [busy, setBusy] = useState(false);
  if (user.data) return <Navigate to={DEFAULT_AFTER_LOGIN} replace />;

  async function tryDemo() {
    setBusy(true);
    try {
      const result = await api.call('login.create', { body: DEMO }, { ignoreMessage: true });
      signedIn(result.token, result.user);
      afterLogin(null);
    } catch (err) {
      toast.error(isApiError(err) ? err.message : t('api.busy'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="home">
      <header className="home-header">
        <Logo />
        <nav>
          <Link to="/help">{t('home.help')}</Link>
          <LanguageSwitch />
          <Link to="/login" className="button button-ghost">
            {t('home.login')}
          </Link>
          {!config.offline && (
            <Link to="/register" className="button button-primary">
              {t('home.register')}
            </Link>
          )}
        </nav>
      </header>
      <main className="home-hero">
        <h1>{t('home.title')}</h1>
        <p className="home-lead">{t('home.lead')}</p>
        <div className="home-actions">
          <Link to="/dashboard" className="button button-primary button-large">
            {t('home.console')}
          </Link>
          <button type="button" className="button button-large" onClick={() => void tryDemo()} disabled={busy}>
            {t('home.demo')}
          </button>
        </div>
        <ul className="home-features">
          {(['docs', 'share', 'mock', 'import'] as const).map((key) => (
            <li key={key}>
              <h3>{t(`home.features.${key}.title`)}</h3>
              <p>{t(`home.features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
        <p className="home-claim">{t('home.claim')}</p>
      </main>
      <footer className="home-footer">
        Apiloom {config.version}
      </footer>
    </div>
  );
}
