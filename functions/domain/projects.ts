/**
 * Projects: the META item of a project partition, its lifecycle (spec section 4) and its views. Every state
 * change is one conditional write on META, conditional on the state (and revision) the caller saw, so two people
 * racing on the same project cannot both win.
 */
import { randomUUID } from 'node:crypto';
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { RECYCLE_RETENTION_DAYS } from '@shared/constants';
import type { ErrorKey } from '@shared/errors';
import { PROJECT_STATES, type ProjectState, type ProjectView } from '@shared/schemas/project';
import { atLeast, MEMBER_ROLES, type Role } from '@shared/access';
import {
  asRecord,
  asRecords,
  batchGet,
  batchWrite,
  ConditionFailed,
  getItem,
  queryAll,
  transact,
  updateItem,
  type TransactOp,
  type UpdateSpec,
} from '../data/db';
import { ENTITY, keys, PURGE_AT_ATTRIBUTE } from '../data/keys';
import { AppError } from '../runtime/app-error';
import type { MemberRecord } from './members';

/** `purging` and `cloning` are internal: such a project is invisible to every route. */
const STORED_PROJECT_STATES = [...PROJECT_STATES, 'purging', 'cloning'] as const;
type StoredProjectState = (typeof STORED_PROJECT_STATES)[number];

export const projectRecord = lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    visibility: z.enum(['private', 'public']),
    ownerId: z.string(),
    teamId: z.string().nullable(),
    state: z.enum(STORED_PROJECT_STATES),
    /** What a restore from the recycle bin returns to. */
    stateBeforeRecycle: z.enum(PROJECT_STATES).optional(),
    archivedAt: z.string().nullable(),
    recycledAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** Who saved the project's info last, named in a conflict. */
    updatedBy: z.string().optional(),
    updatedByName: z.string().optional(),
    clonedFrom: z.string().optional(),
    /** Roles the project grants to user groups of its team, by group id (spec section 6). */
    groupRoles: z.record(z.string(), z.enum(MEMBER_ROLES)).default({}),
    /** Where the team files a team project in its console; personal filing is on each member item. */
    teamFolderId: z.string().nullable().default(null),
    /**
     * Counts changes to the project's documents (bumped after each). Readers keep the tree, built views and search
     * texts of a revision in memory, and the access check reads it with the project, so a warm read costs nothing more.
     */
    treeRev: z.number().default(0),
    /** How many documents the project holds (folders included), kept with each change of the tree. */
    documentCount: z.number().default(0),
    /** The project's mock switch and optional token (issue 13). */
    mockEnabled: z.boolean().default(true),
    mockToken: z.string().nullable().default(null),
    /** Counts saves of mock settings, so the mock function knows when what it keeps in memory is stale. */
    mockRev: z.number().default(0),
    rev: z.number(),
  }),
);
export type ProjectRecord = z.infer<typeof projectRecord>;

/** A new project's record: what the caller says, the rest at its starting values. */
export function newProjectRecord(
  input: Pick<ProjectRecord, 'name' | 'ownerId'> & Partial<Omit<ProjectRecord, 'name' | 'ownerId'>>,
  now = new Date(),
): ProjectRecord {
  const stamp = now.toISOString();
  return {
    id: randomUUID(),
    description: '',
    visibility: 'private',
    teamId: null,
    state: 'active',
    archivedAt: null,
    recycledAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    groupRoles: {},
    teamFolderId: null,
    treeRev: 0,
    documentCount: 0,
    mockEnabled: true,
    mockToken: null,
    mockRev: 0,
    rev: 1,
    ...input,
  };
}

export const DAY_MS = 86_400_000;
export const purgeDate = (recycledAt: Date) => new Date(recycledAt.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS);

/** States a route can ever see; the others are internal. */
export const isVisible = (p: ProjectRecord): p is ProjectRecord & { state: ProjectState } =>
  p.state === 'active' || p.state === 'archived' || p.state === 'recycled';

export const getProject = async (projectId: string) =>
  asRecord(projectRecord, await getItem(keys.project(projectId), { consistent: true }));

export const projectsByIds = async (ids: string[]) => asRecords(projectRecord, await batchGet(ids.map((id) => keys.project(id))));

/** The META item as stored: a team project is listed among its team's; `index` adds another entry (the purge queue). */
export const projectItem = (project: ProjectRecord, index: Record<string, string> = {}) => ({
  ...ENTITY.project,
  ...project,
  ...(project.teamId ? keys.projectOfTeam(project.teamId, project.id) : {}),
  ...index,
  ...keys.project(project.id),
});

/** The write that creates a project, for a transaction with its creator's membership. */
const createProjectOp = (project: ProjectRecord): TransactOp => ({ put: projectItem(project), cond: { ifNotExists: true } });

