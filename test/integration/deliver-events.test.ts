/**
 * Delivery of project events (issue 38) against DynamoDB Local and the local fake providers: the stream handler
 * sends each new event once per channel, signed as the provider checks it; a provider that fails is tried again
 * and the delivery log says so; a private or redirected address is refused with the proxy's catalogued codes; a
 * handler that fails is handed the batch again and sends nothing twice.
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { ChannelSettings } from '@shared/schemas/channels';
import type { ProjectEvent } from '@shared/schemas/events';
import {
  createChannel,
  deliveryLog,
  getChannel,
  getDelivery,
  noteChannelHealth,
  PAUSE_AFTER_FAILING_MS,
} from '../../functions/domain/channels';
import { eventItem, newEvent } from '../../functions/domain/events';
import { RETRY_BACKOFF_MS, sendTestMessage } from '../../functions/notify/deliver';
import { deliveryHandler } from '../../functions/workers/deliver-events';
import { FAKE_SECRETS } from '../../scripts/local/notify-fakes';
import { channelSettings, notifyProject, someEditor, useNotifyFakes } from '../support/notify-fixture';

const notify = useNotifyFakes();
const owner = someEditor();
const noWait = async () => {};

const newProject = () => notifyProject(owner, { prefix: 'Pets' });
/** A channel with the settings a test names (the fakes' own address or another), every event, in English. */
const channel = (projectId: string, settings: Partial<ChannelSettings> & Pick<ChannelSettings, 'kind' | 'target'>) =>
  createChannel(projectId, channelSettings(settings), owner.id);

/** The stream record DynamoDB Streams hands the function for a new event item. */
let sequence = 0;
function recordOf(event: ProjectEvent, eventName: 'INSERT' | 'MODIFY' = 'INSERT'): DynamoDBRecord {
  return {
    eventName,
    dynamodb: { NewImage: marshall(eventItem(event), { removeUndefinedValues: true }) as never, SequenceNumber: String(++sequence) },
  };
}

const updated = (projectId: string): ProjectEvent =>
  newEvent({
    projectId,
    kind: 'document.updated',
    actor: owner,
    subject: { documentId: `${projectId}_doc`, name: 'List pets' },
    details: {
      method: 'GET',
      path: '/pets',
      changedFields: ['parameters'],
      parameters: { added: ['query.page'], removed: [], changed: [] },
      saves: 3,
    },
  });

const receivedFor = notify.receivedFor;

