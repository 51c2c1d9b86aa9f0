/**
 * The state changes of a project (spec section 4): archive and back, recycle and restore, destroy. Each is one
 * conditional write on the META item, conditional on the state the access check saw, so two people racing on
 * the same project cannot both win.
 */
import { ConditionFailed, updateItem, type UpdateSpec } from '../../data/db';
import { keys } from '../../data/keys';
import { purgeDate, type ProjectItem, type StoredProjectState } from '../../data/projects';
import { purgeProject } from '../../jobs/purge/purge';
import { AppError } from '../../runtime/app-error';

async function transition(project: ProjectItem, spec: UpdateSpec): Promise<ProjectItem> {
  try {
    return await updateItem<ProjectItem & Record<string, unknown>>(
      keys.project(project.id),
      { ...spec, set: { ...spec.set, updatedAt: new Date().toISOString() }, bumpRev: true },
      { expression: '#s = :seen', names: { '#s': 'state' }, values: { ':seen': project.state } },
    );
  } catch (err) {
    if (err instanceof ConditionFailed) throw new AppError('wrongState');
    throw err;
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

/** Back to exactly the state it was deleted from, and off the purge index. */
export const restore = (project: ProjectItem) =>
  transition(project, {
    set: { state: project.stateBeforeRecycle ?? 'active', recycledAt: null },
    remove: ['gsi2pk', 'gsi2sk', 'stateBeforeRecycle'],
  });

/**
 * Destroys a recycled project now. It is first marked `purging` and queued for immediate purge, so it vanishes
 * at once; then as much as fits in this request is deleted, and the purge job finishes a very large project.
 */
export async function destroy(project: ProjectItem, now = new Date()) {
  await transition(project, { set: { state: 'purging' satisfies StoredProjectState, ...keys.purgeEntry(now) } });
  await purgeProject(project.id, { deadline: Date.now() + 5_000 });
}
