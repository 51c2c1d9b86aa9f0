/** After a password reset (spec `/forget-success`): every session ended, so the way on is signing in again. */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useTitle } from '../lib/title';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation();
  useTitle(t('forget.successTitle'));
  return (
    <div className="auth-card">
      <Result
        status="success"
        title={<h1 className="auth-title">{t('forget.successTitle')}</h1>}
        subTitle={t('forget.successText')}
        extra={
          <Link to={paths.login.href()}>
            <Button type="primary">{t('forget.signIn')}</Button>
          </Link>
        }
      />
    </div>
  );
}