export async function createProject(project: ProjectRecord, alongside: TransactOp[]): Promise<void> {
  await transact([createProjectOp(project), ...alongside]);
}

/** Conditional on the revision the editor read, like a document save: concurrent edits never overwrite silently. */
export async function updateProjectInfo(
  project: ProjectRecord,
  changes: Partial<Pick<ProjectRecord, 'name' | 'description' | 'visibility' | 'mockEnabled' | 'mockToken'>>,
  expectedRev: number,
  editor: { id: string; name: string },
): Promise<ProjectRecord> {
  try {
    const updated = await updateItem(
      keys.project(project.id),
      { set: { ...changes, updatedAt: new Date().toISOString(), updatedBy: editor.id, updatedByName: editor.name }, bumpRev: true },
      {
        expression: '#state = :active AND #rev = :rev',
        names: { '#state': 'state', '#rev': 'rev' },
        values: { ':active': 'active', ':rev': expectedRev },
      },
    );
    return projectRecord.parse(updated);
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    const current = asRecord(projectRecord, err.current);
    if (!current || current.state !== 'active') throw new AppError('wrongState');
    throw new AppError(
      'staleRevision',
      { editor: current.updatedByName ?? '' },
      { rev: current.rev, updatedBy: current.updatedBy ?? null, updatedAt: current.updatedAt },
    );
  }
}

interface ExtraCondition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** The error when the state held but this did not. */
  failure: ErrorKey;
}

/** A state change conditional on the state the access check saw (and on `also`, when given). */
async function transition(project: ProjectRecord, spec: UpdateSpec, also?: ExtraCondition): Promise<ProjectRecord> {
  try {
    const updated = await updateItem(
      keys.project(project.id),
      { ...spec, set: { ...spec.set, updatedAt: new Date().toISOString() }, bumpRev: true },
      {
        expression: `#state = :seen${also ? ` AND ${also.expression}` : ''}`,
        names: { '#state': 'state', ...also?.names },
        values: { ':seen': project.state, ...also?.values },
      },
    );
    return projectRecord.parse(updated);
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    throw new AppError(err.current?.state === project.state && also ? also.failure : 'wrongState');
  }
}

export const archiveProject = (project: ProjectRecord, now = new Date()) =>
  transition(project, { set: { state: 'archived' satisfies StoredProjectState, archivedAt: now.toISOString() } });

export const unarchiveProject = (project: ProjectRecord) =>
  transition(project, { set: { state: 'active' satisfies StoredProjectState, archivedAt: null } });

/** Into the recycle bin, queued on the purge index for 30 days from now. */
export const recycleProject = (project: ProjectRecord, now = new Date()) =>
  transition(project, {
    set: {
      state: 'recycled' satisfies StoredProjectState,
      stateBeforeRecycle: project.state,
      recycledAt: now.toISOString(),
      ...keys.purgeEntry(purgeDate(now)),
    },
  });

/**
 * Back to exactly the state it was deleted from, and off the purge index, while its 30 days last. The condition
 * holds the retention to the second, whether or not the purge has run, and it loses to a purge that has already
 * claimed the project (state `purging`): a restore wins completely or not at all.
 */
export const restoreProject = (project: ProjectRecord, now = new Date()) =>
  transition(
    project,
    {
      set: { state: project.stateBeforeRecycle ?? 'active', recycledAt: null },
      remove: [...keys.purgeEntryAttributes, 'stateBeforeRecycle'],
    },
    {
      expression: '#purgeAt > :now',
      names: { '#purgeAt': PURGE_AT_ATTRIBUTE },
      values: { ':now': now.toISOString() },
      failure: 'retentionExpired',
    },
  );

/** A recycled project destroyed now: out of reach at once, and first in the purge queue. */
export const markForDestruction = (project: ProjectRecord, now = new Date()) =>
  transition(project, { set: { state: 'purging' satisfies StoredProjectState, ...keys.purgeEntry(now) } });

/**
 * Takes a due project out of reach before anything of it is deleted: one conditional write that moves a recycled
 * project whose time has come (or an abandoned clone, or a purge already under way) to `purging`. No route sees a
 * `purging` project and a restore is conditional on `recycled`, so from here on a restore cannot win, and a restore
 * that won just before makes this write fail and the project is left alone. False: not ours to purge.
 */
