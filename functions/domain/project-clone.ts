/**
 * Cloning a project with its content. The copy is written under a META item in the internal `cloning` state,
 * which no route can see and which is queued for purge a day out; only the final transaction makes it active and
 * gives the cloner their membership. A clone that fails half way is therefore never visible, and the purge job
 * removes what it left.
 */
import { batchWrite, eq, notExists, queryAll, queryPage, transact, type Item } from '../data/db';
import { ENTITY, keys, type EntityName } from '../data/keys';
import { copyProjectFiles } from '../data/project-files';
import { addMemberOp, memberItem } from './members';
import { DAY_MS, newProjectRecord, projectEntity, type ProjectRecord } from './projects';

/**
 * What a clone copies: the project's content, by entity kind. Everything else stays behind: people (members,
 * favourites) and whatever later features keep in the partition (shares, releases) unless listed here.
 */
const CLONED_ENTITIES: readonly EntityName[] = [
  'document',
  'documentBody',
  'searchText',
  'history',
  'mockConfig',
  'environment',
  'globals',
];
const cloned = new Set<string>(CLONED_ENTITIES.map((name) => ENTITY[name].entity));

const swap = (value: string, fromId: string, toId: string) => (value.includes(fromId) ? value.split(fromId).join(toId) : value);

/**
 * Moves an item into the new partition: the old project id is replaced wherever it appears in a top-level string.
 * An environment's variables are the one nested place: their ids begin with the environment's id (which begins with
 * the project's), and a variable's routes find its environment by that prefix.
 */
function rehome(item: Item, fromId: string, toId: string): Item & { pk: string; sk: string } {
  const out: Item = {};
  for (const [field, value] of Object.entries(item)) out[field] = typeof value === 'string' ? swap(value, fromId, toId) : value;
  if (item.entity === ENTITY.environment.entity && Array.isArray(item.variables)) {
    out.variables = (item.variables as Item[]).map((v) => ({ ...v, id: swap(String(v.id), fromId, toId) }));
  }
  return out as Item & { pk: string; sk: string };
}

export async function cloneProject(source: ProjectRecord, name: string, userId: string, now = new Date()): Promise<ProjectRecord> {
  // Group bindings are the team's decisions about the original; the copy starts without them.
  const copy = newProjectRecord(
    {
      name,
      description: source.description,
      visibility: source.visibility,
      ownerId: userId,
      teamId: source.teamId,
      state: 'cloning',
      clonedFrom: source.id,
      teamFolderId: source.teamFolderId,
      documentCount: source.documentCount,
      purgeAt: new Date(now.getTime() + DAY_MS).toISOString(),
    },
    now,
  );
  await projectEntity.put(copy, notExists());

  // What is in the document bin stays behind, with everything kept beside it.
  const binned = new Set((await queryAll<{ id: string }>(keys.binnedDocumentsOf(source.id))).map((b) => b.id));
  // Every item of a document names it: its node by `id`, its mock settings by `docId`, the rest by `documentId`.
  const copied = (item: Item) =>
    cloned.has(String(item.entity)) && !binned.has(String(item.entity === 'document' ? item.id : (item.documentId ?? item.docId)));
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await queryPage({ ...keys.projectItems(source.id), limit: 1000 }, cursor);
    await batchWrite({
      puts: page.items.filter(copied).map((item) => rehome(item, source.id, copy.id)),
    });
    cursor = page.cursor;
  } while (cursor);
  await copyProjectFiles(source.id, copy.id);

  await transact([
    projectEntity.updateOp(copy, { set: { state: 'active' }, remove: ['purgeAt'] }, eq('state', 'cloning')),
    addMemberOp(memberItem(copy.id, userId, 'creator', null, now)),
  ]);
  return { ...copy, state: 'active', purgeAt: null };
}
