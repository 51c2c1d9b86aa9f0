/**
 * Issue 38's figures: from a save to the message at the local fake provider (p95), from the commit of a real import
 * of 1,000 documents (its one import.finished event, written with the job's finish, behind the thousands of writes
 * the import put in the stream before it) to its one message, and how many messages 100 saves of one document by
 * one person make. Everything runs as under `npm start`: DynamoDB Local's stream read by the local stream reader and
 * handed to the delivery function's own handler, the fake DingTalk robot checking each signature. The channel takes
 * every kind of event, so an import that told of each document would show here. The 100 saves are made as fast as
 * they go (well inside a minute), which is the harder case; their window's follow-up is written as the every-minute
 * job would write it once the window has closed, and counted.
 */
import { randomUUID } from 'node:crypto';
import { readContent } from '@shared/schemas/document';
import { COALESCE_WINDOW_MS, type EventKind } from '@shared/schemas/events';
import { createLogger } from '../../functions/core/logger';
import { createChannel } from '../../functions/domain/channels';
import { createDocument, firstRevision, newDocumentId, saveDocument, type StoredNode } from '../../functions/domain/documents';
import { FOLLOW_UP_GRACE_MS, latestEvents, writeDueFollowUps } from '../../functions/domain/events';
import { createImportJob, newImportJobId, storeImportFile } from '../../functions/domain/import-jobs';
import { addMemberOp, memberItem } from '../../functions/domain/members';
import { createProject, newProjectRecord } from '../../functions/domain/projects';
import { deliveryHandler } from '../../functions/workers/deliver-events';
import { runImportJob } from '../../functions/workers/import/run';
import { startEventStream } from '../local/event-stream';
import { FAKE_SECRETS, startNotifyFakes } from '../local/notify-fakes';

const SAVES_SAMPLED = 20;
const IMPORTED_DOCUMENTS = 1_000;

