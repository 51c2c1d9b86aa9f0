import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageLoading } from '../../components/page-loading';
import { NotFound } from '../error-page';
import { DOCUMENT_MODES, type DocumentMode } from '../../paths';
import { Workspace } from './workspace';

// The chrome-free views render a whole document at once (tables, tabs, markdown): their code stays out of the
// workspace's first load, which shows the tree before any document.
const PureDocument = lazy(() => import('./pure-document').then((m) => ({ default: m.PureDocument })));

/** `/project/{id}`, `/project/{id}/edit`, `/project/{id}/{doc}` and its modes (edit, pure, puredoc); any other mode is a 404. */
export function Component() {
  const { id = '', doc, mode } = useParams();
  const { pathname } = useLocation();
  if (mode !== undefined && !DOCUMENT_MODES.includes(mode as DocumentMode)) return <NotFound />;
  if (doc && (mode === 'pure' || mode === 'puredoc')) {
    return (
      <Suspense fallback={<PageLoading />}>
        <PureDocument docId={doc} printable={mode === 'puredoc'} />
      </Suspense>
    );
  }
  const editing = mode === 'edit' || (!doc && pathname.endsWith('/edit'));
  return <Workspace projectId={id} docId={doc} editing={editing} />;
}
