import { describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { ProjectView } from '@shared/schemas/project';
import { putItem, queryAll } from '../../functions/data/db';
import { ENTITY, keys } from '../../functions/data/keys';
import { memberItem } from '../../functions/domain/members';
import { invalid, refusedFields, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

async function createProject(token: string, body: Record<string, unknown> = {}) {
  const res = await api.call('project.create', { token, body: { name: 'Payments API', ...body } });
  expect(res.code, res.message).toBe(0);
  return res.data;
}

const ids = (list: { id: string }[]) => list.map((p) => p.id);
/** The lists of projects a person sees (each a route of its own). */
type ProjectList =
  | 'project.created'
  | 'project.personal'
  | 'project.editable'
  | 'project.team'
  | 'project.search'
  | 'project.favorites'
  | 'project.archives'
  | 'project.recycler';
async function list(token: string, id: ProjectList, query?: Record<string, string>, params?: { teamId: string }) {
  const res = await api.callAny(id, { token, query, params });
  expect(res.code, res.message).toBe(0);
  return ids(res.data as ProjectView[]);
}

describe('creating and editing projects', () => {
  it('creates a private project owned by its creator, and reads it back', async () => {
    const { token, userId } = await signUp();
    const project = await createProject(token, { description: 'Card payments' });
    expect(project).toMatchObject({
      name: 'Payments API',
      description: 'Card payments',
      visibility: 'private',
      ownerId: userId,
      role: 'creator',
      state: 'active',
      teamId: null,
      folderId: null,
      favorite: false,
    });
    const got = await api.call('project.get', { params: { id: project.id }, token });
    expect(got.data).toEqual(project);
  });

  it('accepts a 64-character name and refuses 65 with the spec message, in both languages', async () => {
    const { token } = await signUp();
    await createProject(token, { name: 'n'.repeat(64) });
    const zh = await api.call('project.create', { token, body: { name: 'n'.repeat(65) } });
    expect(zh.code).toBe(ERRORS.invalidInput.code);
    expect(refusedFields(zh).name).toBe('项目名称 1-64 个字符');
    const en = await api.call('project.create', {
      token,
      body: { name: '' },
      headers: { 'accept-language': 'en' },
    });
    expect(refusedFields(en).name).toBe('Project name must be 1-64 characters');
  });

  it('updates name, description and visibility, bumping the revision', async () => {
    const { token } = await signUp();
    const project = await createProject(token);
    const res = await api.call('project.update', {
      token,
      body: { id: project.id, rev: project.rev, name: 'Renamed', description: 'new', visibility: 'public' },
    });
    expect(res.data).toMatchObject({ name: 'Renamed', description: 'new', visibility: 'public', rev: project.rev + 1 });
    const tooLong = await api.call('project.update', { token, body: { id: project.id, rev: res.data.rev, name: 'x'.repeat(65) } });
    expect(tooLong.code).toBe(ERRORS.invalidInput.code);
  });

  it('keeps the serial number style (序号样式): none at first, set by an editor, refused to a viewer, checked against the list', async () => {
    const owner = await signUp();
    const project = await createProject(owner.token);
    expect(project.serialStyle).toBe('none');
    const editor = await signUp();
    const viewer = await signUp();
    await putItem(memberItem(project.id, editor.userId, 'edit', null));
    await putItem(memberItem(project.id, viewer.userId, 'view', null));
    const set = (token: string, rev: number, serialStyle: unknown) =>
      api.call('project.update', { token, body: { id: project.id, rev, serialStyle: invalid(serialStyle) } });
    // Below the rule (view): refused, and nothing changes.
    expect((await set(viewer.token, project.rev, 'decimal')).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('project.get', { params: { id: project.id }, token: viewer.token })).data.serialStyle).toBe('none');
    // At the rule (edit): admitted, and every reader sees it.
    const saved = await set(editor.token, project.rev, 'decimal');
    expect(saved.code, saved.message).toBe(0);
    expect(saved.data).toMatchObject({ serialStyle: 'decimal', rev: project.rev + 1 });
    expect((await api.call('project.get', { params: { id: project.id }, token: viewer.token })).data.serialStyle).toBe('decimal');
    expect((await set(editor.token, saved.data.rev, 'roman')).code).toBe(ERRORS.invalidInput.code);
    expect((await set(owner.token, saved.data.rev, 'chinese')).data.serialStyle).toBe('chinese');
  });

  it('20 concurrent renames: one wins, 19 are refused naming who saved, and nothing is overwritten', async () => {
    const { token } = await signUp('Ada');
    const project = await createProject(token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.call('project.update', { token, body: { id: project.id, rev: project.rev, name: `Name ${i}` } }),
      ),
    );
    const winners = answers.filter((a) => a.code === 0);
    const conflicts = answers.filter((a) => a.code === ERRORS.staleRevision.code);
    expect(winners).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    expect(conflicts[0]!.message).toContain('Ada');
    const stored = await api.call('project.get', { params: { id: project.id }, token });
    expect(stored.data).toMatchObject({ name: winners[0]!.data.name, rev: project.rev + 1 });
    // An edit from the new revision goes through.
    const next = await api.call('project.update', {
      token,
      body: { id: project.id, rev: stored.data.rev, description: 'after' },
    });
    expect(next.data).toMatchObject({ description: 'after', rev: project.rev + 2 });
  });

  it('lets anyone read a public project, and nobody else a private one', async () => {
    const owner = await signUp();
    const other = await signUp();
    const project = await createProject(owner.token);
    expect((await api.call('project.get', { params: { id: project.id } })).code).toBe(ERRORS.notLoggedIn.code);
    expect((await api.call('project.get', { params: { id: project.id }, token: other.token })).code).toBe(ERRORS.forbidden.code);
    await api.call('project.update', { token: owner.token, body: { id: project.id, rev: project.rev, visibility: 'public' } });
    const anonymous = await api.call('project.get', { params: { id: project.id } });
    expect(anonymous.code).toBe(0);
    expect(anonymous.data.role).toBe('guest');
    expect((await api.call('project.get', { params: { id: project.id }, token: other.token })).data.role).toBe('guest');
    // Reading is all a guest may do.
    expect((await api.call('project.update', { token: other.token, body: { id: project.id, rev: project.rev, name: 'mine' } })).code).toBe(
      ERRORS.forbidden.code,
    );
  });
});

