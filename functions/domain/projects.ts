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
import { DEFAULT_SERIAL_STYLE, SERIAL_STYLES } from '@shared/serial-numbers';
import {
  and,
  batchGet,
  getItem,
  batchWrite,
  conditionsOn,
  exists,
  isIn,
  notExists,
  or,
  queryAll,
  skip,
  transact,
  type Condition,
  type TransactOp,
} from '../data/db';
import { defineEntity, type EntityUpdate } from '../data/entity';
import { keys } from '../data/keys';
import { AppError } from '../core/app-error';
import { memberEntity, type MemberRecord } from './members';

/** `purging` and `cloning` are internal: such a project is invisible to every route. */
export const STORED_PROJECT_STATES = [...PROJECT_STATES, 'purging', 'cloning'] as const;

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
    /**
     * When the purge job may destroy the project, while it is queued: recycled (30 days on), purging (now) or
     * cloning (a day on, should the clone be abandoned). The sparse PURGE index is composed of it.
     */
    purgeAt: z.string().nullable().default(null),
    /** The project's mock switch and optional token (issue 13). */
    mockEnabled: z.boolean().default(true),
    mockToken: z.string().nullable().default(null),
    /** Counts saves of mock settings, so the mock function knows when what it keeps in memory is stale. */
    mockRev: z.number().default(0),
    /** How folders and documents are numbered in the tree, the views and exports (issue 23); none before it. */
    serialStyle: z.enum(SERIAL_STYLES).default(DEFAULT_SERIAL_STYLE),
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
    serialStyle: DEFAULT_SERIAL_STYLE,
    purgeAt: null,
    rev: 1,
    ...input,
  };
}

/** The META item of a project partition: listed among its team's projects, and on the purge queue while due for it. */
export const projectEntity = defineEntity({
  name: 'project',
  schema: projectRecord,
  key: (p: Pick<ProjectRecord, 'id'>) => keys.project(p.id),
  indexes: (index) => ({
    gsi1: index(['teamId', 'id'], (p) => (p.teamId ? keys.projectOfTeam(p.teamId, p.id) : undefined)),
    gsi2: index(['purgeAt'], (p) => (p.purgeAt ? keys.purgeEntry(p.purgeAt) : undefined)),
  }),
});
const where = conditionsOn<ProjectRecord>();

export const DAY_MS = 86_400_000;
export const purgeDate = (recycledAt: Date) => new Date(recycledAt.getTime() + RECYCLE_RETENTION_DAYS * DAY_MS);

/** States a route can ever see; the others are internal. */
export const isVisible = (p: ProjectRecord): p is ProjectRecord & { state: ProjectState } =>
  p.state === 'active' || p.state === 'archived' || p.state === 'recycled';

export const getProject = async (projectId: string) => projectEntity.parse(await getItem(keys.project(projectId), { consistent: true }));

export const projectsByIds = async (ids: string[]) => projectEntity.parseAll(await batchGet(ids.map((id) => keys.project(id))));

/** The META item as stored (fixtures and benchmarks write projects in bulk). */
export const projectItem = (project: ProjectRecord) => projectEntity.item(project);

/** The write that creates a project, for a transaction with its creator's membership. */
export const createProjectOp = (project: ProjectRecord): TransactOp => projectEntity.putOp(project, notExists());

export async function createProject(project: ProjectRecord, alongside: TransactOp[]): Promise<void> {
  await transact([createProjectOp(project), ...alongside]);
}

/** Conditional on the revision the editor read, like a document save: concurrent edits never overwrite silently. */
export async function updateProjectInfo(
  project: ProjectRecord,
  changes: Partial<Pick<ProjectRecord, 'name' | 'description' | 'visibility' | 'mockEnabled' | 'mockToken' | 'serialStyle'>>,
  expectedRev: number,
  editor: { id: string; name: string },
): Promise<ProjectRecord> {
  return projectEntity.update(
    project,
    { set: { ...changes, updatedAt: new Date().toISOString(), updatedBy: editor.id, updatedByName: editor.name }, bumpRev: true },
    {
      when: and(where.eq('state', 'active'), where.eq('rev', expectedRev)),
      failure: (item) => {
        const current = projectEntity.parse(item);
        if (!current || current.state !== 'active') return new AppError('wrongState');
        return new AppError(
          'staleRevision',
          { editor: current.updatedByName ?? '' },
          { rev: current.rev, updatedBy: current.updatedBy ?? null, updatedAt: current.updatedAt },
        );
      },
    },
  );
}

/** A further condition of a state change, and the error when the state held but this did not. */
interface ExtraCondition {
  when: Condition;
  failure: ErrorKey;
}

