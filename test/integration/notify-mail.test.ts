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
import { saveDocument } from '../../functions/domain/documents';
import { latestEvents, newEvent } from '../../functions/domain/events';
import { saveSettings } from '../../functions/domain/notifications';
import { createUser, NO_PASSWORD } from '../../functions/domain/users';
import { addTeamMember, createTeam } from '../../functions/domain/teams';
import { setWatching } from '../../functions/domain/watches';
import { handler as digestJob } from '../../functions/jobs/notify-digest';
import { deliverEvent } from '../../functions/notify/deliver';
import { channelSettings, notifyProject, someEditor, storedDocument, useNotifyFakes } from '../support/notify-fixture';

const notify = useNotifyFakes();

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
    const editor = someEditor();
    const instant = await person('instant');
    const quiet = await person('off');
    const digest = await person('digest');
    const project = await notifyProject(editor, {
      prefix: 'Mail',
      members: [
        [instant.id, 'view'],
        [quiet.id, 'view'],
        [digest.id, 'view'],
      ],
    });
    const channelAddress = `team-${randomUUID()}@example.com`;
    await createChannel(
      project.id,
      channelSettings({ name: 'Team mail', kind: 'email', target: channelAddress, events: ['document.updated'] }),
      editor.id,
    );
    const node = await storedDocument(project, editor, 'Release notes', readContent('doc', { markdown: 'one' }));
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
    const editor = someEditor();
    const people = {
      instantZh: await person('instant', 'zh'),
      instantEn: await person('instant', 'en'),
      digestZh: await person('digest', 'zh'),
      digestEn: await person('digest', 'en'),
    };
    const project = await notifyProject(editor, { prefix: 'Languages', members: Object.values(people).map((p) => [p.id, 'view']) });
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
    const [creator, teamOwner, teamAdmin, developer] = [await person('off'), await person('off'), await person('off'), await person('off')];
    const team = await createTeam({ name: `Team ${randomUUID().slice(0, 6)}`, description: '', avatar: '' }, teamOwner.id);
    await addTeamMember(team.id, teamAdmin.id, 'admin', null);
    await addTeamMember(team.id, developer.id, 'developer', null);
    const project = await notifyProject(creator, { prefix: 'Paused', teamId: team.id });
    const down = await createChannel(
      project.id,
      channelSettings({ name: 'Down', kind: 'slack', target: `${notify.fakes.urls.slack}/fail` }),
      creator.id,
    );
    await noteChannelHealth(down, false, new Date(Date.now() - PAUSE_AFTER_FAILING_MS - 60_000));
    const event = newEvent({
      projectId: project.id,
      kind: 'document.updated',
      actor: { id: developer.id, name: 'Mei' },
      subject: { documentId: `${project.id}_doc`, name: 'Pets' },
    });
    await notify.deliver(event);
    expect((await getChannel(project.id, down.id))?.state).toBe('paused');
    for (const told of [creator, teamOwner, teamAdmin]) {
      const mail = await mailOf(told.account);
      expect(mail, told.account).toHaveLength(1);
      expect(mail[0]!.notice).toContain('的通知渠道「Down」连续失败一天，已暂停');
    }
    expect(await mailOf(developer.account)).toHaveLength(0);
  });
});
