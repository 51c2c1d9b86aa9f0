/**
 * What a run of a scenario reads, for a runner outside the server (issue 36, `apiloom run` through the open API):
 * the scenario by id or name, a folder's scenarios, and in one bundle every document its steps refer to, the
 * models their answers refer to and the scenarios it calls, followed transitively; and an environment by id or
 * name with its plain variables only (a secret's value is never stored, let alone sent).
 */
import { modelRefsIn } from '@shared/model-refs';
import type { ApiContent } from '@shared/schemas/api-content';
import type { OpenEnvironment, OpenScenarioBundle, OpenScenarioList } from '@shared/schemas/open-scenario';
import type { ParamItem } from '@shared/schemas/params';
import { allSteps, SCENARIO_ID_PATTERN, type ScenarioContent } from '@shared/schemas/scenario';
import { AppError } from '../core/app-error';
import { isBinned } from './document-bin';
import { getNode, readDocumentContentOfRev } from './documents';
import { environmentsOf } from './environments';
import { getScenario, projectOfScenarioId, readScenarioContent, scenarioFoldersOf, scenariosOf, type ScenarioRecord } from './scenarios';

/** Called scenarios and models a bundle follows at most (a run's own call depth and model walk stop sooner). */
const MAX_CALLED = 50;
const MAX_MODELS = 500;

/** The one item whose id is `ref`, else the one whose name (or path) is: none is `missing` (not found), several ambiguous. */
function pickOne<T extends { id: string }>(items: readonly T[], ref: string, names: (item: T) => string[], missing: AppError): T {
  const byId = items.find((item) => item.id === ref);
  if (byId) return byId;
  const named = items.filter((item) => names(item).includes(ref));
  if (named.length === 1) return named[0]!;
  if (!named.length) throw missing;
  throw new AppError('nameAmbiguous', { name: ref, count: named.length, ids: named.map((n) => n.id).join(', ') });
}

/** Each scenario folder's path of names from the top (`Smoke/Orders`). */
async function folderPaths(projectId: string): Promise<Map<string, string>> {
  const folders = await scenarioFoldersOf(projectId);
  const byId = new Map(folders.map((f) => [f.id, f]));
  const paths = new Map<string, string>([['', '']]);
  for (const folder of folders) {
    const names: string[] = [];
    for (let at = byId.get(folder.id), hops = 0; at && hops < 64; at = byId.get(at.parentId), hops++) names.unshift(at.name);
    paths.set(folder.id, names.join('/'));
  }
  return paths;
}

const listItem = (s: ScenarioRecord, paths: Map<string, string>) => ({
  id: s.id,
  name: s.name,
  folderId: s.folderId,
  folderPath: paths.get(s.folderId) ?? '',
  stepCount: s.stepCount,
});

