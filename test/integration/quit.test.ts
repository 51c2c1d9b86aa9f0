/**
 * Leaving the product (issue 25, `/dashboard/profile/quit`): refused while the account owns a team or projects
 * others use, in both languages, naming what blocks; admitted once those are handed over; and then the account,
 * its sessions, guards, bindings and personal projects are gone and nobody's project lists it. A wrong
 * confirmation or password deletes nothing; a deletion stopped midway can be run again.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@shared/errors';
import { getItem, updateItem } from '../../functions/data/db';
import { dynamo } from '../../functions/data/dynamo-client';
import { keys } from '../../functions/data/keys';
import { bindIdentity } from '../../functions/domain/identities';
import { createSession } from '../../functions/domain/sessions';
import { addTeamMember } from '../../functions/domain/teams';
import { createUser, NO_PASSWORD } from '../../functions/domain/users';
import { latestCode, newClientAddress, signUp, useLocalApi } from '../support/local-api';

const api = useLocalApi();
type Person = Awaited<ReturnType<typeof signUp>>;

const PHRASE = '注销我的账号';
const quit = (who: { token: string }, body: { confirmation?: string; password?: string } = {}, lang = 'zh') =>
  api.call('user.quit', {
    token: who.token,
    body: { confirmation: PHRASE, password: 'Secret123', ...body },
    headers: { 'accept-language': lang },
  });
const newProject = async (who: Person, name = 'Payments API') =>
  (await api.call('project.create', { token: who.token, body: { name } })).data;
const signIn = (username: string, password = 'Secret123') =>
  api.call('login.create', { body: { username, password }, from: newClientAddress() });

async function joinProject(owner: Person, projectId: string, who: Person) {
  const code = (await api.call('project.invite', { params: { projectId, role: 'edit' }, token: owner.token })).data.code;
  expect((await api.call('project.join', { params: { code }, token: who.token })).code).toBe(0);
}
async function teamWith(owner: Person, ...others: Person[]) {
  const team = (await api.call('team.create', { token: owner.token, body: { name: 'Platform', description: '' } })).data;
  const code = (await api.call('team.invite', { params: { teamId: team.id }, token: owner.token })).data.code;
  for (const who of others) expect((await api.call('team.join', { params: { code }, token: who.token })).code).toBe(0);
  return team;
}
const memberIds = async (viewer: Person, projectId: string) =>
  (await api.call('project.members', { params: { id: projectId }, token: viewer.token })).data.map((m) => m.userId);
const stillThere = async (who: Person) => {
  expect((await api.call('user.detail', { token: who.token })).code).toBe(0);
  expect(await getItem(keys.accountGuard(who.account))).toBeDefined();
};

describe('POST /user/quit', () => {
  it('is refused while the person owns a team with other members, naming it in both languages, and admitted after the transfer', async () => {
    const [owner, dev] = [await signUp('Owner'), await signUp('Dev')];
    const team = await teamWith(owner, dev);

    const check = await api.call('user.quitCheck', {
      token: owner.token,
    });
    expect(check.data).toEqual({ teams: [{ id: team.id, name: 'Platform' }], projects: [], hasPassword: true });
    const zh = await quit(owner);
    expect(zh.code).toBe(ERRORS.quitBlocked.code);
    expect(zh.message).toBe('你还拥有他人在用的团队或项目（Platform），请先转让或解散后再注销账号');
    expect(zh.data).toEqual({ teams: [{ id: team.id, name: 'Platform' }], projects: [] });
    const en = await quit(owner, {}, 'en');
    expect(en.code).toBe(ERRORS.quitBlocked.code);
    expect(en.message).toBe('You still own a team or projects that others use (Platform): hand them over or disband them first');
    await stillThere(owner);

    expect((await api.call('team.transfer', { params: { teamId: team.id, userId: dev.userId }, token: owner.token })).code).toBe(0);
    expect((await api.call('user.quitCheck', { token: owner.token })).data.teams).toEqual([]);
    expect((await quit(owner)).code).toBe(0);
    // The team stays with its new owner, without the one who left.
    const members = (await api.call('team.members', { params: { id: team.id }, token: dev.token })).data.members;
    expect(members.map((m) => m.userId)).toEqual([dev.userId]);
  });

  it('is refused while the person owns a project another member uses; after the transfer the account and all of it go', async () => {
    const [leaver, colleague] = [await signUp('Leaver'), await signUp('Colleague')];
    const shared = await newProject(leaver, 'Shared API');
    const personal = await newProject(leaver, 'Notes');
    await joinProject(leaver, shared.id, colleague);
    // A project of someone else the person is a member of, and a favourite of it.
    const theirs = await newProject(colleague, 'Their API');
    await joinProject(colleague, theirs.id, leaver);
    expect((await api.call('project.favorAdd', { params: { id: theirs.id }, token: leaver.token })).code).toBe(0);
    const other = await createSession(leaver.userId);

    for (const [lang, text] of [
      ['zh', '你还拥有他人在用的团队或项目（Shared API），请先转让或解散后再注销账号'],
      ['en', 'You still own a team or projects that others use (Shared API): hand them over or disband them first'],
    ] as const) {
      const refused = await quit(leaver, {}, lang);
      expect(refused.code).toBe(ERRORS.quitBlocked.code);
      expect(refused.message).toBe(text);
      expect(refused.data).toEqual({ teams: [], projects: [{ id: shared.id, name: 'Shared API' }] });
    }
    await stillThere(leaver);
    expect(await getItem(keys.project(personal.id))).toBeDefined();

    expect(
      (await api.call('project.transfer', { params: { projectId: shared.id, userId: colleague.userId }, token: leaver.token })).code,
    ).toBe(0);
    const done = await quit(leaver);
    expect(done.code, done.message).toBe(0);
    expect(done.headers.get('set-cookie')).toMatch(/apiloom-token=;/);

    // Every session is refused at once, the one that quit and the others.
    for (const token of [leaver.token, other.token]) {
      expect((await api.call('user.detail', { token })).code).toBe(ERRORS.sessionExpired.code);
    }
    expect((await signIn(leaver.account)).code).toBe(ERRORS.badCredentials.code);
    expect(await getItem(keys.user(leaver.userId))).toBeUndefined();
    // The personal project is destroyed; the handed-over one stays with its new owner, and nobody lists a ghost.
    expect(await getItem(keys.project(personal.id))).toBeUndefined();
    expect(await memberIds(colleague, shared.id)).toEqual([colleague.userId]);
    expect(await memberIds(colleague, theirs.id)).toEqual([colleague.userId]);
    expect(await getItem(keys.favorite(theirs.id, leaver.userId))).toBeUndefined();

    // The address registers again, as a new account.
    expect((await api.call('code.register', { params: { target: leaver.account }, from: newClientAddress() })).code).toBe(0);
    const again = await api.call('user.register', {
      body: { account: leaver.account, nickname: 'Back', password: 'Secret123', code: await latestCode(leaver.account) },
    });
    expect(again.code, again.message).toBe(0);
    expect(again.data.user.id).not.toBe(leaver.userId);
  });

  it('refuses a wrong confirmation and a wrong password with their own codes, in both languages, and deletes nothing', async () => {
    const leaver = await signUp('Careful');
    const project = await newProject(leaver);
    const wrongPhrase = await quit(leaver, { confirmation: 'delete my acount' });
    expect(wrongPhrase.code).toBe(ERRORS.quitConfirmation.code);
    expect(wrongPhrase.message).toBe('确认文字不正确，请照页面上的文字输入');
    expect((await quit(leaver, { confirmation: 'nope' }, 'en')).message).toBe(
      'The confirmation does not match: type the words shown on the page',
    );
    const wrongPassword = await quit(leaver, { password: 'Wrong1234' });
    expect(wrongPassword.code).toBe(ERRORS.wrongPassword.code);
    expect(wrongPassword.message).toBe('密码错误');
    expect((await quit(leaver, { password: undefined }, 'en')).message).toBe('The password is wrong');
    await stillThere(leaver);
    expect(await getItem(keys.project(project.id))).toBeDefined();
    expect((await signIn(leaver.account)).code).toBe(0);
    // Either language's phrase is taken.
    expect((await quit(leaver, { confirmation: '  Delete my account ' })).code).toBe(0);
    expect(await getItem(keys.project(project.id))).toBeUndefined();
  });

  it('disbands a team the person owns alone, and deletes a third-party account (no password) with its binding', async () => {
    const user = await createUser({ account: `tp${Date.now().toString(36)}@example.com`, nickname: 'Octo', passwordHash: NO_PASSWORD });
    const person = { ...(await createSession(user.id)), account: user.email!, userId: user.id };
    await bindIdentity(user.id, 'github', { subject: `octo-${user.id}`, nickname: 'octocat', avatar: null });
    const team = await teamWith(person);
    expect((await api.call('user.quitCheck', { token: person.token })).data.hasPassword).toBe(false);
    expect((await quit(person, { password: undefined })).code).toBe(0);
    expect(await getItem(keys.identityGuard('github', `octo-${user.id}`))).toBeUndefined();
    expect(await getItem(keys.identityOfUser(user.id, 'github'))).toBeUndefined();
    expect(await getItem(keys.team(team.id))).toBeUndefined();
    expect(await getItem(keys.accountGuard(user.email!))).toBeUndefined();
  });

  it('keeps new sessions out while a deletion runs, and lets a deletion stopped long ago be signed into and run again', async () => {
    const leaver = await signUp('Interrupted');
    // As a deletion leaves it when it stops right after marking the account.
    const mark = async (at: Date) => updateItem(keys.user(leaver.userId), { set: { leavingAt: at.toISOString() }, bumpRev: true });
    await mark(new Date());
    const now = await api.call('login.create', {
      body: { username: leaver.account, password: 'Secret123' },
      from: newClientAddress(),
      headers: { 'accept-language': 'en' },
    });
    expect(now.code).toBe(ERRORS.accountLeaving.code);
    expect(now.message).toBe('This account is being deleted');
    await mark(new Date(Date.now() - 60 * 60_000));
    const later = await api.call('login.create', {
      body: { username: leaver.account, password: 'Secret123' },
      from: newClientAddress(),
    });
    expect(later.code).toBe(0);
    expect((await quit({ token: later.data.token })).code).toBe(0);
    expect(await getItem(keys.user(leaver.userId))).toBeUndefined();
    expect(await getItem(keys.accountGuard(leaver.account))).toBeUndefined();
  });

  it('adds nobody to a project or team while their account is being deleted, and admits them once a stopped deletion is stale', async () => {
    const [owner, leaver] = [await signUp('Owner'), await signUp('Leaving')];
    await teamWith(owner, leaver); // colleagues now: the owner may add them to a personal project
    const project = await newProject(owner, 'Second');
    const team = await teamWith(owner);
    const mark = async (at: Date) => updateItem(keys.user(leaver.userId), { set: { leavingAt: at.toISOString() }, bumpRev: true });
    const assign = () =>
      api.call('member.assign', { params: { projectId: project.id, userId: leaver.userId, role: 'edit' }, token: owner.token });

    await mark(new Date());
    expect((await assign()).code).toBe(ERRORS.notFound.code);
    await expect(addTeamMember(team.id, leaver.userId, 'developer', null)).rejects.toMatchObject({ key: 'notFound' });
    expect(await memberIds(owner, project.id)).not.toContain(leaver.userId);

    await mark(new Date(Date.now() - 60 * 60_000));
    expect((await assign()).code).toBe(0);
    expect(await addTeamMember(team.id, leaver.userId, 'developer', null)).toBe(true);
    expect(await memberIds(owner, project.id)).toContain(leaver.userId);

    // Copying a project's members skips one whose account is being deleted, and copies the rest.
    const [other, third] = [await signUp('Other'), await newProject(owner, 'Third')];
    await teamWith(other, owner);
    expect(
      (await api.call('member.assign', { params: { projectId: project.id, userId: other.userId, role: 'view' }, token: owner.token })).code,
    ).toBe(0);
    await mark(new Date());
    const copied = await api.call('member.clone', {
      token: owner.token,
      query: { from: project.id, to: third.id },
    });
    expect(copied.code).toBe(0);
    expect(copied.data.map((m) => m.userId)).toEqual([other.userId]);
    expect(await memberIds(owner, third.id)).not.toContain(leaver.userId);
  });

  it('is refused, and the mark lifted, when someone joins the project just before the account is marked', async () => {
    const [leaver, joiner] = [await signUp('Leaving'), await signUp('Joiner')];
    const project = await newProject(leaver, 'Joined late');
    // The join lands between the deletion's first look and its mark: the moment the mark is about to be written.
    const client = dynamo();
    const send = client.send.bind(client);
    let joined = false;
    const spy = vi.spyOn(client, 'send').mockImplementation((async (command: unknown) => {
      const marking =
        command instanceof UpdateCommand &&
        command.input.Key?.pk === keys.user(leaver.userId).pk &&
        Object.values(command.input.ExpressionAttributeNames ?? {}).includes('leavingAt');
      if (marking && !joined) {
        joined = true;
        await joinProject(leaver, project.id, joiner);
      }
      return send(command as never);
    }) as never);
    try {
      const refused = await quit(leaver);
      expect(refused.code).toBe(ERRORS.quitBlocked.code);
      expect(refused.data).toEqual({ teams: [], projects: [{ id: project.id, name: 'Joined late' }] });
    } finally {
      spy.mockRestore();
    }
    expect(joined).toBe(true);
    expect((await getItem(keys.user(leaver.userId)))?.leavingAt).toBeUndefined();
    await stillThere(leaver);
    expect(await memberIds(joiner, project.id)).toEqual(expect.arrayContaining([leaver.userId, joiner.userId]));
    expect((await signIn(leaver.account)).code).toBe(0);
  });
});
