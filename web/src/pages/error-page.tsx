import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useNavigate, useRouteError } from 'react-router';
import { CHUNK_RELOAD_GUARD_MS } from '../../../shared/constants';
import { loginUrl } from '../lib/api';

const RELOAD_KEY = 'apiloom.chunkReloadAt';

/** A lazy page whose chunk is gone (a new version was deployed): reload, but at most once a minute. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(error.message);

function reloadOncePerMinute(): boolean {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  return true;
}

/** The error page of spec section 2, for unknown routes (404) and for pages that failed. */
export function ErrorPage({ status: forced }: { status?: number }) {
  const { t } = useTranslation();
  const error = useRouteError();
  const navigate = useNavigate();
  const chunkFailed = isChunkLoadError(error);
  const willReload = chunkFailed && reloadOncePerMinute();

  useEffect(() => {
    if (willReload) location.reload();
  }, [willReload]);

  const status = forced ?? (isRouteErrorResponse(error) ? error.status : chunkFailed ? 500 : error ? 500 : 404);
  const notFound = status === 404;
  const title = notFound ? '页面走丢啦' : '系统出问题了';
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (chunkFailed) {
    return (
      <div className="error-page">
        <p className="error-status">500</p>
        <p>{t('errorPage.chunkReload')}</p>
      </div>
    );
  }
  const message = notFound ? t('errorPage.notFound') : (error instanceof Error && error.message) || t('errorPage.default');
  return (
    <div className="error-page">
      <p className="error-status">{status}</p>
      <h1>{title}</h1>
      <p>{message}</p>
      <div className="error-actions">
        <Link to="/" className="button button-primary">
          {t('errorPage.home')}
        </Link>
        {!notFound && (
          <>
            <a className="button" href={loginUrl()}>
              {t('errorPage.relogin')}
            </a>
            <button type="button" className="button" onClick={() => void navigate(-1)}>
              {t('errorPage.back')}
            </button>
            <button type="button" className="button" onClick={() => location.reload()}>
              {t('errorPage.refresh')}
            </button>
          </>
        )}
      </div>
    </div>
  );
}

export const NotFound = () => <ErrorPage status={404} />;
