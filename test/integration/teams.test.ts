/**
 * Teams through the API: members and roles, invitations, user groups bound to projects, removal, moving a
 * project into a team, the people one may add, team consoles and their folders, and disbanding.
 */
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { ProjectView } from '@shared/schemas/project';
import { batchWrite, getItem, queryAll } from '../../functions/data/db';
import { ENTITY, keys } from '../../functions/data/keys';
import { runPurge } from '../../functions/domain/project-purge';
import { signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();

type Person = Awaited<ReturnType<typeof signUp>>;

async function teamWith(owner: Person, ...developers: Person[]) {
  const team = (await api.call('team.create', { token: owner.token, body: { name: 'Platform', description: 'Backend APIs' } })).data;
  for (const dev of developers) {
    const code = (await api.call('team.invite', { params: { teamId: team.id }, token: owner.token })).data.code;
    expect((await api.call('team.join', { params: { code }, token: dev.token })).code).toBe(0);
  }
  return team;
}

const teamProject = async (who: Person, teamId: string, name = 'Orders API') =>
  (await api.call('project.create', { token: who.token, body: { name, teamId } })).data;
const newDoc = async (who: Person, projectId: string) =>
  (await api.call('document.create', { token: who.token, body: { projectId, name: 'Guide' } })).data;
const read = (who: Person, doc: { id: string }) => api.call('document.get', { params: { id: doc.id }, token: who.token });

describe('teams', () => {
  it('the creator owns the team; members, roles and standing read back; only the owner names administrators', async () => {
    const [owner, dev] = await Promise.all([signUp('Olga'), signUp('Dev')]);
    const team = await teamWith(owner, dev);
    expect(team).toMatchObject({ name: 'Platform', role: 'owner', ownerId: owner.userId, ownerName: 'Olga' });
    const all = (await api.call('team.all', { token: dev.token })).data;
    expect(all.map((t) => [t.id, t.role, t.memberCount])).toEqual([[team.id, 'developer', 2]]);
    const own = (await api.call('team.own', { params: { id: team.id }, token: dev.token })).data;
    expect(own).toMatchObject({ role: 'developer', can: { manageMembers: false, createProjects: true, quit: true } });

    expect((await api.call('team.grantAdmin', { params: { teamId: team.id, userId: owner.userId }, token: dev.token })).code).toBe(
      ERRORS.forbidden.code,
    );
    const admin = await api.call('team.grantAdmin', { params: { teamId: team.id, userId: dev.userId }, token: owner.token });
    expect(admin.data.role).toBe('admin');
    // An administrator edits the team but cannot name administrators or demote the owner.
    expect(
      (await api.call('team.update', { token: dev.token, body: { id: team.id, rev: team.rev, name: 'Platform team' } })).data.name,
    ).toBe('Platform team');
    expect((await api.call('team.revokeAdmin', { params: { teamId: team.id, userId: owner.userId }, token: dev.token })).code).toBe(
      ERRORS.forbidden.code,
    );
    expect((await api.call('team.revokeAdmin', { params: { teamId: team.id, userId: owner.userId }, token: owner.token })).code).toBe(
      ERRORS.ownerRoleFixed.code,
    );
    expect((await api.call('team.update', { token: owner.token, body: { id: team.id, rev: team.rev, name: 'Stale' } })).code).toBe(
      ERRORS.staleRevision.code,
    );
  });

  it('an invitation lasts one hour to the second, works for several people, and joining twice stays one membership', async () => {
    const [owner, a, b] = await Promise.all([signUp(), signUp(), signUp()]);
    const team = await teamWith(owner);
    const invitation = (await api.call('team.invite', { params: { teamId: team.id }, token: owner.token })).data;
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(3590_000);
    expect((await api.call('team.invitation', { params: { code: invitation.code }, token: a.token })).data.teamName).toBe('Platform');
    for (const who of [a, b, a])
      expect((await api.call('team.join', { params: { code: invitation.code }, token: who.token })).code).toBe(0);
    const members = (await api.call('team.members', { params: { id: team.id }, token: owner.token })).data.members;
    expect(members.map((m) => m.role).sort()).toEqual(['developer', 'developer', 'owner']);

    // One second before the hour is up it still works; one second after, it reads like an unknown code. The clock
    // of the handlers (in this process) is moved there: no window a slow request could miss.
    const [c, d] = await Promise.all([signUp(), signUp()]);
    const { expiresAt } = (await getItem<{ expiresAt: number }>(keys.invitation(invitation.code)))!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime((expiresAt - 1) * 1000);
      expect((await api.call('team.join', { params: { code: invitation.code }, token: c.token })).code).toBe(0);
      vi.setSystemTime((expiresAt + 1) * 1000);
      for (const lang of ['zh', 'en']) {
        const late = await api.call('team.join', {
          params: { code: invitation.code },
          token: d.token,
          headers: { 'accept-language': lang },
        });
        expect(late.code).toBe(ERRORS.invitationInvalid.code);
        expect(late.message).toMatch(lang === 'zh' ? /过期/ : /expired/);
      }
    } finally {
      vi.useRealTimers();
    }
    expect((await api.call('team.join', { params: { code: 'x'.repeat(22) }, token: d.token })).code).toBe(ERRORS.invitationInvalid.code);
  });

  it('a group bound with view lets its members read; a direct role wins over it, and none keeps one member out', async () => {
    const [owner, creator, reader, excluded] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const team = await teamWith(owner, creator, reader, excluded);
    const group = (await api.call('team.groupCreate', { token: owner.token, body: { teamId: team.id, name: 'QA' } })).data;
    for (const who of [reader, excluded])
      await api.call('team.moveMember', { params: { teamId: team.id, userId: who.userId, groupId: group.id }, token: owner.token });
    const project = await teamProject(creator, team.id);
    const doc = await newDoc(creator, project.id);
    expect((await read(reader, doc)).code).toBe(ERRORS.forbidden.code);

    const bound = await api.call('group.bind', {
      params: { projectId: project.id, groupId: group.id, role: 'view' },
      token: creator.token,
    });
    expect(bound.data.groupRoles).toEqual({ [group.id]: 'view' });
    expect((await read(reader, doc)).code).toBe(0);
    expect((await api.call('document.update', { token: reader.token, body: { id: doc.id, rev: doc.rev, name: 'x' } })).code).toBe(
      ERRORS.forbidden.code,
    );
    await api.call('member.assign', { params: { projectId: project.id, userId: excluded.userId, role: 'none' }, token: creator.token });
    expect((await read(excluded, doc)).code).toBe(ERRORS.forbidden.code);
    await api.call('member.assign', { params: { projectId: project.id, userId: reader.userId, role: 'edit' }, token: creator.token });
    expect((await api.call('document.update', { token: reader.token, body: { id: doc.id, rev: doc.rev, name: 'Edited' } })).code).toBe(0);
    // The creator's role never changes here.
    expect(
      (await api.call('member.assign', { params: { projectId: project.id, userId: creator.userId, role: 'view' }, token: owner.token }))
        .code,
    ).toBe(ERRORS.creatorRoleFixed.code);
  });

  it('deleting a group removes its bindings: its members lose what it granted, and stay in the team', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const team = await teamWith(owner, member);
    const group = (await api.call('team.groupCreate', { token: owner.token, body: { teamId: team.id, name: 'Readers' } })).data;
    await api.call('team.moveMember', { params: { teamId: team.id, userId: member.userId, groupId: group.id }, token: owner.token });
    const projects = await Promise.all([teamProject(owner, team.id, 'One'), teamProject(owner, team.id, 'Two')]);
    const docs = await Promise.all(projects.map((p) => newDoc(owner, p.id)));
    for (const p of projects)
      await api.call('group.bind', { params: { projectId: p.id, groupId: group.id, role: 'view' }, token: owner.token });
    for (const d of docs) expect((await read(member, d)).code).toBe(0);

    expect((await api.call('team.groupDelete', { params: { teamId: team.id, groupId: group.id }, token: owner.token })).code).toBe(0);
    for (const d of docs) expect((await read(member, d)).code).toBe(ERRORS.forbidden.code);
    for (const p of projects)
      expect((await api.call('project.get', { params: { id: p.id }, token: owner.token })).data.groupRoles).toEqual({});
    expect(await queryAll(keys.bindingsOfGroup(team.id, group.id))).toEqual([]);
    const members = (await api.call('team.members', { params: { id: team.id }, token: owner.token })).data.members;
    expect(members.find((m) => m.userId === member.userId)).toMatchObject({ role: 'developer', groupId: null });
  });

  it('a member removed from the team loses every team project at once, however they reached them', async () => {
    const [owner, member] = await Promise.all([signUp(), signUp()]);
    const team = await teamWith(owner, member);
    const group = (await api.call('team.groupCreate', { token: owner.token, body: { teamId: team.id, name: 'All' } })).data;
    await api.call('team.moveMember', { params: { teamId: team.id, userId: member.userId, groupId: group.id }, token: owner.token });
    const direct = await teamProject(owner, team.id, 'Direct');
    const viaGroup = await teamProject(owner, team.id, 'Group');
    const own = await teamProject(member, team.id, 'Own edits');
    await api.call('member.assign', { params: { projectId: direct.id, userId: member.userId, role: 'edit' }, token: owner.token });
    await api.call('group.bind', { params: { projectId: viaGroup.id, groupId: group.id, role: 'edit' }, token: owner.token });
    const docs = await Promise.all([newDoc(owner, direct.id), newDoc(owner, viaGroup.id), newDoc(owner, own.id)]);
    for (const d of docs) expect((await read(member, d)).code).toBe(0);

    expect((await api.call('team.removeMember', { params: { teamId: team.id, userId: member.userId }, token: owner.token })).code).toBe(0);
    // Even the project they created: it belongs to the team, and they are no longer in it.
    for (const d of docs) expect((await read(member, d)).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('project.team', { params: { teamId: team.id }, token: member.token })).data).toEqual([]);
    expect((await api.call('team.get', { params: { id: team.id }, token: member.token })).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('team.removeMember', { params: { teamId: team.id, userId: owner.userId }, token: owner.token })).code).toBe(
      ERRORS.ownerRoleFixed.code,
    );
  });

  it('the team console lists every project for administrators, and what a developer reaches for them', async () => {
    const [owner, admin, dev] = await Promise.all([signUp(), signUp(), signUp()]);
    const team = await teamWith(owner, admin, dev);
    await api.call('team.grantAdmin', { params: { teamId: team.id, userId: admin.userId }, token: owner.token });
    const [a, , c] = await Promise.all([
      teamProject(owner, team.id, 'A'),
      teamProject(owner, team.id, 'B'),
      teamProject(dev, team.id, 'C'),
    ]);
    await api.call('member.assign', { params: { projectId: a.id, userId: dev.userId, role: 'view' }, token: owner.token });
    const names = async (who: Person) =>
      (await api.call('project.team', { params: { teamId: team.id }, token: who.token })).data.map((p) => [p.name, p.role]).sort();
    expect(await names(admin)).toEqual([
      ['A', 'admin'],
      ['B', 'admin'],
      ['C', 'admin'],
    ]);
    expect(await names(dev)).toEqual([
      ['A', 'view'],
      ['C', 'creator'],
    ]);
    // An administrator operates a project they are not a member of, except handing it over.
    expect((await api.call('project.archive', { params: { id: c.id }, token: admin.token })).code).toBe(0);
    expect((await api.call('project.transfer', { params: { projectId: c.id, userId: admin.userId }, token: admin.token })).code).toBe(
      ERRORS.forbidden.code,
    );
    // The team's member page: what a member reaches, and how.
    const reached = await api.call('member.projects', {
      token: admin.token,
      query: { memberId: dev.userId, teamId: team.id },
    });
    expect(reached.data.map((r) => [r.name, r.role, r.via]).sort()).toEqual([
      ['A', 'view', 'direct'],
      ['C', 'creator', 'direct'],
    ]);
  });

  it("a team's archive and recycle bin hold every project its administrators operate, not only their own", async () => {
    const [owner, admin, dev] = await Promise.all([signUp(), signUp(), signUp()]);
    const team = await teamWith(owner, admin, dev);
    await api.call('team.grantAdmin', { params: { teamId: team.id, userId: admin.userId }, token: owner.token });
    const [archived, binned] = await Promise.all([
      teamProject(dev, team.id, 'Archived'),
      teamProject(dev, team.id, 'Binned'),
      teamProject(owner, team.id, 'Active'),
    ]);
    expect((await api.call('project.archive', { params: { id: archived.id }, token: admin.token })).code).toBe(0);
    expect((await api.call('project.recycle', { params: { id: binned.id }, token: admin.token })).code).toBe(0);
    const list = async (who: Person, id: 'project.archives' | 'project.recycler', teamId?: string) =>
      ((await api.callAny(id, { token: who.token, query: teamId ? { teamId } : {} })).data as ProjectView[]).map((p) => [p.name, p.role]);
    // The administrator, no member of either, finds both in the team's lists and can bring them back.
    expect(await list(admin, 'project.archives', team.id)).toEqual([['Archived', 'admin']]);
    expect(await list(admin, 'project.recycler', team.id)).toEqual([['Binned', 'admin']]);
    expect(await list(owner, 'project.archives', team.id)).toEqual([['Archived', 'admin']]);
    // Their creator too; someone outside the team sees nothing of it.
    expect(await list(dev, 'project.archives', team.id)).toEqual([['Archived', 'creator']]);
    expect(await list(dev, 'project.recycler', team.id)).toEqual([['Binned', 'creator']]);
    // The team counts the projects it keeps (archived ones too), not those in the recycle bin.
    const projectCount = async () => (await api.call('team.get', { params: { id: team.id }, token: dev.token })).data.projectCount;
    expect(await projectCount()).toBe(2);
    const stranger = await signUp();
    expect(await list(stranger, 'project.archives', team.id)).toEqual([]);
    expect((await api.call('project.archiveRevert', { params: { id: archived.id }, token: admin.token })).code).toBe(0);
    expect((await api.call('project.recyclerRevert', { params: { id: binned.id }, token: admin.token })).code).toBe(0);
    expect(await list(admin, 'project.archives', team.id)).toEqual([]);
    expect(await projectCount()).toBe(3);
  });

  it('team folders: every member reads them, administrators arrange them, and projects are filed for the team', async () => {
    const [owner, dev] = await Promise.all([signUp(), signUp()]);
    const team = await teamWith(owner, dev);
    const folder = (await api.call('folder.save', { token: owner.token, body: { name: 'Payments', teamId: team.id } })).data;
    expect((await api.call('folder.save', { token: dev.token, body: { name: 'Mine', teamId: team.id } })).code).toBe(ERRORS.forbidden.code);
    const project = await teamProject(owner, team.id, 'Refunds');
    await api.call('member.assign', { params: { projectId: project.id, userId: dev.userId, role: 'view' }, token: owner.token });
    expect(
      (
        await api.call('folder.move', {
          token: owner.token,
          query: { folderId: folder.id, sourceId: project.id, isProject: 'true', teamId: team.id },
        })
      ).code,
    ).toBe(0);
    const inFolder = await api.call('folder.list', {
      token: dev.token,
      query: { parentId: folder.id, teamId: team.id },
    });
    expect(inFolder.data.projects.map((p) => p.name)).toEqual(['Refunds']);
    const personal = await api.call('folder.list', { token: dev.token });
    expect(personal.data.projects).toEqual([]);
    const stranger = await signUp();
    expect((await api.call('folder.list', { token: stranger.token, query: { teamId: team.id } })).code).toBe(ERRORS.forbidden.code);
  });
});

