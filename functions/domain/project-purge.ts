/**
 * Destroying projects for good: the recycle bin's 30-day purge, an explicit "destroy", and abandoned clones.
 * Candidates come from the sparse PURGE index (never a scan). A project is first claimed (out of reach of every
 * route and of a restore), then deleted page by page, its META item last, so a run that runs out of time simply
 * resumes on the next run, and running twice is harmless.
 */
import { batchWrite, deleteItem, queryPage, type Item } from '../data/db';
import { keys } from '../data/keys';
import { deleteProjectFiles } from '../data/project-files';
import type { Logger } from '../runtime/logger';
import { claimForPurge } from './projects';

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

/** Deletes every item and object of one (claimed) project. Returns whether it finished before the deadline. */
export async function purgeProject(projectId: string, opts: PurgeOptions = {}): Promise<{ done: boolean; items: number }> {
  const meta = keys.project(projectId);
  let items = 0;
  for (;;) {
    if (!timeLeft(opts.deadline)) return { done: false, items };
    // Always read from the start: what was deleted is gone, so the first page is the next work.
    const page = await queryPage<Item & { pk: string; sk: string }>({ ...keys.projectItems(projectId), limit: opts.pageSize ?? 1000 });
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
    const due = await queryPage<{ id: string } & Item>({ ...keys.purgeDue(now), limit: 100 }, cursor);
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
