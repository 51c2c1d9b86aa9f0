/**
 * What the mock function keeps of a project in memory: its mock switch and token, a route matcher over its HTTP API
 * documents, and the saved mock settings. A burst of mock requests reads DynamoDB once a second per project at
 * most (one item, the project), and only what changed after that: the documents when `treeRev` moved, the
 * settings when `mockRev` did. A save is therefore live within MOCK_SETTINGS_TTL_MS.
 *
 * That promise is kept by the time a picture's reads began, not the time they came back: a request is answered from
 * a picture (or joins a refresh) begun at most MOCK_SETTINGS_TTL_MS before it arrived, however long the reads took,
 * and a refresh that comes back after a newer one does not replace it. (A slow refresh used to be joined by every
 * request until it came back, and then held as new: on a busy machine a mock configured right after its document
 * was created answered its first call with "no match".)
 */
import { MOCK_SETTINGS_TTL_MS } from '@shared/constants';
import { successResponse, type ParamItem } from '@shared/schemas/document';
import type { MockSettings } from '@shared/schemas/mock';
import { nodesAt, readDocumentContentOfRev, type StoredNode } from '../../domain/documents';
import { mockConfigsOf } from '../../domain/mock-configs';
import { getProject, type ProjectRecord } from '../../domain/projects';
import { compileBody, type CompiledBody } from '../../mock/generate';
import { buildRouteMatcher, type RouteMatcher } from '../../mock/path-match';

interface ProjectMocks {
  projectId: string;
  enabled: boolean;
  token: string | null;
  matcher: RouteMatcher;
  /** HTTP API documents by id, for their revision (the `auto` type reads their response parameters). */
  documents: Map<string, StoredNode>;
  /** Data model documents by id, which response parameters may refer to. */
  models: Map<string, StoredNode>;
  settings: Map<string, MockSettings>;
}

interface Held {
  mocks: ProjectMocks | undefined;
  treeRev: number;
  mockRev: number;
  /** When the reads of this picture began: nothing written before then is missing from it. */
  readAt: number;
}

/** Active and archived projects mock (an archive is read only, not gone); recycled and internal states do not. */
const serves = (project: ProjectRecord) => project.state === 'active' || project.state === 'archived';

const held = new Map<string, Held>();
const inFlight = new Map<string, { readAt: number; mocks: Promise<ProjectMocks | undefined> }>();
const MAX_PROJECTS = 500;

/** Keeps a picture unless a newer one (begun later) is kept already. */
function hold(projectId: string, picture: Held) {
  const current = held.get(projectId);
  if (current && current.readAt > picture.readAt) return;
  held.delete(projectId);
  held.set(projectId, picture);
  while (held.size > MAX_PROJECTS) held.delete(held.keys().next().value!);
}

async function refresh(projectId: string, before: Held | undefined, readAt: number): Promise<ProjectMocks | undefined> {
  const project = await getProject(projectId);
  if (!project || !serves(project)) {
    hold(projectId, { mocks: undefined, treeRev: -1, mockRev: -1, readAt });
    return undefined;
  }
  const old = before?.mocks;
  const treeChanged = !old || before.treeRev !== project.treeRev;
  const settingsChanged = !old || before.mockRev !== project.mockRev;
  const [{ documents, models }, settings] = await Promise.all([
    treeChanged ? mockedDocuments(project) : Promise.resolve(old),
    settingsChanged
      ? mockConfigsOf(projectId).then((records) => new Map(records.map((r) => [r.docId, r.settings])))
      : Promise.resolve(old.settings),
  ]);
  const mocks: ProjectMocks = {
    projectId,
    enabled: project.mockEnabled,
    token: project.mockToken,
    matcher: treeChanged
      ? buildRouteMatcher([...documents.values()].map((d) => ({ id: d.id, method: d.method ?? 'GET', path: d.path ?? '' })))
      : old.matcher,
    documents,
    models,
    settings,
  };
  hold(projectId, { mocks, treeRev: project.treeRev, mockRev: project.mockRev, readAt });
  return mocks;
}

async function mockedDocuments(project: ProjectRecord): Promise<Pick<ProjectMocks, 'documents' | 'models'>> {
  const nodes = await nodesAt(project);
  return {
    documents: new Map(nodes.filter((n) => n.type === 'api' && n.path).map((n) => [n.id, n])),
    models: new Map(nodes.filter((n) => n.type === 'model').map((n) => [n.id, n])),
  };
}

