/**
 * Watching (issue 38): a member watches a project, a folder or a document of it, and the changes below what they
 * watch reach their bell. People watch what they create without asking (a project's owner its project, a folder's
 * or document's creator that node): no item is written for that, so an import of a thousand documents writes no
 * thousand watches. An item is written only when someone chooses: to watch, or to stop watching what they made.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { getItem, queryAll } from '../data/db';
import { defineEntity } from '../data/entity';
import { commentKeys } from '../data/keys';
import type { StoredNode } from './documents';

const watchRecord = lazy(() => z.object({ projectId: z.string(), targetId: z.string(), userId: z.string(), watching: z.boolean() }));
type WatchRecord = z.infer<typeof watchRecord>;

const watchEntity = defineEntity({
  name: 'watch',
  schema: watchRecord,
  key: (w: Pick<WatchRecord, 'projectId' | 'targetId' | 'userId'>) => commentKeys.watch(w.projectId, w.targetId, w.userId),
});

/** Someone's choice about one target, if they made one. */
const choiceOf = async (projectId: string, targetId: string, userId: string) =>
  watchEntity.parse(await getItem(commentKeys.watch(projectId, targetId, userId), { consistent: true }))?.watching;

export async function setWatching(projectId: string, targetId: string, userId: string, watching: boolean): Promise<void> {
  await watchEntity.put({ projectId, targetId, userId, watching });
}

/** A target as watching sees it: its id, and who made it (who watches it until they say otherwise). */
export interface WatchTarget {
  id: string;
  createdBy: string;
}

/** Whether someone watches a target themselves (by choice, or as its creator). */
export async function watchesItself(projectId: string, target: WatchTarget, userId: string): Promise<boolean> {
  return (await choiceOf(projectId, target.id, userId)) ?? target.createdBy === userId;
}

/**
 * Who watches a document: the watchers of the document itself, of each folder above it and of the project
 * (`path`: the project first, the document last). A choice on a nearer target wins over one further out, so
 * someone who watches the project but stopped watching one folder hears nothing from that folder.
 */
export async function watchersOf(projectId: string, path: WatchTarget[]): Promise<Set<string>> {
  const choices = await Promise.all(
    path.map(async (target) => watchEntity.parseAll(await queryAll(commentKeys.watchersOf(projectId, target.id)))),
  );
  const decided = new Map<string, boolean>();
  path.forEach((target, i) => {
    // Further out first, nearer overrides: the creator's default, then any explicit choice on the same target.
    if (target.createdBy) decided.set(target.createdBy, true);
    for (const choice of choices[i]!) decided.set(choice.userId, choice.watching);
  });
  return new Set([...decided].filter(([, watching]) => watching).map(([userId]) => userId));
}

/** The targets from the project down to a node: the project, the folders above the node, the node itself. */
export function watchPath(
  project: { id: string; ownerId: string },
  nodes: readonly StoredNode[],
  nodeId: string | undefined,
): WatchTarget[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const chain: WatchTarget[] = [];
  const seen = new Set<string>();
  for (let id = nodeId; id && id !== project.id && !seen.has(id); id = byId.get(id)?.parentId) {
    seen.add(id);
    const node = byId.get(id);
    if (!node) break;
    chain.unshift({ id: node.id, createdBy: node.createdBy });
  }
  return [{ id: project.id, createdBy: project.ownerId }, ...chain];
}

/** Whether someone hears of changes to a target through what is above it (its folders, its project). */
export async function watchesFromAbove(projectId: string, path: WatchTarget[], userId: string): Promise<boolean> {
  const above = path.slice(0, -1);
  return above.length > 0 && (await watchersOf(projectId, above)).has(userId);
}