/** An OpenAPI description of `count` operations, one path each. */
function openApiOf(count: number): string {
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    paths[`/items${i}/{id}`] = {
      get: {
        operationId: `getItem${i}`,
        summary: `Item ${i}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Bench', version: '1' }, paths });
}

export async function benchNotify() {
  const fakes = await startNotifyFakes();
  const deliver = deliveryHandler({ admitForTests: fakes.addresses });
  const stream = await startEventStream({
    endpoint: process.env.DYNAMODB_ENDPOINT!,
    tableName: process.env.TABLE_NAME!,
    handler: async () => deliver as never,
    log: () => {},
  });
  const count = (name: string) => fakes.received.filter((m) => JSON.stringify(m.body).includes(name)).length;
  const arrival = async (name: string, atLeast: number) => {
    const started = performance.now();
    while (count(name) < atLeast) {
      if (performance.now() - started > 60_000) throw new Error(`no message for ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return performance.now();
  };
  try {
    /** A project with a DingTalk channel told of `events` (every kind when empty), and one document unless told not. */
    const project = async (events: EventKind[] = ['document.updated'], withDocument = true) => {
      const owner = { id: randomUUID(), name: 'Bench' };
      const record = newProjectRecord({ name: `Notify ${randomUUID().slice(0, 8)}`, ownerId: owner.id });
      await createProject(record, [addMemberOp(memberItem(record.id, owner.id, 'creator', null))]);
      await createChannel(
        record.id,
        {
          name: 'Bench',
          kind: 'dingtalk',
          target: fakes.urls.dingtalk,
          secret: FAKE_SECRETS.dingtalk,
          events,
          folderIds: [],
          language: 'en',
          detail: 'details',
        },
        owner.id,
      );
      const node: StoredNode = {
        id: newDocumentId(record.id),
        projectId: record.id,
        parentId: record.id,
        rank: 'a0',
        name: 'Doc',
        type: 'doc',
        comment: '',
        method: null,
        path: null,
        status: null,
        ...firstRevision(owner),
      };
      if (withDocument) await createDocument(node, readContent('doc', { markdown: '0' }));
      return { record, node, owner };
    };

    // Save -> message: each save its own project (a first save: a new event), one at a time.
    const latencies: number[] = [];
    for (let i = 0; i < SAVES_SAMPLED; i++) {
      const { record, node, owner } = await project();
      await saveDocument({ node, expectedRev: 1, comment: '', content: readContent('doc', { markdown: '1' }), editor: owner });
      const saved = performance.now();
      latencies.push((await arrival(record.name, 1)) - saved);
    }
    latencies.sort((a, b) => a - b);
    const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1]!;

    // A real import of 1,000 documents: from its commit (the job's finish, written with its one event) to the message.
    // The channel takes every kind: an import that told of each document it wrote would send a thousand messages.
    const imported = await project([], false);
    const jobId = newImportJobId(imported.record.id);
    const spec = openApiOf(IMPORTED_DOCUMENTS);
    await storeImportFile(imported.record.id, jobId, spec);
    await createImportJob({
      id: jobId,
      projectId: imported.record.id,
      origin: 'body',
      source: 'swagger',
      size: Buffer.byteLength(spec),
      options: { mode: 'merge', deleteMissing: false, dryRun: false },
      editor: imported.owner,
      state: 'queued',
    });
    await runImportJob({ projectId: imported.record.id, jobId }, { log: createLogger({ bench: 'notify' }) });
    const [finished] = (await latestEvents(imported.record.id, 5)).filter((e) => e.kind === 'import.finished');
    if (!finished) throw new Error('the import wrote no import.finished event');
    const created = (finished.details as { created?: number }).created;
    if (created !== IMPORTED_DOCUMENTS) throw new Error(`the import created ${created} documents, not ${IMPORTED_DOCUMENTS}`);
    await arrival(imported.record.name, 1);
    // The fake stamps each message as it arrives; the event's instant is the finish's, stamped just before its commit.
    const importMessage = fakes.received.find((m) => JSON.stringify(m.body).includes(imported.record.name))!;
    const importMs = Date.parse(importMessage.at) - Date.parse(finished.at);

    // Windows other groups opened on this stack (the documents group saves one document 15 times) are closed first,
    // so that the follow-ups counted below are the storm's alone.
    const windowClosed = () => new Date(Date.now() + COALESCE_WINDOW_MS + FOLLOW_UP_GRACE_MS + 1_000);
    await writeDueFollowUps(windowClosed());
    // 100 saves of one document by one person, as fast as they go.
    const storm = await project();
    let node = storm.node;
    for (let i = 0; i < 100; i++) {
      node = (
        await saveDocument({
          node,
          expectedRev: node.rev,
          comment: '',
          content: readContent('doc', { markdown: `${i}` }),
          editor: storm.owner,
        })
      ).node;
    }
    // Everything written before a later event is handled once that event's message is in.
    const handled = async () => {
      const marker = await project();
      await saveDocument({
        node: marker.node,
        expectedRev: 1,
        comment: '',
        content: readContent('doc', { markdown: 'x' }),
        editor: marker.owner,
      });
      await arrival(marker.record.name, 1);
    };
    await handled();
    const duringTheWindow = count(storm.record.name);
    // The window closes: the follow-up job runs as it would then (its every-minute run, two minutes on).
    const followUps = await writeDueFollowUps(windowClosed());
    if (followUps !== 1) throw new Error(`the storm's window wrote ${followUps} follow-ups, not 1`);
    await handled();
    return {
      [`notify: save -> message at the fake DingTalk, p95 of ${SAVES_SAMPLED} (<= 5 s)`]: `${p95.toFixed(0)} ms (median ${latencies[Math.floor(latencies.length / 2)]!.toFixed(0)} ms)`,
      'notify: import of 1,000 documents: its commit -> its message (<= 2 s)': `${importMs.toFixed(0)} ms, ${count(imported.record.name)} message(s) in all`,
      'notify: 100 saves of one document by one person (<= 2 messages)': `${count(storm.record.name)} message(s) (${duringTheWindow} during its window, the rest after)`,
    };
  } finally {
    await stream.stop();
    await fakes.stop();
  }
}
