/**
 * Destroying projects and teams for good: the recycle bin's 30-day purge, an explicit "destroy", abandoned clones,
 * and disbanded teams with all their projects; and the documents 30 days in a project's document bin. Candidates come from the sparse PURGE index (never a scan). A
 * project is first claimed (out of reach of every route and of a restore), then deleted page by page, its META
 * item last, so a run that runs out of time simply resumes on the next run, and running twice is harmless. A team
 * goes the same way: its projects first, then its own partition and folders, its META last.
 */
import { batchWrite, deleteItem, exists, queryPage, skip, type Item, type QuerySpec } from '../data/db';
import { ENTITY, keys } from '../data/keys';
import { deleteProjectFiles, deleteTeamFiles } from '../data/project-files';
import { AppError } from '../core/app-error';
import type { Logger } from '../core/logger';
import { binEntryEntity, binnedEntity, whereEntry } from './document-bin';
import { deleteDocumentData } from './documents';
import { claimForPurge, claimTeamProject, projectsOfTeam } from './projects';

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

/** Deletes every item of a query (and of the S3 prefix a project keeps), page by page from the start. */
async function deleteAll(spec: QuerySpec, opts: PurgeOptions, keep?: (item: Item) => boolean): Promise<{ done: boolean; items: number }> {
  let items = 0;
  for (;;) {
    if (!timeLeft(opts.deadline)) return { done: false, items };
    const page = await queryPage<Item & { pk: string; sk: string }>({ ...spec, limit: opts.pageSize ?? 1000 });
    const doomed = page.items.filter((i) => !keep?.(i)).map((i) => ({ pk: i.pk, sk: i.sk }));
    if (!doomed.length && !page.cursor) return { done: true, items };
    if (doomed.length) {
      await batchWrite({ deletes: doomed });
      items += doomed.length;
    }
  }
}

/**
 * Destroys a disbanded team: every project of it (whatever its state; each claimed first, so nothing of it is
 * reachable meanwhile), then its members, groups and bindings, its console's folders, its default notification
 * channels, its own files (the logo), and its META last.
 */
export async function purgeTeam(teamId: string, opts: PurgeOptions = {}): Promise<{ done: boolean; items: number }> {
  let items = 0;
  for (const project of await projectsOfTeam(teamId)) {
    if (!timeLeft(opts.deadline)) return { done: false, items };
    await claimTeamProject(project.id, teamId);
    const purged = await purgeProject(project.id, opts);
    items += purged.items;
    if (!purged.done) return { done: false, items };
  }
  const meta = keys.team(teamId);
  const parts = await deleteAll(keys.teamItems(teamId), opts, (i) => i.sk === meta.sk);
  items += parts.items;
  if (!parts.done) return { done: false, items };
  const folders = await deleteAll(keys.foldersOf({ userId: '', teamId }), opts);
  items += folders.items;
  if (!folders.done || !timeLeft(opts.deadline)) return { done: false, items };
  // Its default notification channels and their delivery logs, kept as a project's are, under the team's id.
  const channels = await deleteAll(keys.projectItems(teamId), opts);
  items += channels.items;
  if (!channels.done || !timeLeft(opts.deadline)) return { done: false, items };
  // The team's own files (its logo), kept under its id; safe to repeat.
  await deleteTeamFiles(teamId);
  if (!timeLeft(opts.deadline)) return { done: false, items };
  await deleteItem(meta);
  return { done: true, items: items + 1 };
}

/**
 * Destroys a due bin entry with everything it holds: first claimed (`purging`, so no restore can win any more),
 * then page by page the binned nodes with their bodies, search texts, history, mock settings and S3 objects, the
 * entry last. A run that stops resumes on the next; a restore that won first leaves nothing to claim.
 */
export async function purgeBinEntry(projectId: string, rootId: string, now: Date, opts: PurgeOptions = {}) {
  const claimed = await binEntryEntity.update(
    { projectId, id: rootId },
    { set: { state: 'purging' } },
    { when: whereEntry.le('purgeAt', now.toISOString()), failure: skip },
  );
  if (!claimed) return { done: true, items: 0, claimed: false };
  let items = 0;
  for (;;) {
    if (!timeLeft(opts.deadline)) return { done: false, items, claimed: true };
    const page = await queryPage({ ...keys.binnedDocumentsOf(projectId, rootId), limit: opts.pageSize ?? 200 });
    const nodes = binnedEntity.parseAll(page.items);
    if (!nodes.length) break;
    const ids = nodes.map((n) => n.id);
    items += await deleteDocumentData(projectId, ids);
    await batchWrite({ deletes: nodes.map((n) => binnedEntity.key(n)) });
    items += nodes.length;
  }
  await deleteItem(keys.binEntry(projectId, rootId), exists());
  return { done: true, items: items + 1, claimed: true };
}

const isServiceBusy = (err: unknown) => err instanceof AppError && err.key === 'serviceBusy';

/**
 * One run of the purge job: every project and team whose purge time has come. When DynamoDB or S3 stays busy past
 * every retry, the run stops where it is (a claimed project stays out of reach, half deleted) and reports what it
 * left: the next run picks up there, as after a run out of time.
 */
export async function runPurge(opts: PurgeOptions = {}): Promise<PurgeReport> {
  const now = opts.now ?? new Date();
  const report: PurgeReport = { purged: [], unfinished: [], itemsDeleted: 0 };
  let busy = false;
  const goOn = () => !busy && timeLeft(opts.deadline);
  let cursor: Record<string, unknown> | undefined;
  do {
    const due = await queryPage<{ id: string; entity: string } & Item>({ ...keys.purgeDue(now), limit: 100 }, cursor);
    for (const entry of due.items) {
      if (!goOn()) {
        report.unfinished.push(entry.id);
        continue;
      }
      const isTeam = entry.entity === ENTITY.team.entity;
      try {
        if (entry.entity === ENTITY.binEntry.entity) {
          // A document bin entry: its binned documents, not the project (see document-bin.ts).
          const projectId = String(entry.projectId);
          const { done, items, claimed } = await purgeBinEntry(projectId, entry.id, now, opts);
          if (!claimed) continue;
          report.itemsDeleted += items;
          (done ? report.purged : report.unfinished).push(entry.id);
          opts.log?.info('binned documents purged', { projectId, id: entry.id, done, items });
          continue;
        }
        if (!isTeam && !(await claimForPurge(entry.id, now))) {
          opts.log?.info('project no longer due, left alone', { projectId: entry.id });
          continue;
        }
        const { done, items } = isTeam ? await purgeTeam(entry.id, opts) : await purgeProject(entry.id, opts);
        report.itemsDeleted += items;
        (done ? report.purged : report.unfinished).push(entry.id);
        opts.log?.info(isTeam ? 'team purged' : 'project purged', { id: entry.id, done, items });
      } catch (err) {
        if (!isServiceBusy(err)) throw err;
        busy = true;
        report.unfinished.push(entry.id);
        opts.log?.warn('purge stopped: the service stays busy; the next run goes on from here', {
          id: entry.id,
          cause: String((err as Error).cause),
        });
      }
    }
    cursor = due.cursor;
  } while (cursor && goOn());
  return report;
}
