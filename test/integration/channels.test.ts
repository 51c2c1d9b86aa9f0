/**
 * Notification channels through their routes (issue 38): a project's administrators list, add, edit, test, read
 * the delivery log of, resume and delete its channels; nobody else may. Addresses are masked once saved and secrets
 * never leave: not in any answer to anyone, not in any log line. Private, loopback and redirected addresses are
 * refused with the proxy's catalogued codes. A team's administrators set default channels, which tell each of the
 * team's projects that has none of its own.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ERRORS } from '@shared/errors';
import type { RouteId, RouteResponse } from '@shared/routes';
import type { ProjectEvent } from '@shared/schemas/events';
import { channelsOf, deliveryLog, getChannel, noteChannelHealth, PAUSE_AFTER_FAILING_MS } from '../../functions/domain/channels';
import { newEvent } from '../../functions/domain/events';
import { assignMember } from '../../functions/domain/members';
import { purgeTeam } from '../../functions/domain/project-purge';
import { addTeamMember } from '../../functions/domain/teams';
import { deliverEvent } from '../../functions/notify/deliver';
import { FAKE_SECRETS } from '../../scripts/local/notify-fakes';
import { signUp, useLocalApi, type ApiResponse, type RouteArgs } from '../support/local-api';
import { useNotifyFakes } from '../support/notify-fixture';

// Every log line is read: debug and up, from the first request on (the functions read the level when they start).
process.env.LOG_LEVEL = 'debug';
const logLines: string[] = [];
const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };
beforeEach(() => {
  const capture = (original: typeof process.stdout.write) =>
    ((chunk: string | Uint8Array, ...rest: never[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      if (text.startsWith('{"level"')) return logLines.push(text) > 0;
      return original(chunk, ...rest);
    }) as typeof process.stdout.write;
  process.stdout.write = capture(writes.out);
  process.stderr.write = capture(writes.err);
});
afterEach(() => {
  process.stdout.write = writes.out;
  process.stderr.write = writes.err;
});

const notify = useNotifyFakes();

const api = useLocalApi();
const SLOW = { timeout: 120_000 };
/** Every answer any test got, to look for secrets in. */
const answers: unknown[] = [];

async function as<Id extends RouteId>(token: string, id: Id, ...[request]: RouteArgs<Id>): Promise<ApiResponse<RouteResponse<Id>>> {
  const res = (await api.callAny(id, { token, ...request })) as ApiResponse<RouteResponse<Id>>;
  answers.push(res.data, res.message);
  return res;
}

/** A project with its creator (an administrator), an editor and a viewer. */
async function project() {
  const [owner, editor, viewer] = await Promise.all([signUp('Owner'), signUp('Editor'), signUp('Viewer')]);
  const made = (await as(owner.token, 'project.create', { body: { name: `Pets ${randomUUID().slice(0, 6)}` } })).data;
  await Promise.all([assignMember(made.id, editor.userId, 'edit'), assignMember(made.id, viewer.userId, 'view')]);
  return { owner, editor, viewer, project: made };
}

const SECRET_TOKEN = `tok-${randomUUID()}`;
const WEBHOOK_SECRET = `whsec-${randomUUID()}`;
const dingtalkTarget = () => `${notify.fakes.url}/dingtalk/robot/send?access_token=${SECRET_TOKEN}`;

const updated = (projectId: string, teamless = true): ProjectEvent =>
  newEvent({
    projectId,
    kind: 'document.updated',
    actor: { id: randomUUID(), name: 'Mei' },
    subject: { documentId: `${projectId}_doc`, name: teamless ? 'List pets' : 'Team pets' },
    details: { method: 'GET', path: '/pets', changedFields: ['description'], saves: 1 },
  });

