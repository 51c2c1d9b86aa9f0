/**
 * Environments with their variables, and a project's global parameters (issue 24).
 *
 * An environment is one item in its project's partition and holds its variables, so a variable's name stays unique
 * in its environment by a single conditional write: every change of the variables is written against the
 * `varsRev` it read (and tried again on a fresh read when someone else's change landed first). The environment's
 * own fields are edited against `rev`, the revision the editor read; the two counters are apart, so adding a
 * variable never makes someone's rename stale, and a rename never rewrites the variables.
 *
 * A secret variable's value is never written: `storedVariable` drops it, whatever a caller sent.
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import {
  ENV_LIMITS,
  EMPTY_GLOBAL_PARAMS_VALUE,
  environmentView,
  globalParamsView,
  variableView,
  type EnvironmentView,
  type GlobalParamsView,
  type VariableView,
} from '@shared/schemas/environment';
import { and, conditionsOn, countItems, eq, ConditionFailed, getItem, notExists, queryAll, transact, type Item } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys, scenarioKeys } from '../data/keys';
import { AppError } from '../core/app-error';
import type { Editor } from './documents';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const suffix = (length: number) => {
  let out = '';
  for (const b of randomBytes(length)) out += ALPHABET[b % ALPHABET.length];
  return out;
};
export const newEnvironmentId = (projectId: string) => `${projectId}_${suffix(16)}`;
export const newVariableId = (envId: string) => `${envId}_${suffix(12)}`;

/** A variable as its environment's item holds it: the view without what the item already says (ids of env and project). */
const variableRecord = lazy(() => variableView.omit({ envId: true, projectId: true }));
export type VariableRecord = z.infer<typeof variableRecord>;

/** The view's fields, plus the variables' own counter and who last wrote (by id; the view shows the name only). */
export const environmentRecord = lazy(() =>
  environmentView.extend({
    variables: z.array(variableRecord),
    /** The variables, for the read-change-write of a variable (`rev` is the environment's own fields). */
    varsRev: z.number(),
    /**
     * Counts writes of the environment's run secrets (domain/run-secrets.ts), absent before the first: the deletion
     * removes the secrets it read only if none was written since, so none outlives its environment.
     */
    secretsRev: z.number().optional(),
    updatedBy: z.string(),
  }),
);
export type EnvironmentRecord = z.infer<typeof environmentRecord>;

export const environmentEntity = defineEntity({
  name: 'environment',
  schema: environmentRecord,
  key: (e: Pick<EnvironmentRecord, 'projectId' | 'id'>) => keys.environment(e.projectId, e.id),
});
const whereEnv = conditionsOn<EnvironmentRecord>();

/** Stored once written, so its stamp is never null (the view's is, for a project that has none yet). */
const globalParamsRecord = lazy(() => globalParamsView.extend({ updatedAt: z.string(), updatedBy: z.string(), updatedByName: z.string() }));
type GlobalParamsRecord = z.infer<typeof globalParamsRecord>;
export const globalParamsEntity = defineEntity({
  name: 'globals',
  schema: globalParamsRecord,
  key: (g: Pick<GlobalParamsRecord, 'projectId'>) => keys.globals(g.projectId),
});
const whereGlobals = conditionsOn<GlobalParamsRecord>();

export type VariableInput = Pick<VariableRecord, 'name' | 'value' | 'secret' | 'description'>;

/** What is stored of a variable: a secret's value never is. */
export const storedVariable = ({ name, value, secret, description }: VariableInput): VariableInput => ({
  name,
  value: secret ? '' : value,
  secret,
  description,
});

export const toVariableView = (env: Pick<EnvironmentRecord, 'id' | 'projectId'>, v: VariableRecord): VariableView => ({
  id: v.id,
  envId: env.id,
  projectId: env.projectId,
  name: v.name,
  value: v.secret ? '' : v.value,
  secret: v.secret,
  description: v.description,
  rev: v.rev,
  updatedAt: v.updatedAt,
});

export const toEnvironmentView = (e: EnvironmentRecord): EnvironmentView => ({
  id: e.id,
  projectId: e.projectId,
  name: e.name,
  baseUrl: e.baseUrl,
  defaultVariable: e.defaultVariable,
  globalParams: e.globalParams,
  variables: e.variables.map((v) => toVariableView(e, v)),
  rev: e.rev,
  createdAt: e.createdAt,
  updatedAt: e.updatedAt,
  updatedByName: e.updatedByName,
});

