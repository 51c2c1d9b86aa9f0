/**
 * The compatibility report between two versions of a project (issue 35): a release's frozen tree or the live
 * project, its HTTP APIs and data models read as stored, compared by the pure engine in shared/compat. It reads
 * nodes and bodies directly (not the export's project-file reader, which would bring the importers into the
 * document service's bundle).
 */
import { compareStates } from '@shared/compat/engine';
import { stateFromProjectFile } from '@shared/compat/state';
import type { CompatReport, ProjectState } from '@shared/compat/types';
import { LIVE } from '@shared/schemas/compat';
import { AppError } from '../core/app-error';
import { enginePolicyOf } from './compat-policy';
import { bodiesOf, readBody } from './bodies';
import { loadNodes, type StoredNode } from './documents';
import { getRelease, listReleases, readSnapshot } from './releases';

/** Only these kinds can break a client; their folders give them their place in the report. */
const compared = (n: StoredNode) => n.type === 'api' || n.type === 'model';

/** One version of the project as the engine reads it; a release that does not exist is refused by its name. */
export async function projectStateAt(projectId: string, version: string): Promise<ProjectState> {
  let nodes: StoredNode[];
  let contents: Map<string, unknown>;
  if (version === LIVE) {
    nodes = await loadNodes(projectId);
    const bodies = await bodiesOf(
      projectId,
      nodes.filter(compared).map((n) => n.id),
    );
    contents = new Map(await Promise.all(bodies.map(async (b) => [b.documentId, await readBody(b)] as const)));
  } else {
    const release = await getRelease(projectId, version);
    if (!release) throw new AppError('versionNotFound', { version });
    const snapshot = await readSnapshot(release);
    nodes = snapshot.nodes;
    contents = new Map(Object.entries(snapshot.bodies));
  }
  // Each API's own security requirements are compared; the project-wide ones live with its import sources, whose
  // reader brings the importers' parsers into this bundle, and a release does not freeze them anyway.
  return stateFromProjectFile({
    nodes: nodes.map((n) => ({
      id: n.id,
      parentId: n.parentId,
      type: n.type,
      name: n.name,
      comment: n.comment,
      content: contents.get(n.id) ?? {},
    })),
    project: { servers: [], securitySchemes: {}, environments: [] },
  });
}

/**
 * What changed from one version to the other, and whether it breaks clients, under the project's policy. A version
 * against itself: identical.
 */
export async function changesBetween(projectId: string, from: string, to: string): Promise<CompatReport & { from: string; to: string }> {
  const [before, after, policy] = await Promise.all([
    projectStateAt(projectId, from),
    from === to ? undefined : projectStateAt(projectId, to),
    enginePolicyOf(projectId),
  ]);
  return { ...compareStates(before, after ?? before, policy), from, to };
}

/** The live project against its latest release: what the publish dialog's verdict is made of (none before the first). */
export async function changesSinceLatestRelease(projectId: string) {
  const latest = (await listReleases(projectId))[0];
  if (!latest) return undefined;
  return { previous: latest.version, report: await changesBetween(projectId, latest.version, LIVE) };
}