describe('projects and members', () => {
  it('moving a personal project into a team keeps its creator and removes every other member', async () => {
    const [owner, helper] = await Promise.all([signUp(), signUp()]);
    const team = await teamWith(owner, helper);
    const personal = (await api.call('project.create', { token: owner.token, body: { name: 'Mine' } })).data;
    await api.call('member.assign', { params: { projectId: personal.id, userId: helper.userId, role: 'edit' }, token: owner.token });
    const doc = await newDoc(helper, personal.id);
    const moved = await api.call('project.move', { params: { projectId: personal.id, teamId: team.id }, token: owner.token });
    expect(moved.data).toMatchObject({ teamId: team.id, role: 'creator' });
    const members = (await api.call('project.members', { params: { id: personal.id }, token: owner.token })).data;
    expect(members.map((m) => m.userId)).toEqual([owner.userId]);
    expect((await read(helper, doc)).code).toBe(ERRORS.forbidden.code);
    // Someone outside the team cannot move a project into it.
    const outsider = await signUp();
    const theirs = (await api.call('project.create', { token: outsider.token, body: { name: 'Theirs' } })).data;
    expect((await api.call('project.move', { params: { projectId: theirs.id, teamId: team.id }, token: outsider.token })).code).toBe(
      ERRORS.notTeamMember.code,
    );
  });

  it('the people one may add are one’s teammates only, searchable, with contact details partly masked', async () => {
    const [owner, mate, stranger] = await Promise.all([signUp('Owen'), signUp('Mia'), signUp('Stan')]);
    await teamWith(owner, mate);
    const visible = (
      await api.call('project.visibleUsers', {
        token: owner.token,
        query: { keyword: '' },
      })
    ).data;
    expect(visible.map((u) => u.nickname)).toEqual(['Mia']);
    expect(visible[0]!.email).toMatch(/^u\*\*\*@example\.com$/);
    const found = await api.call('project.visibleUsers', {
      token: owner.token,
      query: { keyword: mate.account.slice(0, 8) },
    });
    expect(found.data).toHaveLength(1);
    // A stranger is not someone one may add to a personal project.
    const project = (await api.call('project.create', { token: owner.token, body: { name: 'P' } })).data;
    expect(
      (await api.call('member.assign', { params: { projectId: project.id, userId: stranger.userId, role: 'view' }, token: owner.token }))
        .code,
    ).toBe(ERRORS.userNotVisible.code);
    expect(
      (await api.call('member.assign', { params: { projectId: project.id, userId: mate.userId, role: 'view' }, token: owner.token })).code,
    ).toBe(0);
  });

  it('copies members and roles to another project the caller manages, and invites by a one-hour link', async () => {
    const [owner, a, b, joiner] = await Promise.all([signUp(), signUp(), signUp(), signUp()]);
    const team = await teamWith(owner, a, b);
    const [from, to] = await Promise.all([teamProject(owner, team.id, 'From'), teamProject(owner, team.id, 'To')]);
    await api.call('member.assign', { params: { projectId: from.id, userId: a.userId, role: 'edit' }, token: owner.token });
    await api.call('member.assign', { params: { projectId: from.id, userId: b.userId, role: 'none' }, token: owner.token });
    const copied = await api.call('member.clone', {
      token: owner.token,
      query: { from: from.id, to: to.id },
    });
    expect(copied.data.map((m) => [m.userId, m.role]).sort()).toEqual(
      [
        [a.userId, 'edit'],
        [b.userId, 'none'],
      ].sort(),
    );
    const invitation = (await api.call('project.invite', { params: { projectId: to.id, role: 'view' }, token: owner.token })).data;
    const preview = await api.call('project.invitation', { params: { code: invitation.code }, token: joiner.token });
    expect(preview.data).toMatchObject({ projectName: 'To', teamName: 'Platform', role: 'view' });
    const joined = await api.call('project.join', { params: { code: invitation.code }, token: joiner.token });
    expect(joined.data).toMatchObject({ id: to.id, role: 'view' });
    // Joining a team project joins its team too.
    expect((await api.call('team.all', { token: joiner.token })).data.map((t) => t.role)).toEqual(['developer']);
    // A member with a stronger role keeps it.
    expect((await api.call('project.join', { params: { code: invitation.code }, token: a.token })).data.role).toBe('edit');
  });
});