/** The project's scenarios, or those in a folder (named by id, name or path) and its subfolders. */
export async function scenarioList(projectId: string, folderRef?: string): Promise<OpenScenarioList> {
  const [scenarios, folders, paths] = await Promise.all([scenariosOf(projectId), scenarioFoldersOf(projectId), folderPaths(projectId)]);
  let inFolder = (_: ScenarioRecord) => true;
  if (folderRef !== undefined) {
    const folder = pickOne(folders, folderRef, (f) => [f.name, paths.get(f.id) ?? ''], new AppError('notFound'));
    const path = paths.get(folder.id)!;
    inFolder = (s) => s.folderId === folder.id || (paths.get(s.folderId) ?? '').startsWith(`${path}/`);
  }
  const items = scenarios.filter(inFolder).map((s) => listItem(s, paths));
  items.sort((a, b) => a.folderPath.localeCompare(b.folderPath) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  return { scenarios: items };
}

/** A scenario of the project by its id or its name. */
export async function findScenario(projectId: string, ref: string): Promise<ScenarioRecord> {
  const missing = new AppError('notFound');
  if (SCENARIO_ID_PATTERN.test(ref)) {
    if (projectOfScenarioId(ref) !== projectId) throw missing;
    const found = await getScenario(projectId, ref);
    if (found) return found;
  }
  return pickOne(await scenariosOf(projectId), ref, (s) => [s.name], missing);
}

const documentIdsOf = (content: ScenarioContent) => {
  const ids: string[] = [];
  for (const s of allSteps(content.steps)) if (s.type === 'request' && s.source.kind === 'document') ids.push(s.source.documentId);
  return ids;
};

/** A document as the engine looks it up: live API documents with their content, the rest with why not. */
async function lookUp(projectId: string, id: string): Promise<OpenScenarioBundle['documents'][number]> {
  const node = id.startsWith(`${projectId}_`) ? await getNode(projectId, id) : undefined;
  if (node) {
    if (node.type !== 'api') return { id, state: 'notApi', title: node.name };
    const typed = await readDocumentContentOfRev(node);
    return { id, state: 'ok', title: node.name, content: typed.content as ApiContent };
  }
  if (!id.startsWith(`${projectId}_`)) return { id, state: 'missing', title: '' };
  return { id, state: (await isBinned(projectId, id)) ? 'binned' : 'deleted', title: '' };
}

/** The scenario, the scenarios it calls, the documents all their steps refer to and the models those refer to. */
export async function scenarioBundle(record: ScenarioRecord, paths?: Map<string, string>): Promise<OpenScenarioBundle> {
  const { projectId } = record;
  const content = readScenarioContent(record);
  // The called scenarios, breadth first.
  const called: OpenScenarioBundle['called'] = [];
  const seen = new Set([record.id]);
  for (let queue = [content]; queue.length && called.length < MAX_CALLED;) {
    const next: ScenarioContent[] = [];
    for (const c of queue) {
      for (const s of allSteps(c.steps)) {
        if (s.type !== 'call' || seen.has(s.scenarioId) || called.length >= MAX_CALLED) continue;
        seen.add(s.scenarioId);
        const found = projectOfScenarioId(s.scenarioId) === projectId ? await getScenario(projectId, s.scenarioId) : undefined;
        if (!found) continue;
        const calledContent = readScenarioContent(found);
        called.push({ id: found.id, name: found.name, content: calledContent });
        next.push(calledContent);
      }
    }
    queue = next;
  }
  const documentIds = new Set([content, ...called.map((c) => c.content)].flatMap(documentIdsOf));
  const documents = await Promise.all([...documentIds].map((id) => lookUp(projectId, id)));
  // The models the documents refer to, and the models those refer to.
  const models: OpenScenarioBundle['models'] = [];
  const wanted = new Set<string>();
  for (const d of documents) if (d.content) modelRefsIn(d.content, wanted);
  const read = new Set<string>();
  for (let round = [...wanted]; round.length && read.size < MAX_MODELS;) {
    const fresh = new Set<string>();
    for (const id of round.slice(0, MAX_MODELS - read.size)) {
      read.add(id);
      const node = id.startsWith(`${projectId}_`) ? await getNode(projectId, id) : undefined;
      if (node?.type !== 'model') continue;
      const typed = await readDocumentContentOfRev(node);
      const rows = (typed.content as { schema: ParamItem[] }).schema;
      models.push({ id, rows });
      for (const ref of modelRefsIn(rows)) if (!read.has(ref)) fresh.add(ref);
    }
    round = [...fresh];
  }
  const folderPath = (paths ?? (await folderPaths(projectId))).get(record.folderId) ?? '';
  return { scenario: { ...listItem(record, new Map([[record.folderId, folderPath]])), content }, documents, models, called };
}

/** An environment by its id or name: its base address and the values of its variables that are not secret. */
export async function runEnvironment(projectId: string, ref: string): Promise<OpenEnvironment> {
  const env = pickOne(await environmentsOf(projectId), ref, (e) => [e.name], new AppError('notFound'));
  const variables: Record<string, string> = {};
  for (const v of env.variables) if (!v.secret) variables[v.name] = v.value;
  return { id: env.id, name: env.name, baseUrl: env.baseUrl, variables };
}
