/**
 * Every indexed field, changed through its domain verb, and the item found (or no longer found) by the index query
 * afterwards: entities derive their index attributes from their records (functions/data/entity.ts), so an update
 * can never leave a stale index entry behind.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import {
  createDocument,
  firstRevision,
  loadChildren,
  moveDocument,
  newDocumentId,
  type StoredNode,
} from '../../functions/domain/documents';
import { addFavorite, favoriteProjectIds } from '../../functions/domain/favorites';
import { addMemberOp, assignMember, memberItem, membershipsOf } from '../../functions/domain/members';
import { cloneProject } from '../../functions/domain/project-clone';
import {
  createProject,
  getProject,
  markForDestruction,
  moveProjectToTeam,
  newProjectRecord,
  projectsOfTeam,
  recycleProject,
  restoreProject,
  type ProjectRecord,
} from '../../functions/domain/projects';
import { createSession, revokeSessionsOf } from '../../functions/domain/sessions';
import { addTeamMember, createTeam, markTeamDisbanded, teamMembershipsOf } from '../../functions/domain/teams';
import { createUser, NO_PASSWORD } from '../../functions/domain/users';

const editor = { id: randomUUID(), name: 'Editor' };

/** An account to add to projects and teams (they take only accounts that exist and are not being deleted). */
const newUserId = async () =>
  (await createUser({ account: `indexes-${randomUUID()}@example.com`, nickname: 'Member', passwordHash: NO_PASSWORD })).id;

async function newProject(ownerId = editor.id, input: Partial<ProjectRecord> = {}) {
  const project = newProjectRecord({ name: 'Indexed', ownerId, ...input });
  await createProject(project, [addMemberOp(memberItem(project.id, ownerId, 'creator', null))]);
  return project;
}

/** Ids of the projects (or teams) on the purge queue, due by `at` (far ahead: every one). */
const queued = async (at = new Date(Date.now() + 400 * 86_400_000)) =>
  (await queryAll<{ id: string; purgeAt?: string; gsi2sk: string }>(keys.purgeDue(at))).map((i) => i.id);

describe('projects', () => {
  it('a move into a team lists the project among the team’s, by the team index', async () => {
    const team = await createTeam({ name: 'Indexers', description: '', avatar: '' }, editor.id);
    const project = await newProject();
    expect((await projectsOfTeam(team.id)).map((p) => p.id)).not.toContain(project.id);
    await moveProjectToTeam(project, team.id, []);
    expect((await projectsOfTeam(team.id)).map((p) => p.id)).toEqual([project.id]);
  });

  it('recycling queues the project for the purge at its due time; a restore takes it off the queue', async () => {
    const project = await newProject();
    const recycled = await recycleProject(project);
    const [entry] = await queryAll<{ id: string; purgeAt: string; gsi2sk: string }>(keys.purgeQueue()).then((all) =>
      all.filter((i) => i.id === project.id),
    );
    expect(entry?.purgeAt).toBe(recycled.purgeAt);
    expect(entry?.gsi2sk).toBe(recycled.purgeAt);
    expect(await queued(new Date(Date.parse(recycled.purgeAt!) - 1000))).not.toContain(project.id);
    expect(await queued(new Date(Date.parse(recycled.purgeAt!) + 1000))).toContain(project.id);

    const restored = await restoreProject(recycled);
    expect(restored).toMatchObject({ state: 'active', purgeAt: null });
    expect(await queued()).not.toContain(project.id);
  });

  it('destroying a recycled project moves it to the head of the queue', async () => {
    const project = await recycleProject(await newProject());
    const destroyed = await markForDestruction(project);
    expect(await queued(new Date(Date.parse(destroyed.purgeAt!) + 1))).toContain(project.id);
    expect(await queued(new Date(Date.parse(project.purgeAt!) - 86_400_000))).toContain(project.id);
  });

  it('a clone is on the queue while it is being copied, and off it once it is done', async () => {
    const source = await newProject();
    const copy = await cloneProject(source, 'Indexed (copy)', editor.id);
    expect(copy.purgeAt).toBeNull();
    expect((await getProject(copy.id))?.purgeAt).toBeNull();
    expect(await queued()).not.toContain(copy.id);
  });
});

describe('documents', () => {
  it('a move lists the document among its new parent’s children, in rank order, and no longer among the old one’s', async () => {
    const project = await newProject();
    const node = (parentId: string, rank: string, type: 'folder' | 'doc'): StoredNode => ({
      id: newDocumentId(project.id),
      projectId: project.id,
      parentId,
      rank,
      name: `${type} ${rank}`,
      type,
      comment: '',
      method: null,
      path: null,
      status: null,
      ...firstRevision(editor),
    });
    const folder = node(project.id, 'a0', 'folder');
    const sibling = node(folder.id, 'a0', 'doc');
    const doc = node(project.id, 'a1', 'doc');
    await createDocument(folder, { type: 'folder', content: {} });
    await createDocument(sibling, { type: 'doc', content: { markdown: '' } });
    await createDocument(doc, { type: 'doc', content: { markdown: 'moving' } });

    await moveDocument(doc, folder.id, 'a1', { id: doc.createdBy, name: 'mover' });
    expect((await loadChildren(project.id, folder.id)).map((n) => n.id)).toEqual([sibling.id, doc.id]);
    expect((await loadChildren(project.id, project.id)).map((n) => n.id)).toEqual([folder.id]);

    await moveDocument({ ...doc, parentId: folder.id, rank: 'a1' }, folder.id, 'Zz', { id: doc.createdBy, name: 'mover' });
    expect((await loadChildren(project.id, folder.id)).map((n) => n.id)).toEqual([doc.id, sibling.id]);
  });
});

describe('people', () => {
  it('a new member finds the project among theirs; a new role keeps it there', async () => {
    const project = await newProject();
    const member = await newUserId();
    await assignMember(project.id, member, 'view');
    expect((await membershipsOf(member)).map((m) => [m.projectId, m.role])).toEqual([[project.id, 'view']]);
    await assignMember(project.id, member, 'edit');
    expect((await membershipsOf(member)).map((m) => [m.projectId, m.role])).toEqual([[project.id, 'edit']]);
  });

  it('a team member finds the team among theirs; a disbanded team is queued for the purge', async () => {
    const team = await createTeam({ name: 'Queued', description: '', avatar: '' }, editor.id);
    const member = await newUserId();
    expect(await addTeamMember(team.id, member, 'developer', null)).toBe(true);
    expect((await teamMembershipsOf(member)).map((m) => m.teamId)).toEqual([team.id]);
    expect(await queued()).not.toContain(team.id);
    await markTeamDisbanded(team);
    expect(await queued(new Date(Date.now() + 1000))).toContain(team.id);
  });

  it('favourites list newest first; sessions are found by their user', async () => {
    const user = randomUUID();
    const [older, newer] = [await newProject(), await newProject()];
    await addFavorite(older.id, user, new Date(Date.now() - 60_000));
    await addFavorite(newer.id, user);
    expect(await favoriteProjectIds(user)).toEqual([newer.id, older.id]);

    await createSession(user);
    await createSession(user);
    expect(await revokeSessionsOf(user)).toBe(2);
  });
});