describe('disbanding', () => {
  it('hides the team and its projects at once; the purge destroys them, resuming after a cut-off', async () => {
    const [owner, dev] = await Promise.all([signUp(), signUp()]);
    const team = await teamWith(owner, dev);
    const project = await teamProject(owner, team.id, 'Big');
    const doc = await newDoc(owner, project.id);
    await api.call('member.assign', { params: { projectId: project.id, userId: dev.userId, role: 'edit' }, token: owner.token });
    await batchWrite({
      puts: Array.from({ length: 3000 }, (_, i) => ({
        ...keys.document(project.id, `${project.id}_bulk${String(i).padStart(6, '0')}`),
        ...ENTITY.document,
        projectId: project.id,
      })),
    });
    expect((await api.call('team.disband', { params: { id: team.id }, token: dev.token })).code).toBe(ERRORS.forbidden.code);
    expect((await api.call('team.disband', { params: { id: team.id }, token: owner.token })).code).toBe(0);
    for (const who of [owner, dev]) {
      expect((await read(who, doc)).code).toBe(ERRORS.notFound.code);
      expect((await api.call('team.get', { params: { id: team.id }, token: who.token })).code).toBe(ERRORS.notFound.code);
      expect((await api.call('team.all', { token: who.token })).data).toEqual([]);
    }
    expect((await api.call('project.created', { token: owner.token, query: {} })).data).toEqual([]);

    const cut = await runPurge({ pageSize: 500, deadline: Date.now() + 300 });
    expect(cut.unfinished).toContain(team.id);
    const done = await runPurge({ pageSize: 500 });
    expect(done.purged).toContain(team.id);
    expect(await queryAll(keys.projectItems(project.id))).toEqual([]);
    expect(await queryAll(keys.teamItems(team.id))).toEqual([]);
    expect(await queryAll(keys.teamsOfUser(dev.userId))).toEqual([]);
  });
});
