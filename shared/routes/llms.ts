/**
 * What a share link answers plain HTTP clients (issue 26): an `llms.txt` index (llmstxt.org) of the documents the
 * share holds, and each of them as markdown, so an assistant given a share link reads what a person sees. Open
 * to anyone with the link, like the share's content: the handler applies the share's expiry, password and scope.
 * A service of its own (`llms`): the export's markdown writer would push the document bundle past its budget.
 */
import { markdownText, shareDocumentParams, shareIdParams, shareTextQuery } from '../schemas/share';
import { ANYONE, route } from './define';

export const llmsRoutes = {
  'share.llms': route({
    method: 'GET',
    path: '/project/document/share-item/{id}/llms.txt',
    service: 'llms',
    access: ANYONE,
    params: shareIdParams,
    query: shareTextQuery,
    response: markdownText,
    produces: 'text/markdown',
  }),
  'share.markdown': route({
    method: 'GET',
    path: '/project/document/share-item/{id}/markdown/{docId}',
    service: 'llms',
    access: ANYONE,
    params: shareDocumentParams,
    query: shareTextQuery,
    response: markdownText,
    produces: 'text/markdown',
  }),
} as const;
