/**
 * A request for any route of the table that passes its validation, naming the given project and document,
 * so access walks reach the access check rather than stopping at a malformed input.
 */
import type { RouteDef } from '../../shared/routes';

export interface SampleIds {
  projectId: string;
  documentId: string;
}

export function sampleRequest(route: RouteDef, ids: SampleIds) {
  const names = route.access.kind === 'project' ? route.access.project : undefined;
  const historyRoute = route.path.includes('/history/');
  const value = (name: string): string => {
    if (name === 'projectId') return ids.projectId;
    if (name === 'historyId') return `${ids.documentId}_r1`;
    if (route.path === '/project/folder/tree/{id}') return 'personal';
    if (name === names?.field && names.document) return historyRoute && route.method === 'POST' ? `${ids.documentId}_r1` : ids.documentId;
    if (name === 'id' || name === 'a' || name === 'sourceId') return ids.projectId;
    if (name === 'target') return 'someone@example.com';
    if (name === 'fileId') return 'AbCdEfGhIjKlMnOpQrStUv';
    return name === 'b' ? ids.projectId : '0';
  };
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)));
  const query = route.query ? { keyword: 'x', name: 'copy', sourceId: ids.projectId } : undefined;
  const body =
    route.method === 'GET'
      ? undefined
      : names?.in === 'body'
        ? { [names.field]: names.document ? ids.documentId : ids.projectId, rev: 1, name: 'n' }
        : route.path.startsWith('/project/attachment/')
          ? { kind: 'image', name: 'a.png', size: 1, contentType: 'image/png' }
          : {};
  return { path, query, body };
}
