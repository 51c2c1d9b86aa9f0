/**
 * Test scenarios, their folders and their runs (issue 36), in the project's partition.
 *
 * A scenario is one item: its content (steps and data set, versioned: shared/schemas/scenario.ts) as JSON text,
 * since DynamoDB refuses maps nested past 32 levels and steps nest; edits are written against `rev`. A run is one
 * item with its summary; its step results ride in the item while small and go to S3 past RESULTS_INLINE_CHARS. A
 * scenario keeps the outcomes of its last runs (`recent`) for the list's pass rate, updated with the run's write.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  allSteps,
  runListItem,
  runSummarySchema,
  scenarioContent,
  stepResult,
  type ReferencedDocument,
  type RunListItem,
  type RunSaveBody,
  type RunView,
  type ScenarioContent,
  type ScenarioFolderView,
  type ScenarioSummary,
  type ScenarioView,
} from '@shared/schemas/scenario';
import { and, conditionsOn, eq, getItem, notExists, queryAll, transact } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys, scenarioKeys } from '../data/keys';
import { getObjectText, putObject } from '../data/s3';
import { AppError } from '../core/app-error';
import type { Editor } from './documents';
import { getNode } from './documents';
import { isBinned } from './document-bin';
import { eventOps } from './events';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const suffix = (length: number) => {
  let out = '';
  for (const b of randomBytes(length)) out += ALPHABET[b % ALPHABET.length];
  return out;
};
/** Scenario, folder and run ids: `<projectId>_<16 characters>`, so a route that names one finds its project. */
export const newScenarioId = (projectId: string) => `${projectId}_${suffix(16)}`;
export const projectOfScenarioId = (id: string) => id.slice(0, id.lastIndexOf('_'));

/** What a scenario item may hold of content (DynamoDB's item limit is 400 KB, with the other fields beside it). */
export const SCENARIO_CONTENT_MAX_CHARS = 350_000;
/** Step results at most this long stay in the run's item; longer ones are an S3 object. */
const RESULTS_INLINE_CHARS = 250_000;
/** Outcomes of a scenario's last runs kept on it: its pass rate. */
export const RECENT_RUNS = 20;

export const scenarioRecord = lazy(() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    folderId: z.string(),
    /** The stored content (`scenarioContent.write`) as JSON text. */
    contentJson: z.string(),
    stepCount: z.number(),
    recent: z.array(z.enum(['passed', 'failed'])).default([]),
    rev: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string(),
    updatedByName: z.string(),
  }),
);
export type ScenarioRecord = z.infer<typeof scenarioRecord>;
export const scenarioEntity = defineEntity({
  name: 'scenario',
  schema: scenarioRecord,
  key: (s: Pick<ScenarioRecord, 'projectId' | 'id'>) => scenarioKeys.scenario(s.projectId, s.id),
});
const whereScenario = conditionsOn<ScenarioRecord>();

export const scenarioFolderRecord = lazy(() =>
  z.object({ id: z.string(), projectId: z.string(), name: z.string(), parentId: z.string(), rev: z.number(), updatedAt: z.string() }),
);
export type ScenarioFolderRecord = z.infer<typeof scenarioFolderRecord>;
export const scenarioFolderEntity = defineEntity({
  name: 'scenarioFolder',
  schema: scenarioFolderRecord,
  key: (f: Pick<ScenarioFolderRecord, 'projectId' | 'id'>) => scenarioKeys.folder(f.projectId, f.id),
});
const whereFolder = conditionsOn<ScenarioFolderRecord>();

export const scenarioRunRecord = lazy(() =>
  runListItem.extend({
    projectId: z.string(),
    /** The step results as JSON text, or the S3 key that holds it. */
    resultsJson: z.string().optional(),
    resultsKey: z.string().optional(),
  }),
);
export type ScenarioRunRecord = z.infer<typeof scenarioRunRecord>;
export const scenarioRunEntity = defineEntity({
  name: 'scenarioRun',
  schema: scenarioRunRecord,
  key: (r: Pick<ScenarioRunRecord, 'projectId' | 'id'>) => scenarioKeys.run(r.projectId, r.id),
  indexes: (index) => ({ gsi1: index(['scenarioId', 'createdAt'], (r) => scenarioKeys.runEntry(r.scenarioId, r.createdAt)) }),
});

// ---- Scenarios ----

export const readScenarioContent = (record: Pick<ScenarioRecord, 'contentJson'>): ScenarioContent =>
  scenarioContent.read(JSON.parse(record.contentJson));

function storedContent(content: ScenarioContent) {
  const contentJson = JSON.stringify(scenarioContent.write(content));
  if (contentJson.length > SCENARIO_CONTENT_MAX_CHARS) throw new AppError('scenarioTooLarge', { kb: SCENARIO_CONTENT_MAX_CHARS / 1000 });
  return { contentJson, stepCount: [...allSteps(content.steps)].length };
}

