/**
 * The states the engine compares, read from what Apiloom already has: a project file (a release's or the live
 * project's, as the export reads them) or an importer's result (a file about to be imported, or `apiloom diff`'s two
 * files). Only HTTP APIs and data models matter to clients; pages, folders and links are left out.
 */
import { readContent, type TypedContent } from '../schemas/document';
import type { ApiloomFile } from '../import/apiloom';
import type { ImportResult } from '../import/types';
import type { ProjectState, StateDocument } from './types';

type FileNode = ApiloomFile['nodes'][number];

/**
 * A project file's APIs and models, each with the names of the folders above it. `read` gives a node's content in
 * the newest shape (a caller that keeps what it read before passes its own); it throws for a body no schema reads.
 */
export function stateFromProjectFile(
  file: Pick<ApiloomFile, 'nodes' | 'project'>,
  read: (node: FileNode) => TypedContent = (node) => readContent(node.type, node.content),
): ProjectState {
  const byId = new Map(file.nodes.map((n) => [n.id, n]));
  const folderOf = (parentId: string) => {
    const path: string[] = [];
    for (let node = byId.get(parentId), hops = 0; node && hops < 64; node = byId.get(node.parentId), hops++) path.unshift(node.name);
    return path;
  };
  const documents: StateDocument[] = [];
  for (const node of file.nodes) {
    if (node.type !== 'api' && node.type !== 'model') continue;
    let typed;
    try {
      typed = read(node);
    } catch {
      // A body no schema reads is no API a client can call; the export reports it the same way.
      continue;
    }
    const base = { id: node.id, name: node.name, folder: folderOf(node.parentId) };
    if (typed.type === 'api') documents.push({ ...base, type: 'api', content: typed.content });
    else if (typed.type === 'model') documents.push({ ...base, type: 'model', content: typed.content });
  }
  return { documents, ...(file.project.security ? { security: file.project.security } : {}) };
}

/** An importer's result: documents keyed by what re-imports match on (`api:GET /pets/{}`, `model:Pet`). */
export function stateFromImport(result: Pick<ImportResult, 'documents' | 'project'>): ProjectState {
  const documents: StateDocument[] = [];
  for (const d of result.documents) {
    const base = { id: d.key, name: d.name, folder: d.folder };
    if (d.type === 'api') documents.push({ ...base, type: 'api', content: d.content });
    else if (d.type === 'model') documents.push({ ...base, type: 'model', content: d.content });
  }
  return { documents, ...(result.project.security ? { security: result.project.security } : {}) };
}