describe('a project’s channels', SLOW, () => {
  it('are added, listed masked, edited keeping a blank target and secret, tested signed, logged and deleted by administrators', async () => {
    const { owner, project: p } = await project();
    const created = await as(owner.token, 'channel.create', {
      params: { id: p.id },
      body: { name: '研发群', kind: 'dingtalk', target: dingtalkTarget(), secret: FAKE_SECRETS.dingtalk, language: 'zh' },
    });
    expect(created.code, created.message).toBe(0);
    const id = created.data.id;
    expect(created.data).toMatchObject({
      kind: 'dingtalk',
      hasSecret: true,
      state: 'active',
      target: `${notify.fakes.url}/…${SECRET_TOKEN.slice(-4)}`,
    });

    // Edited with the target and secret left blank: both kept, so the test message still verifies at the fake.
    const edited = await as(owner.token, 'channel.update', {
      params: { id: p.id, channelId: id },
      body: { name: 'Backend', kind: 'dingtalk', target: '', secret: '', language: 'en', events: ['document.updated'] },
    });
    expect(edited.code, edited.message).toBe(0);
    expect(edited.data).toMatchObject({ name: 'Backend', language: 'en', hasSecret: true, events: ['document.updated'] });
    const stored = await getChannel(p.id, id);
    expect([stored?.target, stored?.secret]).toEqual([dingtalkTarget(), FAKE_SECRETS.dingtalk]);

    const before = notify.fakes.received.length;
    const tested = await as(owner.token, 'channel.test', { params: { id: p.id, channelId: id } });
    expect(tested.code, tested.message).toBe(0);
    expect(tested.data).toMatchObject({ status: 'sent', httpStatus: 200 });
    const got = notify.fakes.received.slice(before);
    expect(got.map((m) => [m.provider, m.verified])).toEqual([['dingtalk', true]]);
    expect(JSON.stringify(got[0]!.body)).toContain(p.name);

    // An event goes the delivery's way, and the log says when, which, how and what the provider answered.
    const event = updated(p.id);
    await deliverEvent(event, { admitForTests: notify.fakes.addresses });
    const log = await as(owner.token, 'channel.deliveries', { params: { id: p.id, channelId: id } });
    expect(log.code, log.message).toBe(0);
    expect(log.data.deliveries).toEqual([
      expect.objectContaining({ eventId: event.eventId, kind: 'document.updated', status: 'sent', attempts: 1, httpStatus: 200 }),
    ]);
    expect(log.data.deliveries[0]!.excerpt).toContain('"errcode":0');

    const listed = await as(owner.token, 'channel.list', { params: { id: p.id } });
    expect(listed.data.channels.map((c) => c.id)).toEqual([id]);
    expect((await as(owner.token, 'channel.delete', { params: { id: p.id, channelId: id } })).code).toBe(0);
    expect((await as(owner.token, 'channel.list', { params: { id: p.id } })).data.channels).toEqual([]);
    expect((await as(owner.token, 'channel.test', { params: { id: p.id, channelId: id } })).code).toBe(ERRORS.notFound.code);
  });

  it('show an email channel’s addresses whole to administrators, and a webhook’s address masked', async () => {
    const { owner, project: p } = await project();
    const addresses = `dev-${randomUUID().slice(0, 8)}@example.com, qa@example.com`;
    const mail = await as(owner.token, 'channel.create', {
      params: { id: p.id },
      body: { name: 'Mail', kind: 'email', target: addresses },
    });
    expect(mail.code, mail.message).toBe(0);
    expect(mail.data.target).toBe(addresses);
    const hook = await as(owner.token, 'channel.create', {
      params: { id: p.id },
      body: { name: 'Hook', kind: 'webhook', target: `${notify.fakes.url}/webhook/apiloom-${SECRET_TOKEN}`, secret: WEBHOOK_SECRET },
    });
    expect(hook.code, hook.message).toBe(0);
    const listed = (await as(owner.token, 'channel.list', { params: { id: p.id } })).data.channels;
    expect(Object.fromEntries(listed.map((c) => [c.name, c.target]))).toEqual({
      Mail: addresses,
      Hook: `${notify.fakes.url}/…${SECRET_TOKEN.slice(-4)}`,
    });
  });

  it('are administrators’ only: editors and viewers are refused everything, the address and secret included', async () => {
    const { owner, editor, viewer, project: p } = await project();
    const made = await as(owner.token, 'channel.create', {
      params: { id: p.id },
      body: { name: 'Hook', kind: 'webhook', target: `${notify.fakes.url}/webhook/apiloom`, secret: WEBHOOK_SECRET },
    });
    for (const token of [editor.token, viewer.token]) {
      expect((await as(token, 'channel.list', { params: { id: p.id } })).code).toBe(ERRORS.forbidden.code);
      expect((await as(token, 'channel.deliveries', { params: { id: p.id, channelId: made.data.id } })).code).toBe(ERRORS.forbidden.code);
      expect((await as(token, 'channel.test', { params: { id: p.id, channelId: made.data.id } })).code).toBe(ERRORS.forbidden.code);
    }
  });

  it('refuse private, loopback and redirected addresses with the proxy’s codes; a failing provider is an outcome', async () => {
    const { owner, project: p } = await project();
    const create = (target: string) =>
      as(owner.token, 'channel.create', { params: { id: p.id }, body: { name: 'Bad', kind: 'webhook', target, secret: WEBHOOK_SECRET } });
    for (const target of [
      'http://127.0.0.2/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest',
      'http://[::1]/hook',
      'http://localhost/hook',
      'gopher://example.com/',
    ])
      expect((await create(target)).code, target).toBe(ERRORS.proxyAddress.code);
    expect((await as(owner.token, 'channel.list', { params: { id: p.id } })).data.channels).toEqual([]);

    // A redirect to a loopback address: the guard refuses it when the message is sent.
    const redirected = (await create(`${notify.fakes.url}/webhook/redirect`)).data;
    expect((await as(owner.token, 'channel.test', { params: { id: p.id, channelId: redirected.id } })).code).toBe(ERRORS.proxyAddress.code);
    // A provider that is down answers the button at once (no retries for a test), with what it said.
    const failing = (await create(`${notify.fakes.url}/webhook/fail`)).data;
    const outcome = await as(owner.token, 'channel.test', { params: { id: p.id, channelId: failing.id } });
    expect(outcome.data).toEqual({ status: 'failed', httpStatus: 500, excerpt: 'provider down' });
    // Another kind needs its own address.
    const switched = await as(owner.token, 'channel.update', {
      params: { id: p.id, channelId: failing.id },
      body: { name: 'Now Slack', kind: 'slack' },
    });
    expect(switched.code).toBe(ERRORS.invalidInput.code);
  });

  it('paused after a day of failures shows so, and an administrator resumes it', async () => {
    const { owner, project: p } = await project();
    const made = (
      await as(owner.token, 'channel.create', {
        params: { id: p.id },
        body: { name: 'Slack', kind: 'slack', target: notify.fakes.urls.slack },
      })
    ).data;
    const start = new Date();
    await noteChannelHealth((await getChannel(p.id, made.id))!, false, start);
    await noteChannelHealth((await getChannel(p.id, made.id))!, false, new Date(start.getTime() + PAUSE_AFTER_FAILING_MS + 1));
    const paused = (await as(owner.token, 'channel.list', { params: { id: p.id } })).data.channels[0]!;
    expect(paused).toMatchObject({ state: 'paused', failingSince: start.toISOString() });
    const resumed = await as(owner.token, 'channel.resume', { params: { id: p.id, channelId: made.id } });
    expect(resumed.data).toMatchObject({ state: 'active', failingSince: null });
    expect((await getChannel(p.id, made.id))?.state).toBe('active');
  });
});