export const toScenarioSummary = (s: ScenarioRecord): ScenarioSummary => ({
  id: s.id,
  projectId: s.projectId,
  name: s.name,
  folderId: s.folderId,
  stepCount: s.stepCount,
  rev: s.rev,
  updatedAt: s.updatedAt,
  updatedByName: s.updatedByName,
  recent: s.recent,
});

export const getScenario = async (projectId: string, scenarioId: string) =>
  scenarioEntity.parse(await getItem(scenarioKeys.scenario(projectId, scenarioId), { consistent: true }));

export async function requireScenario(scenarioId: string): Promise<ScenarioRecord> {
  const found = await getScenario(projectOfScenarioId(scenarioId), scenarioId);
  if (!found) throw new AppError('notFound');
  return found;
}

export const scenariosOf = async (projectId: string) =>
  scenarioEntity
    .parseAll(await queryAll(scenarioKeys.scenariosOf(projectId)))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));

export const scenarioFoldersOf = async (projectId: string) =>
  scenarioFolderEntity.parseAll(await queryAll(scenarioKeys.foldersOf(projectId))).sort((a, b) => a.name.localeCompare(b.name));

/** The folder a scenario or folder goes in must be one of the project's (or the top). */
async function assertFolder(projectId: string, folderId: string) {
  if (folderId === '') return;
  const folder = scenarioFolderEntity.parse(await getItem(scenarioKeys.folder(projectId, folderId), { consistent: true }));
  if (!folder) throw new AppError('notFound');
}

export interface ScenarioFields {
  name: string;
  folderId: string;
  content: ScenarioContent;
}

const activeProject = (projectId: string) => ({
  check: keys.project(projectId),
  when: eq('state', 'active'),
  failure: () => new AppError('wrongState'),
});

export async function createScenario(projectId: string, fields: ScenarioFields, editor: Editor): Promise<ScenarioRecord> {
  await assertFolder(projectId, fields.folderId);
  const stamp = new Date().toISOString();
  const record: ScenarioRecord = {
    id: newScenarioId(projectId),
    projectId,
    name: fields.name,
    folderId: fields.folderId,
    ...storedContent(fields.content),
    recent: [],
    rev: 1,
    createdAt: stamp,
    updatedAt: stamp,
    updatedBy: editor.id,
    updatedByName: editor.name,
  };
  await transact([activeProject(projectId), scenarioEntity.putOp(record, notExists())]);
  return record;
}

/** Name, folder and content, against the revision the editor read. */
export async function updateScenario(scenarioId: string, fields: ScenarioFields, expectedRev: number, editor: Editor) {
  const projectId = projectOfScenarioId(scenarioId);
  await assertFolder(projectId, fields.folderId);
  return scenarioEntity.update(
    { projectId, id: scenarioId },
    {
      set: {
        name: fields.name,
        folderId: fields.folderId,
        ...storedContent(fields.content),
        updatedAt: new Date().toISOString(),
        updatedBy: editor.id,
        updatedByName: editor.name,
      },
      bumpRev: true,
    },
    {
      when: and(whereScenario.exists('id'), whereScenario.eq('rev', expectedRev)),
      failure: (item) => {
        const current = scenarioEntity.parse(item);
        if (!current) return new AppError('notFound');
        return new AppError('staleRevision', { editor: current.updatedByName }, { rev: current.rev });
      },
    },
  );
}

/** The scenario goes; its runs stay readable by id until the project goes (their list is the scenario's no more). */
export async function deleteScenario(scenarioId: string): Promise<void> {
  const projectId = projectOfScenarioId(scenarioId);
  await transact([
    { delete: scenarioKeys.scenario(projectId, scenarioId), when: whereScenario.exists('id'), failure: () => new AppError('notFound') },
  ]);
}

/**
 * Where each document the steps refer to stands: live, in the bin, deleted (gone without a trace) or not an HTTP
 * API. The editor flags every one that is not live; a run fails on it (shared/scenarios/engine.ts).
 */
export async function referencedDocuments(projectId: string, content: ScenarioContent): Promise<ReferencedDocument[]> {
  const ids = new Set<string>();
  for (const s of allSteps(content.steps)) if (s.type === 'request' && s.source.kind === 'document') ids.add(s.source.documentId);
  return Promise.all(
    [...ids].map(async (id): Promise<ReferencedDocument> => {
      if (projectOfScenarioId(id) !== projectId) return { id, title: '', state: 'missing' };
      const node = await getNode(projectId, id);
      if (node) return { id, title: node.name, state: node.type === 'api' ? 'ok' : 'notApi' };
      return { id, title: '', state: (await isBinned(projectId, id)) ? 'binned' : 'deleted' };
    }),
  );
}

export const toScenarioView = async (s: ScenarioRecord): Promise<ScenarioView> => {
  const content = readScenarioContent(s);
  return { ...toScenarioSummary(s), content, documents: await referencedDocuments(s.projectId, content) };
};

// ---- Folders ----

export const toFolderView = (f: ScenarioFolderRecord): ScenarioFolderView => ({ ...f });

