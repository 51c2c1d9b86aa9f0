/**
 * The tree's change log, and what readers keep by tree revision. Every write of tree nodes is followed by
 * `bumpTreeRev`, which moves the project's `treeRev` and then records what that revision changed, so a reader
 * holding something built from the tree at an older revision (the tree itself, the search texts) reads only what
 * those documents changed (in AWS the writer and the next reader are often different instances). The item:
 *
 *   pk PROJECT#<projectId>  sk TREECHANGE#<treeRev, 12 digits>
 *   { projectId, rev, documentIds?: the documents whose nodes the revision's write created, saved, moved, binned,
 *     restored or copied (absent: too many to name, or not known; readers across it read everything again),
 *     expiresAt: an hour on (a reader keeps what it read at most `KEPT_MS`, so older changes are never asked for) }
 *
 * The write comes before the bump and the log after it, and none of them is atomic with the others, so a reader
 * may see a node before its bump (harmless: the bump names it, and the reader reads it again then) or a revision
 * before its log item (the range then has a hole, and the reader reads everything again, which holds every write
 * made before the bump). A removal is a named document whose items are gone.
 */
import * as z from 'zod';
import { lazy } from '@shared/lazy';
import { exists, notExists, queryAll, skip } from '../data/db';
import { defineEntity } from '../data/entity';
import { keys } from '../data/keys';
import { projectEntity } from './projects';

const treeChangeRecord = lazy(() =>
  z.object({
    projectId: z.string(),
    rev: z.number(),
    documentIds: z.array(z.string()).optional(),
    expiresAt: z.number(),
  }),
);
export const treeChangeEntity = defineEntity({
  name: 'treeChange',
  schema: treeChangeRecord,
  key: (c: { projectId: string; rev: number }) => keys.treeChange(c.projectId, c.rev),
});

/** Past this many documents a change is logged as "read everything again" (an item stays far below 400 KB). */
const MAX_NAMED_PER_CHANGE = 1000;
/** How long a change stays in the log. */
const TREE_CHANGE_TTL_S = 60 * 60;
/**
 * What a reader keeps is read whole again after this long, whatever changed: it bounds how long a write whose bump
 * never came (its writer died between the two) stays unseen by a reader that only reads what the log names.
 */
const KEPT_MS = 10 * 60_000;
/** Past this many revisions or changed documents since what is kept, reading everything again is as quick. */
const MAX_REVS_BRIDGED = 200;
const MAX_DOCUMENTS_REREAD = 1000;

/**
 * Marks the project's documents changed, after the change is written (see the change log above), and counts the
 * documents it added or removed (the console shows the count without reading the tree). `changed` names the
 * documents whose nodes the write touched; 'whole' when they are not known.
 */
export async function bumpTreeRev(projectId: string, changed: readonly string[] | 'whole', documentsAdded = 0): Promise<void> {
  // A project destroyed meanwhile has no tree to keep.
  const project = await projectEntity.update(
    { id: projectId },
    { add: { treeRev: 1, documentCount: documentsAdded } },
    { when: exists(), failure: skip },
  );
  if (!project) return;
  const named = changed === 'whole' ? undefined : [...new Set(changed)];
  await treeChangeEntity.put(
    {
      projectId,
      rev: project.treeRev,
      ...(named && named.length <= MAX_NAMED_PER_CHANGE ? { documentIds: named } : {}),
      expiresAt: Math.floor(Date.now() / 1000) + TREE_CHANGE_TTL_S,
    },
    notExists(),
  );
}

/**
 * The documents changed by the revisions after `from` up to `to`; undefined when the log cannot say (a revision
 * with no log item yet or any more, one that did not name its documents, too many to read one by one).
 */
async function changedBetween(projectId: string, from: number, to: number): Promise<Set<string> | undefined> {
  if (to - from > MAX_REVS_BRIDGED) return undefined;
  const changes = treeChangeEntity.parseAll(await queryAll(keys.treeChangesBetween(projectId, from, to)));
  if (changes.length !== to - from) return undefined;
  const ids = new Set<string>();
  for (const change of changes) {
    if (!change.documentIds) return undefined;
    for (const id of change.documentIds) ids.add(id);
  }
  return ids.size <= MAX_DOCUMENTS_REREAD ? ids : undefined;
}

/** How a reader reads its value whole, and brings a kept value forward by the documents the log names. */
export interface KeptByRevision<T> {
  /** For a few projects (a large project's tree is megabytes). */
  max: number;
  whole(projectId: string, rev: number): Promise<T>;
  /** `kept` stays as it was (a read may still hold it): the answer is a new value. */
  advance(projectId: string, kept: T, changed: ReadonlySet<string>, rev: number): Promise<T>;
}

/**
 * A value read from a project's documents, kept as of the newest tree revision asked for. A read at a newer
 * revision than the one kept reads only what the change log names; one at the kept revision or an older one
 * answers the kept value, which holds every write whose bump came before the revision asked for. Each call makes
 * an independent reader (the tests hold two, as two instances would).
 */
export function keptByRevision<T>(reader: KeptByRevision<T>) {
  const kept = new Map<string, { rev: number; since: number; value: Promise<T> }>();
  return (project: { id: string; treeRev: number }): Promise<T> => {
    const now = Date.now();
    const held = kept.get(project.id);
    const usable = held && now - held.since < KEPT_MS ? held : undefined;
    kept.delete(project.id);
    if (usable && usable.rev >= project.treeRev) {
      kept.set(project.id, usable);
      return usable.value;
    }
    const value = usable
      ? usable.value.then(async (before) => {
          const changed = await changedBetween(project.id, usable.rev, project.treeRev);
          return changed ? reader.advance(project.id, before, changed, project.treeRev) : reader.whole(project.id, project.treeRev);
        })
      : reader.whole(project.id, project.treeRev);
    const entry = { rev: project.treeRev, since: usable?.since ?? now, value };
    kept.set(project.id, entry);
    // A failed read is not kept.
    value.catch(() => kept.get(project.id) === entry && kept.delete(project.id));
    while (kept.size > reader.max) kept.delete(kept.keys().next().value!);
    return value;
  };
}