describe('lists, search and favourites', () => {
  it('lists created, personal, editable and team projects, and searches names and descriptions', async () => {
    const { token } = await signUp();
    const a = await createProject(token, { name: 'Orders service' });
    const b = await createProject(token, { name: 'Billing', description: 'invoices and ORDERS' });
    const c = await createProject(token, { name: 'Users' });
    expect((await list(token, 'project.created')).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await list(token, 'project.personal')).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await list(token, 'project.editable')).sort()).toEqual([a.id, b.id, c.id].sort());
    expect(await list(token, 'project.team', undefined, { teamId: 'some-team' })).toEqual([]);
    expect(await list(token, 'project.created', { teamId: 'some-team' })).toEqual([]);
    expect((await list(token, 'project.search', { keyword: 'orders' })).sort()).toEqual([a.id, b.id].sort());
    expect(await list(token, 'project.search', { keyword: 'nothing like this' })).toEqual([]);
  });

  it('adds, lists and removes favourites', async () => {
    const { token } = await signUp();
    const a = await createProject(token);
    await createProject(token, { name: 'Other' });
    expect((await api.call('project.favorAdd', { params: { id: a.id }, token })).code).toBe(0);
    expect((await api.call('project.favorAdd', { params: { id: a.id }, token })).code).toBe(0); // twice is harmless
    expect(await list(token, 'project.favorites')).toEqual([a.id]);
    expect((await api.call('project.get', { params: { id: a.id }, token })).data.favorite).toBe(true);
    await api.call('project.favorRemove', { params: { id: a.id }, token });
    expect(await list(token, 'project.favorites')).toEqual([]);
  });
});