describe('a team’s default channels', SLOW, () => {
  it('are set by its administrators and tell the team’s projects that have no channel of their own', async () => {
    const [owner, developer] = await Promise.all([signUp('Lead'), signUp('Dev')]);
    const team = (await as(owner.token, 'team.create', { body: { name: `Team ${randomUUID().slice(0, 6)}` } })).data;
    await addTeamMember(team.id, developer.userId, 'developer', null);
    const made = await as(owner.token, 'teamChannel.create', {
      params: { id: team.id },
      body: { name: 'Team hook', kind: 'webhook', target: `${notify.fakes.url}/webhook/apiloom`, secret: FAKE_SECRETS.webhook },
    });
    expect(made.code, made.message).toBe(0);
    expect((await as(developer.token, 'teamChannel.list', { params: { id: team.id } })).code).toBe(ERRORS.forbidden.code);

    const inTeam = (name: string) => as(owner.token, 'project.create', { body: { name, teamId: team.id } }).then((r) => r.data);
    const [plain, own] = await Promise.all([inTeam(`Plain ${randomUUID().slice(0, 6)}`), inTeam(`Own ${randomUUID().slice(0, 6)}`)]);
    await as(owner.token, 'channel.create', {
      params: { id: own.id },
      body: { name: 'Own', kind: 'slack', target: notify.fakes.urls.slack },
    });

    const before = notify.fakes.received.length;
    await deliverEvent(updated(plain.id, false), { admitForTests: notify.fakes.addresses });
    await deliverEvent(updated(own.id, false), { admitForTests: notify.fakes.addresses });
    const got = notify.fakes.received.slice(before).map((m) => [m.provider, m.verified, JSON.stringify(m.body).includes(plain.name)]);
    // The plain project's event at the team's webhook, signed; the other's at its own Slack only.
    expect(got.sort()).toEqual([
      ['slack', true, false],
      ['webhook', true, true],
    ]);
    const log = await as(owner.token, 'teamChannel.deliveries', { params: { id: team.id, channelId: made.data.id } });
    expect(log.data.deliveries.map((d) => d.status)).toEqual(['sent']);

    // A disbanded team's purge takes its channels and their log with it.
    expect((await purgeTeam(team.id)).done).toBe(true);
    expect([await channelsOf(team.id), await deliveryLog(team.id, made.data.id)]).toEqual([[], []]);
  });
});

it('never show an address or a secret in any answer or log line', () => {
  expect(answers.length).toBeGreaterThan(20);
  expect(logLines.length).toBeGreaterThan(20);
  const seen = JSON.stringify(answers) + logLines.join('\n');
  for (const secret of [SECRET_TOKEN, WEBHOOK_SECRET, FAKE_SECRETS.dingtalk, FAKE_SECRETS.webhook]) expect(seen).not.toContain(secret);
});
