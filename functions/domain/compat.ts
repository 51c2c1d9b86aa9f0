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
import { readContent, type TypedContent } from '@shared/schemas/document';
import { AppError } from '../core/app-error';
import { enginePolicyOf } from './compat-policy';
import { bodiesOf, readBody } from './bodies';
import { loadNodes, type StoredNode } from './documents';
import { memo } from './memo';
import { getRelease, listReleases, readSnapshot, type ReleaseRecord } from './releases';

/** Only these kinds can break a client; their folders give them their place in the report. */
const compared = (n: StoredNode) => n.type === 'api' || n.type === 'model';

/**
 * What a report reads is kept for the instance, as the engine reads it (parsing every body into its newest shape
 * is most of a large project's report): a release's whole state by its snapshot, which never changes; a live
 * document's content by its revision, so the next report parses only what was edited since.
 */
const releaseStates = memo<ProjectState>({ ttlMs: Number.POSITIVE_INFINITY, max: 4 });
const LIVE_CONTENTS_KEPT = 10_000;
const liveContents = new Map<string, TypedContent | 'unreadable'>();

const noProjectSettings = { servers: [], securitySchemes: {}, environments: [] };

/** One version of the project as the engine reads it; a release that does not exist is refused by its name. */
export async function projectStateAt(projectId: string, version: string): Promise<ProjectState> {
  if (version !== LIVE) {
    const release = await getRelease(projectId, version);
    if (!release) throw new AppError('versionNotFound', { version });
    return releaseStates.get(release.s3Key, () => releaseState(release));
  }
  const nodes = await loadNodes(projectId);
  const typeOf = new Map(nodes.map((n) => [n.id, n.type]));
  const bodies = await bodiesOf(
    projectId,
    nodes.filter(compared).map((n) => n.id),
  );
  const contents = new Map<string, TypedContent | 'unreadable'>();
  await Promise.all(
    bodies.map(async (body) => {
      const key = `${projectId}/${body.documentId}@${body.rev}`;
      let typed = liveContents.get(key);
      if (!typed) {
        try {
          typed = readContent(typeOf.get(body.documentId)!, await readBody(body));
        } catch {
          typed = 'unreadable';
        }
        liveContents.set(key, typed);
        if (liveContents.size > LIVE_CONTENTS_KEPT) liveContents.delete(liveContents.keys().next().value!);
      }
      contents.set(body.documentId, typed);
    }),
  );
  return stateFromProjectFile({ nodes: nodes.map((n) => fileNode(n, undefined)), project: noProjectSettings }, (node) => {
    const typed = contents.get(node.id);
    // A node without a body reads as an empty one, as it always has.
    if (!typed) return readContent(node.type, {});
    if (typed === 'unreadable') throw new Error('unreadable body');
    return typed;
  });
}

async function releaseState(release: ReleaseRecord): Promise<ProjectState> {
  const snapshot = await readSnapshot(release);
  return stateFromProjectFile({
    nodes: snapshot.nodes.map((n) => fileNode(n, snapshot.bodies[n.id] ?? {})),
    project: noProjectSettings,
  });
}

// Each API's own security requirements are compared; the project-wide ones live with its import sources, whose
// reader brings the importers' parsers into this bundle, and a release does not freeze them anyway.
const fileNode = (n: StoredNode, content: unknown) => ({
  id: n.id,
  parentId: n.parentId,
  type: n.type,
  name: n.name,
  comment: n.comment,
  content,
});

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

/** The live project's APIs and models with its policy, for the import preview to compare a file against. */
export async function liveForPreview(projectId: string) {
  const [state, policy] = await Promise.all([projectStateAt(projectId, LIVE), enginePolicyOf(projectId)]);
  return {
    documents: state.documents,
    policy: { severities: policy.severities ?? {}, accepted: policy.accepted ?? [] },
  };
}

/** The live project against its latest release: what the publish dialog's verdict is made of (none before the first). */
export async function changesSinceLatestRelease(projectId: string) {
  const latest = (await listReleases(projectId))[0];
  if (!latest) return undefined;
  return { previous: latest.version, report: await changesBetween(projectId, latest.version, LIVE) };
}
