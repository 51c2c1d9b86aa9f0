import { useLocation, useParams } from 'react-router';
import { documentIdSchema, projectIdOfDocument } from '@shared/schemas/document';
import { NotFound } from '../error-page';
import { Workspace } from './workspace';

/** `/doc/{id}` and `/doc/{id}/edit`: a document by its id alone, which names its project. */
export function Component() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  if (!documentIdSchema.safeParse(id).success) return <NotFound />;
  return <Workspace projectId={projectIdOfDocument(id)} docId={id} editing={pathname.endsWith('/edit')} />;
}
