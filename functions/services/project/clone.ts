/**
 * Cloning a project with everything in it. The copy is written under a META item in the internal `cloning`
 * state, which no route can see and which is queued for purge a day out; only the final transaction makes it
 * active and gives the cloner their membership. A clone that fails half way is therefore never visible, and
 * the purge job removes what it left.
 */
import { randomUUID } from 'node:crypto';
import { batchWrite, putItem, queryPage, transact, type Item } from '../../data/db';
import { keys } from '../../data/keys';
import { copyProjectFiles } from '../../data/project-files';
import { DAY_MS, memberRecord, projectRecord, type ProjectItem } from '../../data/projects';

/** Items that belong to people, not to the project's content, stay behind. */
const PERSONAL_PREFIXES = ['MEMBER#', 'FAVOR#'];
const copyable = (item: Item) => {
  const sk = String(item.sk);
  return sk !== 'META' && !PERSONAL_PREFIXES.some((p) => sk.startsWith(p));
};

/** Moves an item into the new partition: the old project id is replaced wherever it appears in a top-level string. */
export function rehome(item: Item, fromId: string, toId: string): Item & { pk: string; sk: string } {
  const out: Item = {};
  for (const [field, value] of Object.entries(item)) {
    out[field] = typeof value === 'string' && value.includes(fromId) ? value.split(fromId).join(toId) : value;
  }
  return out as Item & { pk: string; sk: string };
}

export async function cloneProject(source: ProjectItem, name: string, userId: string, now = new Date()): Promise<ProjectItem> {
  const id = randomUUID();
  const stamp = now.toISOString();
  const copy: ProjectItem = {
    id,
    name,
    description: source.description,
    visibility: source.visibility,
    ownerId: userId,
    teamId: source.teamId,
    state: 'cloning',
    archivedAt: null,
    recycledAt: null,
    createdAt: stamp,
    updatedAt: stamp,
    rev: 1,
  };
  await putItem(projectRecord(copy, { clonedFrom: source.id, ...keys.purgeEntry(new Date(now.getTime() + DAY_MS)) }), {
    ifNotExists: true,
  });

  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage({ partition: keys.projectPartition(source.id), limit: 1000 }, cursor);
    await batchWrite({ puts: page.items.filter(copyable).map((item) => rehome(item, source.id, id)) });
    cursor = page.cursor;
  } while (cursor);
  await copyProjectFiles(source.id, id);

  await transact([
    {
      update: keys.project(id),
      spec: { set: { state: 'active' }, remove: ['gsi2pk', 'gsi2sk'] },
      cond: { expression: '#s = :cloning', names: { '#s': 'state' }, values: { ':cloning': 'cloning' } },
    },
    { put: memberRecord(id, userId, 'creator', null, now), cond: { ifNotExists: true } },
  ]);
  return { ...copy, state: 'active' };
}
