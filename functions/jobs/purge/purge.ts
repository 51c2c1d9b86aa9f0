/**
 * Destroying projects for good: the recycle bin's 30-day purge, an explicit "destroy", and abandoned clones.
 * Candidates come from the sparse PURGE index (never a scan). A project is deleted page by page, its META item
 * last, so a run that runs out of time simply resumes on the next run, and running twice is harmless.
 */
import { batchWrite, ConditionFailed, deleteItem, queryPage, updateItem, type Item } from '../../data/db';
import { keys, PURGE_AT_ATTRIBUTE } from '../../data/keys';
import { deleteProjectFiles } from '../../data/project-files';
import type { Logger } from '../../runtime/logger';

export interface PurgeOptions {
  now?: Date;
  /** Stop starting new work after this instant (Lambda's remaining time minus a margin). */
  deadline?: number;
  log?: Logger;
  /** Items deleted per page; small values let tests exercise resumption. */
  pageSize?: number;
}

export interface PurgeReport {
  purged: string[];
  unfinished: string[];
  itemsDeleted: number;
}

const timeLeft = (deadline: number | undefined) => deadline === undefined || Date.now() < deadline;

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
      { set: { state: 'purging' } },
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

/** Deletes every item and object of one project. Returns whether it finished before the deadline. */
export async function purgeProject(projectId: string, opts: PurgeOptions = {}): Promise<{ done: boolean; items: number }> {
  const partition = keys.projectPartition(projectId);
  const meta = keys.project(projectId);
  let items = 0;
  for (;;) {
    if (!timeLeft(opts.deadline)) return { done: false, items };
    // Always read from the start: what was deleted is gone, so the first page is the next work.
    const page = await queryPage<Item & { pk: string; sk: string }>({ partition, limit: opts.pageSize ?? 1000, consistent: true });
    const doomed = page.items.filter((i) => i.sk !== meta.sk).map((i) => ({ pk: i.pk, sk: i.sk }));
    if (!doomed.length && !page.cursor) break;
    if (doomed.length) {
      await batchWrite({ deletes: doomed });
      items += doomed.length;
    }
  }
  if (!timeLeft(opts.deadline)) return { done: false, items };
  await deleteProjectFiles(projectId);
  await deleteItem(meta);
  return { done: true, items: items + 1 };
}

/** One run of the purge job: every project whose purge time has come. */
export async function runPurge(opts: PurgeOptions = {}): Promise<PurgeReport> {
  const now = opts.now ?? new Date();
  const report: PurgeReport = { purged: [], unfinished: [], itemsDeleted: 0 };
  let cursor: Record<string, unknown> | undefined;
  do {
    const due = await queryPage<{ id: string } & Item>(
      { index: 'gsi2', partition: keys.purgeQueue(), sortAtMost: now.toISOString(), limit: 100 },
      cursor,
    );
    for (const project of due.items) {
      if (!timeLeft(opts.deadline)) {
        report.unfinished.push(project.id);
        continue;
      }
      if (!(await claimForPurge(project.id, now))) {
        opts.log?.info('project no longer due, left alone', { projectId: project.id });
        continue;
      }
      const { done, items } = await purgeProject(project.id, opts);
      report.itemsDeleted += items;
      (done ? report.purged : report.unfinished).push(project.id);
      opts.log?.info('project purged', { projectId: project.id, done, items });
    }
    cursor = due.cursor;
  } while (cursor && timeLeft(opts.deadline));
  return report;
}
