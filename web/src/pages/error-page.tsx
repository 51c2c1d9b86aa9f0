import { Button, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { LinkButton } from '../components/link-button';
import { CHUNK_RELOAD_GUARD_MS } from '@shared/constants';
import { currentLocation, paths } from '../paths';

const RELOAD_KEY = 'apiloom.chunkReloadAt';

/** A lazy page whose chunk is gone (a new version was deployed): reload, but at most once a minute. */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(error.message);

function reloadOncePerMinute(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  return true;
}

/** The error page of spec section 2, for unknown routes (404) and for pages that failed; its texts follow the language. */
export function ErrorPage({ status: forced }: { status?: number }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const chunkFailed = isChunkLoadError(error);
  const willReload = chunkFailed && reloadOncePerMinute();

  useEffect(() => {
    if (willReload) location.reload();
  }, [willReload]);

  const status = forced ?? (isRouteErrorResponse(error) ? error.status : error ? 500 : 404);
  const notFound = status === 404;
  const title = notFound ? t('errorPage.notFoundTitle') : t('errorPage.failedTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (chunkFailed) {
    return (
      <main className="error-page">
        <span className="error-status">500</span>
        <p>{t('errorPage.chunkReload')}</p>
      </main>
    );
  }
  const message = notFound ? t('errorPage.notFound') : (error instanceof Error && error.message) || t('errorPage.default');
  // Plain markup, no illustrations: this page is in the first chunk every page loads.
  return (
    <main className="error-page">
      <span className="error-status">{status}</span>
      <h1>{title}</h1>
      <p className="muted">{message}</p>
      <Space wrap>
        <LinkButton to={paths.home.href()} type="primary">
          {t('errorPage.home')}
        </LinkButton>
        {!notFound && (
          <>
            <Button href={paths.login.href({ from: currentLocation() })}>{t('errorPage.relogin')}</Button>
            <Button onClick={() => void navigate(-1)}>{t('errorPage.back')}</Button>
            <Button onClick={() => location.reload()}>{t('errorPage.refresh')}</Button>
          </>
        )}
      </Space>
    </main>
  );
}

export const NotFound = () => <ErrorPage status={404} />;
