/**
 * The local stream (issue 38) against DynamoDB Local: a document's save reaches the fake DingTalk robot, signed as
 * DingTalk checks it, through the table's stream and the delivery function's own handler, as under `npm start`;
 * a handler that keeps failing has its record set aside as a dead letter after the retries, and the stream goes on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readContent } from '@shared/schemas/document';
import { STREAM_CONSUMERS } from '@shared/jobs';
import { saveDocument } from '../../functions/domain/documents';
import { deliveryHandler } from '../../functions/workers/deliver-events';
import { enableStream } from '../../scripts/local/bootstrap';
import { startEventStream, type EventStream } from '../../scripts/local/event-stream';
import { someEditor, storedDocument, useNotifyFakes } from '../support/notify-fixture';

const notify = useNotifyFakes();
const editor = someEditor();
let stream: EventStream;
/** Projects whose events the test's handler refuses to deliver (a handler that keeps failing). */
const failing = new Set<string>();

beforeAll(async () => {
  // The suite's tables are made without their stream (see ensureTable); this one reads it.
  await enableStream(process.env.DYNAMODB_ENDPOINT!, process.env.TABLE_NAME!);
  const deliver = deliveryHandler({ admitForTests: notify.fakes.addresses });
  stream = await startEventStream({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    tableName: process.env.TABLE_NAME!,
    handler: async () => async (event) => {
      const broken = event.Records.find((r) => failing.has(String(r.dynamodb?.NewImage?.projectId?.S)));
      if (broken) return { batchItemFailures: [{ itemIdentifier: broken.dynamodb!.SequenceNumber! }] };
      return deliver(event as Parameters<typeof deliver>[0]);
    },
    log: () => {},
    backoffMs: [10, 20, 40],
  });
});
afterAll(() => stream.stop());

async function until<T>(probe: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

async function projectWithDingTalk() {
  const project = await notify.projectWithDingTalk(editor, ['document.updated'], 'Stream');
  const node = await storedDocument(project, editor, 'Notes', readContent('doc', { markdown: 'one' }));
  return { project, node };
}

const messagesOf = notify.receivedFor;

describe('the local event stream', () => {
  it('delivers a save to the DingTalk fake through the stream, signed; three more saves within the window send nothing more', async () => {
    const { project, node } = await projectWithDingTalk();
    let saved = await saveDocument({ node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'two' }), editor });
    const [message] = await until(() => (messagesOf(project.name).length ? messagesOf(project.name) : undefined), 'the message');
    expect(message).toMatchObject({ provider: 'dingtalk', verified: true });
    expect(JSON.stringify(message!.body)).toContain('Mei updated **Notes**');
    for (const markdown of ['three', 'four', 'five']) {
      saved = await saveDocument({
        node: saved.node,
        expectedRev: saved.node.rev,
        comment: '',
        content: readContent('doc', { markdown }),
        editor,
      });
    }
    // A later event of another project is delivered: everything before it in the stream has been handled.
    const other = await projectWithDingTalk();
    await saveDocument({ node: other.node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'x' }), editor });
    await until(() => (messagesOf(other.project.name).length ? true : undefined), 'the later message');
    expect(messagesOf(project.name)).toHaveLength(1);
  });

  it('sets a record aside as a dead letter after the retries, and goes on with the next', async () => {
    const broken = await projectWithDingTalk();
    failing.add(broken.project.id);
    await saveDocument({ node: broken.node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'lost?' }), editor });
    const healthy = await projectWithDingTalk();
    await saveDocument({ node: healthy.node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'fine' }), editor });
    await until(() => (messagesOf(healthy.project.name).length ? true : undefined), 'the next message');
    const dead = stream.deadLetters.filter(
      (r) => r.dynamodb?.NewImage?.projectId?.S === broken.project.id && r.dynamodb.NewImage.entity?.S === 'event',
    );
    expect(dead.length).toBeGreaterThanOrEqual(1);
    expect(STREAM_CONSUMERS['deliver-events'].retryAttempts).toBe(3);
    expect(messagesOf(broken.project.name)).toHaveLength(0);
  });

  it('hands the handler every write as Lambda receives it: a project with an empty map of group roles is no failure', async () => {
    const { project, node } = await projectWithDingTalk();
    await saveDocument({ node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: 'maps' }), editor });
    await until(() => (messagesOf(project.name).length ? true : undefined), 'the message');
    // Only the records the test's handler refuses on purpose are set aside.
    const setAside = stream.deadLetters.filter((r) => !failing.has(String(r.dynamodb?.NewImage?.projectId?.S)));
    expect(setAside).toEqual([]);
  });

  it('stops without waiting out the back-off of a batch that keeps failing (the bench hung in it at its end)', async () => {
    let calls = 0;
    const stuck = await startEventStream({
      endpoint: process.env.DYNAMODB_ENDPOINT!,
      tableName: process.env.TABLE_NAME!,
      handler: async () => async () => {
        calls++;
        throw new Error('down');
      },
      log: () => {},
      // Ten minutes a retry: far beyond the test's time-out, which is what bounds this stop.
      backoffMs: [600_000],
    });
    // The table's stream holds the earlier tests' records: the first batch fails, and its back-off begins.
    await until(() => (calls > 0 ? true : undefined), 'a failed batch');
    const failedBatches = calls;
    await stuck.stop();
    // Nothing was tried again on the way out (a batch per shard may have failed once before).
    expect(calls).toBe(failedBatches);
  });
});
