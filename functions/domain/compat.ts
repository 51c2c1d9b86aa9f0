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
import { createHash } from 'node:crypto';
import { AppError } from '../core/app-error';
import { getObjectText } from '../data/s3';
import { enginePolicyOf } from './compat-policy';
import { bodiesOf } from './bodies';
import { loadNodes, type StoredNode } from './documents';
import { memo } from './memo';
import { getRelease, listReleases, readSnapshot } from './releases';

/** Only these kinds can break a client; their folders give them their place in the report. */
const compared = (n: StoredNode) => n.type === 'api' || n.type === 'model';

/**
 * What a report reads is kept for the instance (parsing every body into its newest shape is most of a large
 * project's report): each body's content as the engine reads it, by a digest of its stored text, so the next report
 * parses only what was edited since, and a document the same in a release and in the live project is the very same
 * object on both sides, which the engine sees unchanged at once; and a release's whole state by its snapshot, which
 * never changes.
 */
const CONTENTS_KEPT = 10_000;
const contentsByText = new Map<string, TypedContent | 'unreadable'>();
const releaseStates = memo<ProjectState>({ ttlMs: Number.POSITIVE_INFINITY, max: 4 });

function contentOf(type: StoredNode['type'], text: string): TypedContent | 'unreadable' {
  const key = `${type}:${createHash('sha1').update(text).digest('base64')}`;
  let typed = contentsByText.get(key);
  if (!typed) {
    try {
      typed = readContent(type, JSON.parse(text));
    } catch {
      typed = 'unreadable';
    }
    contentsByText.set(key, typed);
    if (contentsByText.size > CONTENTS_KEPT) contentsByText.delete(contentsByText.keys().next().value!);
  }
  return typed;
}

/** A version's nodes with each one's stored text, as the engine reads them. */
function stateOf(nodes: StoredNode[], textOf: (node: StoredNode) => string): ProjectState {
  const contents = new Map(nodes.filter(compared).map((n) => [n.id, contentOf(n.type, textOf(n))]));
  return stateFromProjectFile({ nodes: nodes.map(fileNode), project: noProjectSettings }, (node) => {
    const typed = contents.get(node.id)!;
    if (typed === 'unreadable') throw new Error('unreadable body');
    return typed;
  });
}

const noProjectSettings = { servers: [], securitySchemes: {}, environments: [] };

/**
 * One version of the project as the engine reads it; a release that does not exist is refused by its name. Its
 * contents are the instance's own, shared with every report that reads the same text: read them, never change them.
 */
export async function projectStateAt(projectId: string, version: string): Promise<ProjectState> {
  if (version !== LIVE) {
    const release = await getRelease(projectId, version);
    if (!release) throw new AppError('versionNotFound', { version });
    return releaseStates.get(release.s3Key, async () => {
      const snapshot = await readSnapshot(release);
      // The text the live body had when the release was made (JSON.stringify gives back what it stored).
      return stateOf(snapshot.nodes, (n) => JSON.stringify(snapshot.bodies[n.id] ?? {}));
    });
  }
  const nodes = await loadNodes(projectId);
  const bodies = await bodiesOf(
    projectId,
    nodes.filter(compared).map((n) => n.id),
  );
  const texts = new Map(
    await Promise.all(bodies.map(async (b) => [b.documentId, b.json ?? (b.s3Key ? await getObjectText(b.s3Key) : '{}')] as const)),
  );
  // A node without a body reads as an empty one.
  return stateOf(nodes, (n) => texts.get(n.id) ?? '{}');
}

// Each API's own security requirements are compared; the project-wide ones live with its import sources, whose
// reader brings the importers' parsers into this bundle, and a release does not freeze them anyway.
const fileNode = (n: StoredNode) => ({
  id: n.id,
  parentId: n.parentId,
  type: n.type,
  name: n.name,
  comment: n.comment,
  content: undefined,
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