export const getEnvironment = async (projectId: string, envId: string) =>
  environmentEntity.parse(await getItem(keys.environment(projectId, envId), { consistent: true }));

/** A project's environments, oldest first. */
export async function environmentsOf(projectId: string): Promise<EnvironmentRecord[]> {
  const all = environmentEntity.parseAll(await queryAll(keys.environmentsOf(projectId)));
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export type EnvironmentFields = Pick<EnvironmentRecord, 'name' | 'baseUrl' | 'defaultVariable' | 'globalParams'>;

/**
 * A new environment (with `variables`, for a copy), while the project is active. The cap on a project's
 * environments is counted before the write: two creations at once may pass it by one, which bounds nothing that
 * matters (the cap is there to keep a project's list readable in one page).
 */
export async function createEnvironment(
  projectId: string,
  fields: EnvironmentFields,
  variables: VariableInput[],
  editor: Editor,
): Promise<EnvironmentRecord> {
  if ((await countItems(keys.environmentsOf(projectId))) >= ENV_LIMITS.environmentsPerProject) {
    throw new AppError('tooMany', { max: ENV_LIMITS.environmentsPerProject });
  }
  const stamp = new Date().toISOString();
  const id = newEnvironmentId(projectId);
  const record: EnvironmentRecord = {
    id,
    projectId,
    ...fields,
    variables: variables.map((v) => ({ id: newVariableId(id), ...storedVariable(v), rev: 1, updatedAt: stamp })),
    rev: 1,
    varsRev: 1,
    createdAt: stamp,
    updatedAt: stamp,
    updatedBy: editor.id,
    updatedByName: editor.name,
  };
  await transact([
    { check: keys.project(projectId), when: eq('state', 'active'), failure: () => new AppError('wrongState') },
    environmentEntity.putOp(record, notExists()),
  ]);
  return record;
}

/** The environment's own fields, against the revision the editor read. */
export async function updateEnvironment(
  projectId: string,
  envId: string,
  fields: EnvironmentFields,
  expectedRev: number,
  editor: Editor,
): Promise<EnvironmentRecord> {
  return environmentEntity.update(
    { projectId, id: envId },
    { set: { ...fields, updatedAt: new Date().toISOString(), updatedBy: editor.id, updatedByName: editor.name }, bumpRev: true },
    {
      when: and(whereEnv.exists('id'), whereEnv.eq('rev', expectedRev)),
      failure: (item) => {
        const current = environmentEntity.parse(item);
        if (!current) return new AppError('notFound');
        return new AppError('staleRevision', { editor: current.updatedByName }, { rev: current.rev });
      },
    },
  );
}

/**
 * Deletes an environment with its run secrets in one transaction. A secret written meanwhile changes the
 * environment's `secretsRev` (see `runSecretWriteOp`), which fails the delete's condition: it is read again and
 * tried again, so no secret is left behind for a later reader of the key. The secrets are at most
 * RUN_SECRET_LIMITS.perEnvironment (50), well within a transaction's hundred operations.
 */
export async function deleteEnvironment(projectId: string, envId: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const env = await getEnvironment(projectId, envId);
    if (!env) throw new AppError('notFound');
    const secrets = await queryAll({ ...scenarioKeys.runSecretsOf(projectId, envId), consistent: true, project: ['pk', 'sk'] });
    const unchanged = env.secretsRev === undefined ? whereEnv.notExists('secretsRev') : whereEnv.eq('secretsRev', env.secretsRev);
    const deleted = await transact([
      {
        delete: keys.environment(projectId, envId),
        when: and(whereEnv.exists('id'), unchanged),
        // Gone: someone else deleted it. Still there: a secret was written since the read; read again.
        failure: (current) => (current ? undefined : new AppError('notFound')),
      },
      ...secrets.map((s) => ({ delete: { pk: String(s.pk), sk: String(s.sk) } })),
    ]);
    if (deleted) return;
    if (attempt >= 4) throw new AppError('conflict');
  }
}

/** The write that goes with every write of one of the environment's run secrets, in its transaction: the environment exists, and its deletion will know. */
export const runSecretWriteOp = (projectId: string, envId: string) =>
  environmentEntity.updateOp({ projectId, id: envId }, { add: { secretsRev: 1 } }, whereEnv.exists('id'), () => new AppError('notFound'));