describe('archive and recycle bin', () => {
  it('archives out of the lists and back', async () => {
    const { token } = await signUp();
    const p = await createProject(token);
    const archived = await api.call('project.archive', { params: { id: p.id }, token });
    expect(archived.data).toMatchObject({ state: 'archived' });
    expect(archived.data.archivedAt).toBeTruthy();
    expect(await list(token, 'project.personal')).toEqual([]);
    expect(await list(token, 'project.archives')).toEqual([p.id]);
    expect((await api.call('project.archive', { params: { id: p.id }, token })).code).toBe(ERRORS.wrongState.code);
    expect((await api.call('project.archiveRevert', { params: { id: p.id }, token })).data.state).toBe('active');
    expect(await list(token, 'project.personal')).toEqual([p.id]);
    expect(await list(token, 'project.archives')).toEqual([]);
  });

  it('a recycled project disappears from every list, search, favourite and read; restore brings back exactly what was there', async () => {
    const { token } = await signUp();
    const p = await createProject(token, { name: 'Recyclable', description: 'keep me' });
    await api.call('project.favorAdd', { params: { id: p.id }, token });
    await api.call('project.archive', { params: { id: p.id }, token });
    expect((await api.call('project.archiveDelete', { params: { id: p.id }, token })).code).toBe(0);

    for (const id of ['project.personal', 'project.created', 'project.archives', 'project.favorites', 'project.editable'] as const) {
      expect(await list(token, id), id).toEqual([]);
    }
    expect(await list(token, 'project.search', { keyword: 'Recyclable' })).toEqual([]);
    expect((await api.call('project.get', { params: { id: p.id }, token })).code).toBe(ERRORS.notFound.code);
    expect((await api.call('project.update', { token, body: { id: p.id, rev: p.rev, name: 'x' } })).code).toBe(ERRORS.notFound.code);

    const bin = await api.call('project.recycler', { token });
    expect(bin.data.map((x) => [x.id, x.daysLeft])).toEqual([[p.id, 30]]);

    const restored = await api.call('project.recyclerRevert', { params: { id: p.id }, token });
    expect(restored.data).toMatchObject({ state: 'archived', name: 'Recyclable', description: 'keep me' });
    expect(await list(token, 'project.archives')).toEqual([p.id]);
    expect(await list(token, 'project.favorites')).toEqual([p.id]);
    expect(await list(token, 'project.recycler')).toEqual([]);
    // Restored projects are off the purge queue.
    const queued = await queryAll(keys.purgeQueue());
    expect(queued.map((i) => i.id)).not.toContain(p.id);
  });

  it('destroys a recycled project and everything in its partition', async () => {
    const { token } = await signUp();
    const p = await createProject(token);
    await putItem({ ...keys.document(p.id, 'd1'), ...ENTITY.document, projectId: p.id, name: 'doc' });
    expect((await api.call('project.destroy', { params: { id: p.id }, token })).code).toBe(ERRORS.wrongState.code); // not in the bin
    await api.call('project.recycle', { params: { id: p.id }, token });
    expect((await api.call('project.destroy', { params: { id: p.id }, token })).code).toBe(0);
    expect(await queryAll(keys.projectItems(p.id))).toEqual([]);
    expect(await list(token, 'project.recycler')).toEqual([]);
    expect((await api.call('project.recyclerRevert', { params: { id: p.id }, token })).code).toBe(ERRORS.notFound.code);
  });
});

describe('members, transfer and access', () => {
  it('transfers only to an existing member who is not already the owner', async () => {
    const owner = await signUp();
    const member = await signUp();
    const stranger = await signUp();
    const p = await createProject(owner.token);
    const noMember = await api.call('project.transfer', { params: { projectId: p.id, userId: stranger.userId }, token: owner.token });
    expect(noMember.code).toBe(ERRORS.memberRequired.code);
    const toSelf = await api.call('project.transfer', { params: { projectId: p.id, userId: owner.userId }, token: owner.token });
    expect(toSelf.code).toBe(ERRORS.alreadyOwner.code);

    await putItem(memberItem(p.id, member.userId, 'view', null));
    const moved = await api.call('project.transfer', { params: { projectId: p.id, userId: member.userId }, token: owner.token });
    expect(moved.code).toBe(0);
    expect(moved.data).toMatchObject({ ownerId: member.userId, role: 'edit' });
    expect((await api.call('project.get', { params: { id: p.id }, token: member.token })).data.role).toBe('creator');
    const again = await api.call('project.transfer', { params: { projectId: p.id, userId: member.userId }, token: owner.token });
    expect(again.code).toBe(ERRORS.forbidden.code); // no longer the creator
    expect(await list(member.token, 'project.created')).toEqual([p.id]);
  });

  it('lists members with names and roles; a member may quit, the creator may not', async () => {
    const owner = await signUp('Olivia');
    const member = await signUp('Max');
    const p = await createProject(owner.token);
    await putItem(memberItem(p.id, member.userId, 'edit', null));
    const members = await api.call('project.members', {
      params: { id: p.id },
      token: member.token,
    });
    expect(members.data.map((m) => [m.nickname, m.role]).sort()).toEqual([
      ['Max', 'edit'],
      ['Olivia', 'creator'],
    ]);
    expect((await api.call('project.quit', { params: { id: p.id }, token: owner.token })).code).toBe(ERRORS.creatorCannotQuit.code);
    await api.call('project.favorAdd', { params: { id: p.id }, token: member.token });
    expect((await api.call('project.quit', { params: { id: p.id }, token: member.token })).code).toBe(0);
    expect(await list(member.token, 'project.personal')).toEqual([]);
    expect(await list(member.token, 'project.favorites')).toEqual([]);
    expect((await api.call('project.get', { params: { id: p.id }, token: member.token })).code).toBe(ERRORS.forbidden.code);
  });
});