/** A state change conditional on the state the access check saw (and on `also`, when given). */
const transition = (project: ProjectRecord, update: EntityUpdate<ProjectRecord>, also?: ExtraCondition) =>
  projectEntity.update(
    project,
    { ...update, set: { ...update.set, updatedAt: new Date().toISOString() }, bumpRev: true },
    {
      when: also ? and(where.eq('state', project.state), also.when) : where.eq('state', project.state),
      failure: (current) => new AppError(current?.state === project.state && also ? also.failure : 'wrongState'),
    },
  );

export const archiveProject = (project: ProjectRecord, now = new Date()) =>
  transition(project, { set: { state: 'archived', archivedAt: now.toISOString() } });

export const unarchiveProject = (project: ProjectRecord) => transition(project, { set: { state: 'active', archivedAt: null } });

/** Into the recycle bin, queued on the purge index for 30 days from now. */
export const recycleProject = (project: ProjectRecord, now = new Date()) =>
  transition(project, {
    set: {
      state: 'recycled',
      stateBeforeRecycle: project.state as ProjectState,
      recycledAt: now.toISOString(),
      purgeAt: purgeDate(now).toISOString(),
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
    { set: { state: project.stateBeforeRecycle ?? 'active', recycledAt: null }, remove: ['purgeAt', 'stateBeforeRecycle'] },
    { when: where.gt('purgeAt', now.toISOString()), failure: 'retentionExpired' },
  );

/** A recycled project destroyed now: out of reach at once, and first in the purge queue. */
export const markForDestruction = (project: ProjectRecord, now = new Date()) =>
  transition(project, { set: { state: 'purging', purgeAt: now.toISOString() } });

/**
 * Takes a due project out of reach before anything of it is deleted: one conditional write that moves a recycled
 * project whose time has come (or an abandoned clone, or a purge already under way) to `purging`. No route sees a
 * `purging` project and a restore is conditional on `recycled`, so from here on a restore cannot win, and a restore
 * that won just before makes this write fail and the project is left alone. False: not ours to purge.
 */
export async function claimForPurge(projectId: string, now: Date): Promise<boolean> {
  const claimed = await projectEntity.update(
    { id: projectId },
    { set: { state: 'purging' } },
    {
      when: or(and(where.eq('state', 'recycled'), where.le('purgeAt', now.toISOString())), isIn('state', ['purging', 'cloning'])),
      failure: skip,
    },
  );
  return claimed !== undefined;
}

/** Takes a project of a disbanded team out of reach, whatever its state, before the purge deletes it. */
export async function claimTeamProject(projectId: string, teamId: string): Promise<void> {
  // Already gone, or moved: nothing of this team to claim.
  await projectEntity.update({ id: projectId }, { set: { state: 'purging' } }, { when: where.eq('teamId', teamId), failure: skip });
}

/**
 * Hands the project to member `to`; the former owner stays as an editor. Conditional on the revision read, so
 * a concurrent change (another transfer) makes it a conflict instead of a second owner.
 */
export async function transferProject(project: ProjectRecord, from: string, to: string): Promise<ProjectRecord> {
  const updatedAt = new Date().toISOString();
  await transact(
    [
      projectEntity.updateOp(project, { set: { ownerId: to, updatedAt }, bumpRev: true }, where.eq('rev', project.rev)),
      memberEntity.updateOp({ projectId: project.id, userId: to }, { set: { role: 'creator' } }, exists()),
      memberEntity.updateOp({ projectId: project.id, userId: from }, { set: { role: 'edit' } }, exists()),
    ],
    () => new AppError('conflict'),
  );
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
    serialStyle: project.serialStyle,
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
  const move = projectEntity.updateOp(
    project,
    { set: { teamId, teamFolderId: null, groupRoles: {}, updatedAt }, bumpRev: true },
    and(where.eq('rev', project.rev), where.attributeType('teamId', 'NULL')),
  );
  // A transaction holds 100 writes; a larger membership is removed first, and a repeat finishes the job.
  if (memberDeletes.length > 99) await batchWrite({ deletes: otherMembers.map((userId) => keys.member(project.id, userId)) });
  await transact([move, ...(memberDeletes.length > 99 ? [] : memberDeletes)], () => new AppError('conflict'));
  return { ...project, teamId, teamFolderId: null, groupRoles: {}, updatedAt, rev: project.rev + 1 };
}

/** Files a team project in one of its team's folders (null: the root). */
export async function fileTeamProject(projectId: string, teamId: string, folderId: string | null) {
  await projectEntity.update(
    { id: projectId },
    { set: { teamFolderId: folderId } },
    { when: where.eq('teamId', teamId), failure: () => new AppError('notFound') },
  );
}

/** Every project of a team (their META items, one index query). */
export const projectsOfTeam = async (teamId: string) => projectEntity.parseAll(await queryAll(keys.projectsOfTeam(teamId)));
