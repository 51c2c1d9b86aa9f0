/**
 * The import stamps of one source without their merge bases (import-stamps.ts has the whole record): what the
 * browser preview plans with. Apart from import-stamps.ts so the project service, which answers it, carries
 * neither the planner nor zlib (each bundle is capped).
 */
import { queryAll } from '../data/db';
import { importKeys } from '../data/keys';

export async function stampHashesOf(projectId: string, source: string): Promise<{ documentId: string; key: string; hash: string }[]> {
  const items = await queryAll({ ...importKeys.stampsOf(projectId), project: ['documentId', 'source', 'key', 'hash'] });
  return items
    .filter((i) => i.source === source && typeof i.documentId === 'string')
    .map((i) => ({ documentId: String(i.documentId), key: String(i.key), hash: String(i.hash) }));
}