describe('the delivery handler', () => {
  it('sends a new event once to each channel, signed as each provider checks it, in its language and format', async () => {
    const project = await newProject();
    const ding = await channel(project.id, {
      kind: 'dingtalk',
      target: notify.fakes.urls.dingtalk,
      secret: FAKE_SECRETS.dingtalk,
      language: 'zh',
    });
    await channel(project.id, { kind: 'feishu', target: notify.fakes.urls.feishu, secret: FAKE_SECRETS.feishu });
    await channel(project.id, { kind: 'webhook', target: notify.fakes.urls.webhook, secret: FAKE_SECRETS.webhook });
    await channel(project.id, { kind: 'wecom', target: notify.fakes.urls.wecom, events: ['release.published'] });
    const handler = deliveryHandler({ admitForTests: notify.fakes.addresses, sleep: noWait });
    const before = notify.fakes.received.length;
    const event = updated(project.id);

    expect(await handler({ Records: [recordOf(event), recordOf(event, 'MODIFY')] })).toEqual({ batchItemFailures: [] });
    const got = notify.fakes.received.slice(before);
    expect(got.map((m) => m.provider).sort()).toEqual(['dingtalk', 'feishu', 'webhook']);
    expect(got.every((m) => m.verified)).toBe(true);
    const ding_ = got.find((m) => m.provider === 'dingtalk')!.body as { markdown: { text: string } };
    expect(ding_.markdown.text).toContain('Mei修改了文档 **List pets**（3 次保存）');
    expect(ding_.markdown.text).toContain('GET /pets');
    const hook = got.find((m) => m.provider === 'webhook')!;
    expect(hook.headers['x-apiloom-delivery']).toMatch(new RegExp(`^${event.eventId}\\.`));

    // The same record again (a stream retry): nothing is sent twice.
    await handler({ Records: [recordOf(event)] });
    expect(notify.fakes.received.length).toBe(before + 3);
    expect(await getDelivery(project.id, ding.id, event.eventId)).toMatchObject({ status: 'sent', attempts: 1, httpStatus: 200 });
  });

  it('a channel set to names only says who and what, without paths or fields', async () => {
    const project = await newProject();
    await channel(project.id, { kind: 'webhook', target: notify.fakes.urls.webhook, secret: FAKE_SECRETS.webhook, detail: 'names' });
    await deliveryHandler({ admitForTests: notify.fakes.addresses })({ Records: [recordOf(updated(project.id))] });
    const [hook] = receivedFor(project.name);
    const text = JSON.stringify(hook!.body);
    expect(text).toContain('List pets');
    expect(text).not.toContain('/pets');
    expect(text).not.toContain('query.page');
  });

  it('tries a failing provider 3 more times with backoff, then logs the failure with the answer', async () => {
    const project = await newProject();
    const down = await channel(project.id, { kind: 'slack', target: `${notify.fakes.url}/slack/fail` });
    const waits: number[] = [];
    const event = updated(project.id);
    await deliveryHandler({ admitForTests: notify.fakes.addresses, sleep: async (ms) => void waits.push(ms) })({
      Records: [recordOf(event)],
    });
    expect(waits).toEqual([...RETRY_BACKOFF_MS]);
    const [line] = await deliveryLog(project.id, down.id);
    expect(line).toMatchObject({ eventId: event.eventId, status: 'failed', attempts: 4, httpStatus: 500, excerpt: 'provider down' });
    expect((await getChannel(project.id, down.id))?.failingSince).not.toBeNull();
  });

  it('refuses a wrong secret as the provider does, and a private address or a redirect to one with the guard’s codes', async () => {
    const project = await newProject();
    const wrong = await channel(project.id, { kind: 'dingtalk', target: notify.fakes.urls.dingtalk, secret: 'SEC-not-the-one' });
    const loop = await channel(project.id, { kind: 'webhook', target: 'http://127.0.0.1:9/hook', secret: 'x' });
    const redirected = await channel(project.id, { kind: 'slack', target: `${notify.fakes.url}/slack/redirect` });
    const event = updated(project.id);
    // Only the fakes' own address is admitted: 127.0.0.1 here, so the loopback target above gets through the
    // guard's address check and fails to connect; without the admission it is refused outright.
    await deliveryHandler({ admitForTests: notify.fakes.addresses, sleep: noWait })({ Records: [recordOf(event)] });
    const [refusedBySigner] = await deliveryLog(project.id, wrong.id);
    expect(refusedBySigner).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refusedBySigner?.excerpt).toContain('sign not match');
    expect((await deliveryLog(project.id, redirected.id))[0]).toMatchObject({ status: 'refused', excerpt: 'address' });
    expect((await deliveryLog(project.id, loop.id))[0]?.status).toBe('failed');

    const unadmitted = await newProject();
    const local = await channel(unadmitted.id, { kind: 'webhook', target: notify.fakes.urls.webhook, secret: FAKE_SECRETS.webhook });
    await deliveryHandler({ sleep: noWait })({ Records: [recordOf(updated(unadmitted.id))] });
    expect((await deliveryLog(unadmitted.id, local.id))[0]).toMatchObject({ status: 'refused', attempts: 1, excerpt: 'address' });
  });

  it('survives a failing handler: the record is reported failed, handed over again, and sent exactly once', async () => {
    const project = await newProject();
    const ding = await channel(project.id, { kind: 'dingtalk', target: notify.fakes.urls.dingtalk, secret: FAKE_SECRETS.dingtalk });
    const event = updated(project.id);
    const later = updated(project.id);
    let failures = 1;
    const flaky = deliveryHandler({
      admitForTests: notify.fakes.addresses,
      // Throws after the send is recorded, once: the handler's run fails as a Lambda's would.
      log: () => {
        if (failures-- > 0) throw new Error('the function died');
      },
    });
    const records = [recordOf(event), recordOf(later)];
    const first = await flaky({ Records: records });
    expect(first.batchItemFailures).toEqual([{ itemIdentifier: records[0]!.dynamodb!.SequenceNumber }]);
    // The mapping hands the failed record and those after it over again.
    expect(await flaky({ Records: records })).toEqual({ batchItemFailures: [] });
    const got = receivedFor(project.name);
    expect(got).toHaveLength(2);
    expect((await deliveryLog(project.id, ding.id)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });

  it('pauses a channel failing for a day, and a test message reaches a channel at once', async () => {
    const project = await newProject();
    const ding = await channel(project.id, { kind: 'dingtalk', target: notify.fakes.urls.dingtalk, secret: FAKE_SECRETS.dingtalk });
    const start = new Date();
    expect(await noteChannelHealth(ding, false, start)).toBe('noted');
    const failing = (await getChannel(project.id, ding.id))!;
    expect(await noteChannelHealth(failing, false, new Date(start.getTime() + PAUSE_AFTER_FAILING_MS + 1))).toBe('paused');
    expect((await getChannel(project.id, ding.id))?.state).toBe('paused');
    await deliveryHandler({ admitForTests: notify.fakes.addresses })({ Records: [recordOf(updated(project.id))] });
    expect(receivedFor(project.name)).toHaveLength(0);

    const outcome = await sendTestMessage(ding, project.name, { admitForTests: notify.fakes.addresses });
    expect(outcome).toMatchObject({ status: 'sent' });
    expect(notify.fakes.received.at(-1)).toMatchObject({ provider: 'dingtalk', verified: true });
  });
});
