import { useLocation, useParams } from 'react-router';
import { NotFound } from '../error-page';
import { DOCUMENT_MODES, type DocumentMode } from '../../paths';
import { PureDocument } from './pure-document';
import { Workspace } from './workspace';

/** `/project/{id}`, `/project/{id}/edit`, `/project/{id}/{doc}` and its modes (edit, pure, puredoc); any other mode is a 404. */
export function Component() {
  const { id = '', doc, mode } = useParams();
  const { pathname } = useLocation();
  if (mode !== undefined && !DOCUMENT_MODES.includes(mode as DocumentMode)) return <NotFound />;
  if (doc && (mode === 'pure' || mode === 'puredoc')) return <PureDocument docId={doc} printable={mode === 'puredoc'} />;
  const editing = mode === 'edit' || (!doc && pathname.endsWith('/edit'));
  return <Workspace projectId={id} docId={doc} editing={editing} />;
}