/**
 * The project's mocks as read at most MOCK_SETTINGS_TTL_MS ago; undefined when it does not exist or does not serve.
 * `fresh` (a request that asked for no cache, as the editor's preview does right after a save) takes only a picture
 * begun after it arrived: the author sees what was just saved, not the picture of the call before the save.
 */
export function projectMocks(
  projectId: string,
  { now = Date.now(), fresh = false }: { now?: number; fresh?: boolean } = {},
): Promise<ProjectMocks | undefined> | ProjectMocks | undefined {
  const maxAge = fresh ? 0 : MOCK_SETTINGS_TTL_MS;
  const current = held.get(projectId);
  if (current && now - current.readAt < maxAge) return current.mocks;
  const pending = inFlight.get(projectId);
  if (pending && (fresh ? pending.readAt >= now : now - pending.readAt < maxAge)) return pending.mocks;
  const started = { readAt: now, mocks: refresh(projectId, current, now) };
  inFlight.set(projectId, started);
  void started.mocks.finally(() => inFlight.get(projectId) === started && inFlight.delete(projectId)).catch(() => undefined);
  return started.mocks;
}

/** Past this many models one answer stops reading more: the rest generate as untyped values. */
const MODELS_PER_ANSWER = 200;

/**
 * The body parameters of a document's first 2xx response at its revision, and the models they refer to, followed
 * through the models' own references (each read once, so cycles end).
 */
export async function responseParams(
  document: StoredNode,
  models: Map<string, StoredNode>,
): Promise<{ params: ParamItem[]; models: Map<string, ParamItem[]> }> {
  const typed = await readDocumentContentOfRev(document);
  const params = typed.type === 'api' ? (successResponse(typed.content)?.body ?? []) : [];
  const found = new Map<string, ParamItem[]>();
  let pending = refsOf(params);
  while (pending.length && found.size < MODELS_PER_ANSWER) {
    const next = [...new Set(pending)].filter((ref) => !found.has(ref) && models.has(ref)).slice(0, MODELS_PER_ANSWER - found.size);
    const read = await Promise.all(next.map((ref) => readDocumentContentOfRev(models.get(ref)!)));
    pending = [];
    read.forEach((model, i) => {
      const rows = model.type === 'model' ? model.content.schema : [];
      found.set(next[i]!, rows);
      pending.push(...refsOf(rows));
    });
  }
  return { params, models: found };
}

/**
 * The `auto` answers compiled, by the models of the picture they were read with and then by document revision: a
 * picture's maps are replaced when the tree moves (any document or model saved), which drops its answers with them.
 */
const compiledAnswers = new WeakMap<Map<string, StoredNode>, Map<string, Promise<CompiledBody>>>();
/** Answers kept per picture, at most: a project's documents mocked at once, not all it has. */
const ANSWERS_PER_PICTURE = 256;

/** The document's `auto` answer compiled once per revision (its response parameters and their models read once). */
export function compiledResponse(document: StoredNode, models: Map<string, StoredNode>): Promise<CompiledBody> {
  let answers = compiledAnswers.get(models);
  if (!answers) {
    answers = new Map<string, Promise<CompiledBody>>();
    compiledAnswers.set(models, answers);
  }
  const key = `${document.id}:${document.rev}`;
  const kept = answers.get(key);
  if (kept) return kept;
  const compiled = responseParams(document, models).then(({ params, models: rows }) => compileBody(params, (ref) => rows.get(ref)));
  answers.set(key, compiled);
  while (answers.size > ANSWERS_PER_PICTURE) answers.delete(answers.keys().next().value!);
  // A failed read is tried again by the next request, not kept.
  void compiled.catch(() => {
    if (answers.get(key) === compiled) answers.delete(key);
  });
  return compiled;
}

function refsOf(items: ParamItem[], out: string[] = []): string[] {
  for (const p of items) {
    if (p.ref !== undefined) out.push(p.ref);
    refsOf(p.children, out);
  }
  return out;
}

/** For tests: forget everything held or being read. */
export function forgetProjectMocks() {
  held.clear();
  inFlight.clear();
}
