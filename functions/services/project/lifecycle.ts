/**
 * The state changes of a project (spec section 4): archive and back, recycle and restore, destroy. Each is one
 * conditional write on the META item, conditional on the state the access check saw, so two people racing on
 * the same project cannot both win.
 */
import { ConditionFailed, updateItem, type UpdateSpec } from '../../data/db';
import type { ErrorKey } from '../../../shared/errors';
import { keys, PURGE_AT_ATTRIBUTE } from '../../data/keys';
import { purgeDate, type ProjectItem, type StoredProjectState } from '../../data/projects';
import { purgeProject } from '../../jobs/purge/purge';
import { AppError } from '../../runtime/app-error';

/** A state change conditional on the state the access check saw (and on `also`, when given). */
async function transition(
  project: ProjectItem,
  spec: UpdateSpec,
  also?: { expression: string; names: Record<string, string>; values: Record<string, unknown>; failure: ErrorKey },
): Promise<ProjectItem> {
  try {
    return await updateItem<ProjectItem & Record<string, unknown>>(
      keys.project(project.id),
      { ...spec, set: { ...spec.set, updatedAt: new Date().toISOString() }, bumpRev: true },
      {
        expression: `#s = :seen${also ? ` AND ${also.expression}` : ''}`,
        names: { '#s': 'state', ...also?.names },
        values: { ':seen': project.state, ...also?.values },
      },
    );
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    throw new AppError(err.current?.state === project.state && also ? also.failure : 'wrongState');
  }
}

export const archive = (project: ProjectItem, now = new Date()) =>
  transition(project, { set: { state: 'archived' satisfies StoredProjectState, archivedAt: now.toISOString() } });

export const unarchive = (project: ProjectItem) =>
  transition(project, { set: { state: 'active' satisfies StoredProjectState, archivedAt: null } });

/** Into the recycle bin, queued on the purge index for 30 days from now. */
export const recycle = (project: ProjectItem, now = new Date()) =>
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
export const restore = (project: ProjectItem, now = new Date()) =>
  transition(
    project,
    { set: { state: project.stateBeforeRecycle ?? 'active', recycledAt: null }, remove: ['gsi2pk', 'gsi2sk', 'stateBeforeRecycle'] },
    { expression: '#purgeAt > :now', names: { '#purgeAt': PURGE_AT_ATTRIBUTE }, values: { ':now': now.toISOString() }, failure: 'retentionExpired' },
  );

/**
 * Destroys a recycled project now. It is first marked `purging` and queued for immediate purge, so it vanishes
 * at once; then as much as fits in this request is deleted, and the purge job finishes a very large project.
 */
export async function destroy(project: ProjectItem, now = new Date()) {
  await transition(project, { set: { state: 'purging' satisfies StoredProjectState, ...keys.purgeEntry(now) } });
  await purgeProject(project.id, { deadline: Date.now() + 5_000 });
}