export async function claimForPurge(projectId: string, now: Date): Promise<boolean> {
  try {
    await updateItem(
      keys.project(projectId),
      { set: { state: 'purging' satisfies StoredProjectState } },
      {
        expression: '(#state = :recycled AND #purgeAt <= :now) OR #state IN (:purging, :cloning)',
        names: { '#state': 'state', '#purgeAt': PURGE_AT_ATTRIBUTE },
        values: { ':recycled': 'recycled', ':purging': 'purging', ':cloning': 'cloning', ':now': now.toISOString() },
      },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}

/** Takes a project of a disbanded team out of reach, whatever its state, before the purge deletes it. */
export async function claimTeamProject(projectId: string, teamId: string): Promise<void> {
  await updateItem(
    keys.project(projectId),
    { set: { state: 'purging' satisfies StoredProjectState } },
    { expression: '#team = :team', names: { '#team': 'teamId' }, values: { ':team': teamId } },
  ).catch((err: unknown) => {
    // Already gone, or moved: nothing of this team to claim.
    if (!(err instanceof ConditionFailed)) throw err;
  });
}

/**
 * Hands the project to member `to`; the former owner stays as an editor. Conditional on the revision read, so
 * a concurrent change (another transfer) makes it a conflict instead of a second owner.
 */
export async function transferProject(project: ProjectRecord, from: string, to: string): Promise<ProjectRecord> {
  const updatedAt = new Date().toISOString();
  try {
    await transact([
      { update: keys.project(project.id), spec: { set: { ownerId: to, updatedAt }, bumpRev: true }, cond: { ifRev: project.rev } },
      { update: keys.member(project.id, to), spec: { set: { role: 'creator' } }, cond: { ifExists: true } },
      { update: keys.member(project.id, from), spec: { set: { role: 'edit' } }, cond: { ifExists: true } },
    ]);
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('conflict');
    throw err;
  }
  return { ...project, ownerId: to, updatedAt, rev: project.rev + 1 };
}

export function toProjectView(
  project: ProjectRecord,
  opts: { role: Role; member?: MemberRecord; favorite?: boolean; now?: Date; ownerName?: string },
): ProjectView {
  const now = opts.now ?? new Date();
  const daysLeft =
    project.state === 'recycled' && project.recycledAt
      ? Math.max(0, Math.ceil((purgeDate(new Date(project.recycledAt)).getTime() - now.getTime()) / DAY_MS))
      : null;
  return {
    id: project.id,
    name: project.name,
    description: project.description,
    visibility: project.visibility,
    ownerId: project.ownerId,
    ownerName: opts.ownerName ?? '',
    teamId: project.teamId,
    folderId: project.teamId ? project.teamFolderId : (opts.member?.folderId ?? null),
    state: project.state as ProjectState,
    role: opts.role,
    favorite: opts.favorite ?? false,
    archivedAt: project.archivedAt,
    recycledAt: project.recycledAt,
    daysLeft,
    groupRoles: project.groupRoles,
    documentCount: Math.max(0, project.documentCount),
    mock: {
      enabled: project.mockEnabled,
      tokenRequired: project.mockToken !== null,
      token: atLeast(opts.role, 'edit') ? project.mockToken : null,
    },
    createdAt: project.createdAt,
    updatedAt: project.updatedAt,
    rev: project.rev,
  };
}

/**
 * Moves a personal project into a team: it is listed among the team's, and every member but its creator is
 * removed in the same transaction (they are added again as the team decides, spec section 4).
 */
export async function moveProjectToTeam(project: ProjectRecord, teamId: string, otherMembers: string[]): Promise<ProjectRecord> {
  const updatedAt = new Date().toISOString();
  const memberDeletes: TransactOp[] = otherMembers.map((userId) => ({ delete: keys.member(project.id, userId) }));
  const move: TransactOp = {
    update: keys.project(project.id),
    spec: { set: { teamId, teamFolderId: null, groupRoles: {}, updatedAt, ...keys.projectOfTeam(teamId, project.id) }, bumpRev: true },
    cond: {
      expression: '#rev = :rev AND attribute_type(#team, :null)',
      names: { '#rev': 'rev', '#team': 'teamId' },
      values: { ':rev': project.rev, ':null': 'NULL' },
    },
  };
  try {
    // A transaction holds 100 writes; a larger membership is removed first, and a repeat finishes the job.
    if (memberDeletes.length > 99) await batchWrite({ deletes: otherMembers.map((userId) => keys.member(project.id, userId)) });
    await transact([move, ...(memberDeletes.length > 99 ? [] : memberDeletes)]);
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('conflict');
    throw err;
  }
  return { ...project, teamId, teamFolderId: null, groupRoles: {}, updatedAt, rev: project.rev + 1 };
}

/** Files a team project in one of its team's folders (null: the root). */
export async function fileTeamProject(projectId: string, teamId: string, folderId: string | null) {
  try {
    await updateItem(
      keys.project(projectId),
      { set: { teamFolderId: folderId } },
      { expression: '#team = :team', names: { '#team': 'teamId' }, values: { ':team': teamId } },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('notFound');
    throw err;
  }
}

/** Every project of a team (their META items, one index query). */
export const projectsOfTeam = async (teamId: string) => asRecords(projectRecord, await queryAll(keys.projectsOfTeam(teamId)));
