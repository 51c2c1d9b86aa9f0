/**
 * What an export reads (issue 23), as Apiloom's project file: the live tree (documents in the document bin are
 * not in it), chosen documents (each with its subtree and its ancestors' folders), or a release's frozen tree; a
 * share reader's export holds only what the share holds. Nodes come in tree order (parents first, siblings by
 * rank), each with its stored, versioned content; the project's servers and security come from what its imports
 * carried, its environments from the environments feature, secret values blank.
 */
import { APILOOM_FILE_KIND, type ApiloomFile } from '@shared/import/apiloom';
import { bodiesOf, readBody } from './bodies';
import { childrenByParent, inTreeOrder, loadNodes, type StoredNode } from './documents';
import { environmentsOf } from './environments';
import { importSourcesOf } from './import-stamps';
import { getProject } from './projects';
import type { SerialStyle } from '@shared/serial-numbers';
import { getRelease, readSnapshot } from './releases';
import { getShare, scopedNodes } from './shares';
import { AppError } from '../core/app-error';

export interface SnapshotScope {
  projectId: string;
  docIds: readonly string[] | null;
  version: string | null;
  shareId: string | null;
}

/** Bodies read at once. */
const BODY_BATCH = 100;

/** The chosen documents with everything below them and the folders above them (the rest of the tree left out). */
export function chosenNodes(nodes: StoredNode[], docIds: readonly string[]): StoredNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = childrenByParent(nodes);
  const kept = new Set<string>();
  const add = (id: string) => {
    if (kept.has(id)) return;
    kept.add(id);
    for (const child of children.get(id) ?? []) add(child.id);
  };
  for (const id of docIds) {
    if (!byId.has(id)) continue;
    add(id);
    for (let parent = byId.get(byId.get(id)!.parentId); parent && !kept.has(parent.id); parent = byId.get(parent.parentId))
      kept.add(parent.id);
  }
  return nodes.filter((n) => kept.has(n.id));
}

/**
 * Reads the scope into a project file, with the project's serial number style (a release is numbered by today's
 * setting). `onProgress` hears how many of the documents' bodies are read.
 */
export async function readProjectFile(
  scope: SnapshotScope,
  exportedAt: string,
  onProgress: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ file: ApiloomFile; serialStyle: SerialStyle }> {
  const project = await getProject(scope.projectId);
  if (!project) throw new AppError('notFound');
  let nodes: StoredNode[];
  let bodyOf: (ids: string[]) => Promise<Map<string, unknown>>;
  let info = { name: project.name, description: project.description };
  if (scope.version) {
    const release = await getRelease(scope.projectId, scope.version);
    if (!release) throw new AppError('releaseNotFound');
    const snapshot = await readSnapshot(release);
    nodes = snapshot.nodes;
    info = { name: snapshot.project.name, description: snapshot.project.description };
    bodyOf = async (ids) => new Map(ids.map((id) => [id, snapshot.bodies[id] ?? {}]));
  } else {
    nodes = await loadNodes(scope.projectId);
    bodyOf = async (ids) => {
      const bodies = await bodiesOf(scope.projectId, ids);
      return new Map(await Promise.all(bodies.map(async (b) => [b.documentId, await readBody(b)] as const)));
    };
  }
  if (scope.shareId) {
    const share = await getShare(scope.projectId, scope.shareId);
    if (!share) throw new AppError('notFound');
    nodes = scopedNodes(share, nodes);
  }
  if (scope.docIds) nodes = chosenNodes(nodes, scope.docIds);
  const ordered = inTreeOrder(scope.projectId, nodes);

  const contents = new Map<string, unknown>();
  for (let i = 0; i < ordered.length; i += BODY_BATCH) {
    const ids = ordered.slice(i, i + BODY_BATCH).map((n) => n.id);
    for (const [id, content] of await bodyOf(ids)) contents.set(id, content);
    await onProgress(Math.min(i + BODY_BATCH, ordered.length), ordered.length);
  }

  // A share holds documents, not the project's environments: its export carries none (nor their values).
  const [environments, sources] = await Promise.all([
    scope.shareId ? [] : environmentsOf(scope.projectId),
    importSourcesOf(scope.projectId),
  ]);
  const servers = new Map<string, { url: string; description: string }>();
  const securitySchemes: Record<string, unknown> = {};
  let security: Record<string, string[]>[] | undefined;
  for (const source of sources.sort((a, b) => a.importedAt.localeCompare(b.importedAt))) {
    for (const server of source.project.servers) servers.set(server.url, server);
    Object.assign(securitySchemes, source.project.securitySchemes);
    if (source.project.security) security = source.project.security;
  }
  const file: ApiloomFile = {
    kind: APILOOM_FILE_KIND,
    exportedAt,
    project: {
      name: info.name,
      description: info.description,
      servers: [...servers.values()],
      securitySchemes,
      ...(security ? { security } : {}),
      environments: environments.map((e) => ({
        name: e.name,
        baseUrl: e.baseUrl,
        // A secret's value is never stored (it lives in the browser); blank whatever a record holds.
        variables: e.variables.map((v) => ({ name: v.name, value: v.secret ? '' : v.value, ...(v.secret ? { secret: true } : {}) })),
      })),
    },
    nodes: ordered.map((n) => ({
      id: n.id,
      parentId: n.parentId === scope.projectId ? '' : n.parentId,
      type: n.type,
      name: n.name,
      comment: n.comment,
      content: contents.get(n.id) ?? {},
    })),
  };
  return { file, serialStyle: project.serialStyle };
}