/**
 * Changes an environment's variables: `change` gets them as they stand and answers them as they should be (or
 * throws why not); the write holds only if nobody changed them meanwhile, else it is done again on a fresh read.
 */
export async function changeVariables<T>(
  projectId: string,
  envId: string,
  change: (variables: VariableRecord[], env: EnvironmentRecord) => { variables: VariableRecord[]; result: T },
  editor: Editor,
): Promise<{ env: EnvironmentRecord; result: T }> {
  for (let attempt = 0; ; attempt++) {
    const env = await getEnvironment(projectId, envId);
    if (!env) throw new AppError('notFound');
    const { variables, result } = change(env.variables, env);
    try {
      const saved = await environmentEntity.update(
        env,
        { set: { variables, updatedAt: new Date().toISOString(), updatedBy: editor.id, updatedByName: editor.name }, add: { varsRev: 1 } },
        { when: whereEnv.eq('varsRev', env.varsRev) },
      );
      return { env: saved, result };
    } catch (err) {
      if (!(err instanceof ConditionFailed) || attempt >= 4) throw err;
    }
  }
}

/** A variable's name is unique in its environment (spec section 5), compared exactly as `{{name}}` is. */
export function assertUniqueName(variables: readonly VariableRecord[], name: string, exceptId?: string) {
  if (variables.some((v) => v.name === name && v.id !== exceptId)) throw new AppError('variableDuplicated');
}

export function addVariable(env: EnvironmentRecord, variables: VariableRecord[], input: VariableInput) {
  assertUniqueName(variables, input.name);
  if (variables.length >= ENV_LIMITS.variablesPerEnvironment) throw new AppError('tooMany', { max: ENV_LIMITS.variablesPerEnvironment });
  const added: VariableRecord = { id: newVariableId(env.id), ...storedVariable(input), rev: 1, updatedAt: new Date().toISOString() };
  return { variables: [...variables, added], result: added };
}

/** A variable edited against the revision the editor read. */
export function editVariable(variables: VariableRecord[], id: string, expectedRev: number, input: VariableInput) {
  const current = variables.find((v) => v.id === id);
  if (!current) throw new AppError('notFound');
  if (current.rev !== expectedRev) throw new AppError('staleRevision', { editor: '' }, { rev: current.rev });
  assertUniqueName(variables, input.name, id);
  const edited: VariableRecord = { ...current, ...storedVariable(input), rev: current.rev + 1, updatedAt: new Date().toISOString() };
  return { variables: variables.map((v) => (v.id === id ? edited : v)), result: edited };
}

export function removeVariable(variables: VariableRecord[], id: string) {
  if (!variables.some((v) => v.id === id)) throw new AppError('notFound');
  return { variables: variables.filter((v) => v.id !== id), result: null };
}

// ---- Global parameters ----

export async function getGlobalParams(projectId: string): Promise<GlobalParamsView> {
  const record = globalParamsEntity.parse(await getItem(keys.globals(projectId), { consistent: true }));
  if (!record) return noGlobalParams(projectId);
  return { projectId, value: record.value, rev: record.rev, updatedAt: record.updatedAt, updatedByName: record.updatedByName };
}

/** The global parameters of a project that has saved none (and what a reader who may not see them is shown). */
export const noGlobalParams = (projectId: string): GlobalParamsView => ({
  projectId,
  value: EMPTY_GLOBAL_PARAMS_VALUE,
  rev: 0,
  updatedAt: null,
  updatedByName: null,
});

/** Saved against the revision the editor read (0: nothing saved yet), while the project is active. */
export async function saveGlobalParams(projectId: string, value: string, expectedRev: number, editor: Editor): Promise<GlobalParamsView> {
  const record: GlobalParamsRecord = {
    projectId,
    value,
    rev: expectedRev + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: editor.id,
    updatedByName: editor.name,
  };
  const stale = (item: Item | undefined) => {
    const current = globalParamsEntity.parse(item);
    return new AppError('staleRevision', { editor: current?.updatedByName ?? '' }, { rev: current?.rev ?? 0 });
  };
  await transact([
    { check: keys.project(projectId), when: eq('state', 'active'), failure: () => new AppError('wrongState') },
    globalParamsEntity.putOp(record, expectedRev === 0 ? whereGlobals.notExists() : whereGlobals.eq('rev', expectedRev), stale),
  ]);
  return { projectId, value, rev: record.rev, updatedAt: record.updatedAt, updatedByName: record.updatedByName };
}