export async function createScenarioFolder(projectId: string, name: string, parentId: string): Promise<ScenarioFolderRecord> {
  await assertFolder(projectId, parentId);
  const record: ScenarioFolderRecord = {
    id: newScenarioId(projectId),
    projectId,
    name,
    parentId,
    rev: 1,
    updatedAt: new Date().toISOString(),
  };
  await transact([activeProject(projectId), scenarioFolderEntity.putOp(record, notExists())]);
  return record;
}

export async function updateScenarioFolder(folderId: string, name: string, parentId: string, expectedRev: number) {
  const projectId = projectOfScenarioId(folderId);
  await assertFolder(projectId, parentId);
  // A folder never goes inside itself or its own subfolders.
  const folders = await scenarioFoldersOf(projectId);
  const parents = new Map(folders.map((f) => [f.id, f.parentId]));
  for (let at = parentId; at !== ''; at = parents.get(at) ?? '') if (at === folderId) throw new AppError('folderCycle');
  return scenarioFolderEntity.update(
    { projectId, id: folderId },
    { set: { name, parentId, updatedAt: new Date().toISOString() }, bumpRev: true },
    {
      when: and(whereFolder.exists('id'), whereFolder.eq('rev', expectedRev)),
      failure: (item) => (scenarioFolderEntity.parse(item) ? new AppError('staleRevision', { editor: '' }) : new AppError('notFound')),
    },
  );
}

export async function deleteScenarioFolder(folderId: string): Promise<void> {
  const projectId = projectOfScenarioId(folderId);
  const [scenarios, folders] = await Promise.all([scenariosOf(projectId), scenarioFoldersOf(projectId)]);
  if (scenarios.some((s) => s.folderId === folderId) || folders.some((f) => f.parentId === folderId)) {
    throw new AppError('scenarioFolderNotEmpty');
  }
  await transact([
    { delete: scenarioKeys.folder(projectId, folderId), when: whereFolder.exists('id'), failure: () => new AppError('notFound') },
  ]);
}

// ---- Runs ----

const toRunListItem = (r: ScenarioRunRecord): RunListItem => runListItem.parse(r);

/**
 * Keeps a run: its item (results inline or in S3) and the outcome on its scenario's recent list, in one
 * transaction with the scenario's existence. A run of a scenario deleted meanwhile is not kept.
 */
export async function saveRun(
  run: RunSaveBody,
  ranBy: { id: string; name: string },
  /** A server run keeps its job's id (domain/scenario-runs.ts): kept twice, the second write is refused. */
  id = newScenarioId(projectOfScenarioId(run.scenarioId)),
): Promise<RunListItem> {
  const projectId = projectOfScenarioId(run.scenarioId);
  const scenario = await requireScenario(run.scenarioId);
  const json = JSON.stringify(run.results);
  let stored: Pick<ScenarioRunRecord, 'resultsJson' | 'resultsKey'>;
  if (json.length <= RESULTS_INLINE_CHARS) stored = { resultsJson: json };
  else {
    const key = scenarioKeys.runResultsObject(projectId, id);
    await putObject(key, json, 'application/json');
    stored = { resultsKey: key };
  }
  const record: ScenarioRunRecord = {
    id,
    projectId,
    scenarioId: run.scenarioId,
    place: run.place,
    environmentId: run.environmentId,
    environmentName: run.environmentName,
    ranBy: ranBy.id,
    ranByName: ranBy.name,
    createdAt: new Date().toISOString(),
    summary: runSummarySchema.parse(run.summary),
    ...stored,
  };
  const recent = [run.summary.status, ...scenario.recent].slice(0, RECENT_RUNS);
  await transact([
    scenarioRunEntity.putOp(record, notExists()),
    scenarioEntity.updateOp(scenario, { set: { recent } }, whereScenario.exists('id'), () => new AppError('notFound')),
    // The team hears of the run with it (issue 38): its outcome and its steps passed and failed.
    ...eventOps({
      projectId,
      kind: 'scenario.run.finished',
      actor: ranBy,
      subject: { name: scenario.name },
      details: {
        runId: id,
        scenarioId: scenario.id,
        status: record.summary.status,
        passed: record.summary.steps.passed,
        failed: record.summary.steps.failed,
      },
    }),
  ]);
  return toRunListItem(record);
}

export const runsOf = async (scenarioId: string, limit = 50): Promise<RunListItem[]> =>
  scenarioRunEntity.parseAll(await queryAll(scenarioKeys.runsOf(scenarioId, limit))).map(toRunListItem);

export async function getRun(runId: string): Promise<RunView> {
  const projectId = projectOfScenarioId(runId);
  const run = scenarioRunEntity.parse(await getItem(scenarioKeys.run(projectId, runId), { consistent: true }));
  if (!run) throw new AppError('notFound');
  const json = run.resultsJson ?? (run.resultsKey ? await getObjectText(run.resultsKey) : '[]');
  return { ...toRunListItem(run), results: z.array(stepResult).parse(JSON.parse(json)) };
}
