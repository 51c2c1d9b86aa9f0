import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '../components/ui';

/** The notice shown before leaving for an external link; only http and https addresses are offered. */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = params.get('url') ?? '';
  const safe = /^https?:\/\//i.test(target);
  return (
    <div className="auth-page">
      <div className="auth-card">
        <Logo />
        <h1>{t('external.title')}</h1>
        {safe ? (
          <>
            <p>{t('external.text')}</p>
            <p className="external-url">{target}</p>
            <a className="button button-primary button-block" href={target} rel="noopener noreferrer nofollow">
              {t('external.continue')}
            </a>
          </>
        ) : (
          <p className="form-error">{t('external.invalid')}</p>
        )}
        <p className="auth-links">
          <Link to="/">{t('common.home')}</Link>
        </p>
      </div>
    </div>
  );
}
