/**
 * Notification mail (issue 38) against DynamoDB Local and the code sender's outbox (CODE_SENDER=outbox, as under
 * `npm start`): an email channel's message, and the instant email of a watcher who asked for it, each sent once
 * however often the event is delivered; a watcher who did not ask gets no mail; one who chose the daily digest
 * gets the day's notifications from the digest job, once.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@shared/constants';
import { readContent } from '@shared/schemas/document';
import { queryAll } from '../../functions/data/db';
import { keys } from '../../functions/data/keys';
import { createChannel, getChannel, noteChannelHealth, PAUSE_AFTER_FAILING_MS } from '../../functions/domain/channels';
import { createDocument, firstRevision, newDocumentId, saveDocument, type StoredNode } from '../../functions/domain/documents';
import { newEvent } from '../../functions/domain/events';
import { latestEvents } from '../../functions/domain/events';
import { addMemberOp, memberItem } from '../../functions/domain/members';
import { saveSettings } from '../../functions/domain/notifications';
import { createProject, newProjectRecord } from '../../functions/domain/projects';
import { createUser, NO_PASSWORD } from '../../functions/domain/users';
import { addTeamMember, createTeam } from '../../functions/domain/teams';
import { setWatching } from '../../functions/domain/watches';
import { handler as digestJob } from '../../functions/jobs/notify-digest';
import { deliverEvent } from '../../functions/notify/deliver';
import { startNotifyFakes } from '../../scripts/local/notify-fakes';

const mailOf = async (address: string) =>
  (await queryAll<{ target: string; notice?: string }>({ ...keys.outbox(), limit: 500 })).filter((m) => m.target === address);

async function person(email: 'off' | 'instant' | 'digest', language: Locale = 'zh') {
  const account = `mail-${randomUUID()}@example.com`;
  const user = await createUser({ account, nickname: `Reader ${email}`, passwordHash: NO_PASSWORD });
  await saveSettings(user.id, { inApp: true, email }, language);
  return { id: user.id, account };
}

describe('notification mail through the code sender', () => {
  it('mails an email channel’s message and a watcher’s instant email once each; a watcher without email gets none', async () => {
    expect(process.env.CODE_SENDER).toBe('outbox');
    const editor = { id: randomUUID(), name: 'Mei' };
    const instant = await person('instant');
    const quiet = await person('off');
    const digest = await person('digest');
    const project = newProjectRecord({ name: `Mail ${randomUUID().slice(0, 8)}`, ownerId: editor.id });
    await createProject(project, [
      addMemberOp(memberItem(project.id, editor.id, 'creator', null)),
      addMemberOp(memberItem(project.id, instant.id, 'view', null)),
      addMemberOp(memberItem(project.id, quiet.id, 'view', null)),
      addMemberOp(memberItem(project.id, digest.id, 'view', null)),
    ]);
    const channelAddress = `team-${randomUUID()}@example.com`;
    await createChannel(
      project.id,
      {
        name: 'Team mail',
        kind: 'email',
        target: channelAddress,
        events: ['document.updated'],
        folderIds: [],
        language: 'en',
        detail: 'details',
      },
      editor.id,
    );
    const node: StoredNode = {
      id: newDocumentId(project.id),
      projectId: project.id,
      parentId: project.id,
      rank: 'a0',
      name: 'Release notes',
      type: 'doc',
      comment: '',
      method: null,
      path: null,
      status: null,
      ...firstRevision(editor),
    };
    await createDocument(node, readContent('doc', { markdown: 'one' }));
    await setWatching(project.id, project.id, instant.id, true);
    await setWatching(project.id, project.id, quiet.id, true);
    await setWatching(project.id, project.id, digest.id, true);
    await saveDocument({ node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'two' }), editor });
    const event = (await latestEvents(project.id)).find((e) => e.kind === 'document.updated')!;

    // Delivered twice, as a stream retry would: each mail once.
    await deliverEvent(event, { sleep: async () => {} });
    await deliverEvent(event, { sleep: async () => {} });

    const channelMail = await mailOf(channelAddress);
    expect(channelMail).toHaveLength(1);
    expect(channelMail[0]!.notice).toContain('Mei updated **Release notes**');
    const instantMail = await mailOf(instant.account);
    expect(instantMail).toHaveLength(1);
    expect(instantMail[0]!.notice).toContain('Mei修改了文档 **Release notes**');
    expect(await mailOf(quiet.account)).toHaveLength(0);

    // The daily digest: nothing at delivery; the scheduled job's handler mails the day's notifications, once.
    expect(await mailOf(digest.account)).toHaveLength(0);
    await digestJob({}, { awsRequestId: 'test' });
    await digestJob({}, { awsRequestId: 'test' });
    const digestMail = await mailOf(digest.account);
    expect(digestMail).toHaveLength(1);
    expect(digestMail[0]!.notice).toContain('Apiloom 每日摘要：1 条通知');
    expect(digestMail[0]!.notice).toContain(`[${project.name}] Mei修改了文档 Release notes`);
  });
});

describe('a person’s mail', () => {
  it('is written in the language they use: the instant mail and the daily digest, in zh and in en', async () => {
    const editor = { id: randomUUID(), name: 'Mei' };
    const people = {
      instantZh: await person('instant', 'zh'),
      instantEn: await person('instant', 'en'),
      digestZh: await person('digest', 'zh'),
      digestEn: await person('digest', 'en'),
    };
    const project = newProjectRecord({ name: `Languages ${randomUUID().slice(0, 8)}`, ownerId: editor.id });
    await createProject(project, [
      addMemberOp(memberItem(project.id, editor.id, 'creator', null)),
      ...Object.values(people).map((p) => addMemberOp(memberItem(project.id, p.id, 'view', null))),
    ]);
    for (const p of Object.values(people)) await setWatching(project.id, project.id, p.id, true);
    const event = newEvent({
      projectId: project.id,
      kind: 'document.updated',
      actor: { id: editor.id, name: 'Mei' },
      subject: { documentId: `${project.id}_doc`, name: 'Pets' },
    });
    await deliverEvent(event, { sleep: async () => {} });
    await digestJob({}, { awsRequestId: 'test' });

    const onlyMail = async (p: { account: string }) => {
      const mail = await mailOf(p.account);
      expect(mail, p.account).toHaveLength(1);
      return mail[0]!.notice;
    };
    expect(await onlyMail(people.instantZh)).toContain('Mei修改了文档 **Pets**');
    const instantEn = await onlyMail(people.instantEn);
    expect(instantEn).toContain('Mei updated **Pets**');
    expect(instantEn).not.toMatch(/[\u4e00-\u9fff]/);
    expect(await onlyMail(people.digestZh)).toContain(`Apiloom 每日摘要：1 条通知\n\n[${project.name}] Mei修改了文档 Pets`);
    expect(await onlyMail(people.digestEn)).toContain(`Apiloom daily digest: 1 notifications\n\n[${project.name}] Mei updated Pets`);
  });
});

describe('a channel paused after a day of failures', () => {
  it("is news by mail for the project's administrators (its creator, its team's owner and admins), not its editors", async () => {
    const fakes = await startNotifyFakes();
    try {
      const [creator, teamOwner, teamAdmin, developer] = [
        await person('off'),
        await person('off'),
        await person('off'),
        await person('off'),
      ];
      const team = await createTeam({ name: `Team ${randomUUID().slice(0, 6)}`, description: '', avatar: '' }, teamOwner.id);
      await addTeamMember(team.id, teamAdmin.id, 'admin', null);
      await addTeamMember(team.id, developer.id, 'developer', null);
      const project = { ...newProjectRecord({ name: `Paused ${randomUUID().slice(0, 8)}`, ownerId: creator.id }), teamId: team.id };
      await createProject(project, [addMemberOp(memberItem(project.id, creator.id, 'creator', null))]);
      const settings = { events: [], folderIds: [], language: 'en' as const, detail: 'details' as const };
      const down = await createChannel(
        project.id,
        { ...settings, name: 'Down', kind: 'slack', target: `${fakes.urls.slack}/fail` },
        creator.id,
      );
      await noteChannelHealth(down, false, new Date(Date.now() - PAUSE_AFTER_FAILING_MS - 60_000));
      const event = newEvent({
        projectId: project.id,
        kind: 'document.updated',
        actor: { id: developer.id, name: 'Mei' },
        subject: { documentId: `${project.id}_doc`, name: 'Pets' },
      });
      await deliverEvent(event, { admitForTests: fakes.addresses, sleep: async () => {} });
      expect((await getChannel(project.id, down.id))?.state).toBe('paused');
      for (const told of [creator, teamOwner, teamAdmin]) {
        const mail = await mailOf(told.account);
        expect(mail, told.account).toHaveLength(1);
        expect(mail[0]!.notice).toContain('的通知渠道「Down」连续失败一天，已暂停');
      }
      expect(await mailOf(developer.account)).toHaveLength(0);
    } finally {
      await fakes.stop();
    }
  });
});
